/**
 * English text for the message keys that zod schemas in the contract carry, so API clients that are
 * not our web app still get a readable sentence. The web app translates the keys itself.
 */
const EN: Record<string, string> = {
  'validation.error.required': 'This field is required',
  'validation.error.email': 'Please enter a valid e-mail address',
  'validation.error.password.min': 'Password must be at least 8 characters',
  'validation.error.password.max': 'Password is too long',
  'validation.error.maxLength': 'Too long',
  'validation.error.number': 'Please enter a valid number',
  'validation.error.timezone': 'Unknown time zone',
  'validation.error.code': 'The code is 6 digits',
  'validation.error.consent': 'Please accept the terms',
  'validation.error.ticket': 'A ticket id has at least 4 characters',
  'validation.error.channel': 'This channel is not available for this notification type',
  'validation.error.option': 'Please choose one of the offered options',
  'validation.error.unknownField': 'This field is not part of the form',
  'validation.error.domain': 'Not a valid domain label',
  'validation.error.type': 'Wrong type',
  'registration.error.ticket': 'No ticket with this id',
  'account.photo.large': 'File is larger than 2 Mb.',
  'account.photo.type': 'Only jpeg or png images are accepted',
  'account.photo.dimensions': 'The photo may be at most 700x700 pixels',
};

export function englishMessage(keyOrText: string): string {
  return EN[keyOrText] ?? keyOrText;
}
