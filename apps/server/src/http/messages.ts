/**
 * English text for the message keys that zod schemas in the contract carry, so API clients that are
 * not our web app still get a readable sentence. The web app translates the keys itself.
 */
const EN: Record<string, string> = {
  'validation.error.required': 'This field is required',
  'validation.error.phone': 'Please enter a valid phone number',
  'expo.form.error.link': 'Must be a web address (https://…)',
  'contacts.error.code': 'The code may not contain #, $, [, ], quotes or ?',
  'validation.error.email': 'Please enter a valid e-mail address',
  'validation.error.password.min': 'Password must be at least 8 characters',
  'validation.error.password.max': 'Password is too long',
  'validation.error.password.rule': 'Password must contain an uppercase letter and a digit',
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
  'validation.error.color': 'Please enter a colour as #rrggbb',
  'validation.error.language': 'Unknown language',
  'validation.error.fieldName': 'A field name starts with a letter and has only letters, digits and _',
  'validation.error.endBeforeStart': 'The end must be after the start',
  'validation.error.image': 'Only PNG, JPEG or WebP images are accepted',
  'validation.error.fileTooLarge': 'The file is too large',
  'validation.error.eventCode': 'Not a valid event code',
  'validation.error.type': 'Wrong type',
  'validation.error.date': 'Please enter a valid date',
  'validation.error.maxItems': 'Too many items',
  'registration.error.ticket': 'No ticket with this id',
  'validation.error.cursor': 'Invalid page cursor',
  'validation.error.nul': 'Text may not contain the NUL character (\\u0000)',
  'validation.error.dateTime': 'Please enter a valid date and time (yyyy-LL-dd HH:mm, UTC)',
  'validation.error.time': 'Please enter a valid time (HH:mm)',
  'validation.error.toType': 'Unknown target type',
  'validation.error.offTime.step': 'Times must be in steps of 15 minutes',
  'validation.error.offTime.order': 'The start must be before the end',
  'validation.error.offTime.date': 'The date does not match the start time in this time zone',
  'validation.error.offTime.tooLong': 'A break can be at most 24 hours',
  'account.photo.large': 'File is larger than 2 Mb.',
  'account.photo.type': 'Only jpeg or png images are accepted',
  'account.photo.dimensions': 'The photo may be at most 700x700 pixels',
};

export function englishMessage(keyOrText: string): string {
  return EN[keyOrText] ?? keyOrText;
}
