import { z } from 'zod';
/**
 * Error codes on the wire. Codes named by the spec keep their values; new ones follow the same
 * `MST-` pattern. Identity errors keep the names the client maps to `login.auth.error.{code}` (A8.02).
 */
export const ErrorCode = {
  // identity (A8)
  NotAuthorized: 'NotAuthorizedException',
  UserNotFound: 'UserNotFoundException',
  LimitedPasswordAttempts: 'LimitedPasswordAttempts',
  UsernameExists: 'UsernameExistsException',
  CodeMismatch: 'CodeMismatchException',
  ExpiredCode: 'ExpiredCodeException',
  /** The password is right but the address is not confirmed yet (sign-up code). */
  UserNotConfirmed: 'UserNotConfirmedException',
  InvalidProvider: 'MST-UI0001',
  // registration (A8.06): the form itself is invalid for the event
  RegistrationFormInvalid: 'MST-00082',
  RegistrationClosed: 'MST-00021',
  /** The e-mail belongs to an account: log in as it, then register. */
  LoginToRegister: 'MST-00140',
  // generic
  Validation: 'MST-00400',
  Unauthenticated: 'MST-00401',
  Forbidden: 'MST-00403',
  NotFound: 'MST-00404',
  Conflict: 'MST-00409',
  PayloadTooLarge: 'MST-00413',
  UriTooLong: 'MST-00414',
  RateLimited: 'MST-00429',
  Internal: 'MST-00500',
  /** The database did not answer (a restart, a failover): nothing changed, try again shortly. */
  Unavailable: 'MST-00503',
  // check-in (E8)
  AlreadyCheckedIn: 'MST-00113',
  FullyOccupied: 'MST-00114',
  WrongTicketType: 'MST-00116',
  AlreadyCheckedOut: 'MST-00120',
  BadgeTemplateNotFound: 'MST-00061',
  // account
  EmailAlreadyConnected: 'MST-00130',
  EmailNotConnected: 'MST-00131',
  PrimaryEmailRemoval: 'MST-00132',
  InvalidToken: 'MST-00133',
  /**
   * The account is the only owner of events (A4.34): its deletion would leave them with nobody to
   * manage them. `fields` names each one: `events.{eventId}` → the event's name.
   */
  SoleEventOwner: 'MST-00134',
  // chat (E7.58)
  /**
   * A chat message sent with the client key of an earlier message of the sender's in the room, but
   * with another text: a key names one message, so the send is refused rather than answered with a
   * message that is not the one sent.
   */
  ChatClientKeyReused: 'MST-00135',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const apiErrorSchema = z.object({
  code: z.string(),
  msg: z.string(),
  /** Field-level problems for validation errors: dotted path → message key or text. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export type ApiSuccess<T> = { success: true; data: T };
export type ApiFailure = { success: false; error: ApiError };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;
