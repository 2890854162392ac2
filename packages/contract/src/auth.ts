import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  newPasswordSchema,
  optionalText,
  passwordSchema,
  requiredText,
} from './common';

/** POST /api/v1/auth/login (A5.01–A5.05). */
export const loginRequest = z.strictObject({
  username: emailSchema,
  password: passwordSchema,
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** POST /api/v1/auth/forgot-password (A5.17, A5.18, A7.30). */
export const forgotPasswordRequest = z.strictObject({ username: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const verificationCodeSchema = z
  .string({ error: 'validation.error.required' })
  .trim()
  .min(1, 'validation.error.required')
  .regex(/^\d{6}$/, 'validation.error.code'); // A5.31: digits only

/** POST /api/v1/auth/confirm-password (A3.21, A5.19, A5.20, A7.31). */
export const confirmPasswordRequest = z.strictObject({
  username: emailSchema,
  code: verificationCodeSchema,
  password: newPasswordSchema,
});
export type ConfirmPasswordRequest = z.infer<typeof confirmPasswordRequest>;

/** POST /api/v1/auth/change-password (A5.21, A5.22). */
export const changePasswordRequest = z.strictObject({
  oldPassword: z.string({ error: 'validation.error.required' }).min(1, 'validation.error.required').max(256),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** POST /api/v1/auth/token-login (A2.46, A7.36). */
export const tokenLoginRequest = z.strictObject({
  token: z.string().trim().min(1, 'validation.error.required').max(512),
  'fb-token': z.string().max(4096).optional(),
});
export type TokenLoginRequest = z.infer<typeof tokenLoginRequest>;

/** POST /api/v1/user/signup (A5.06, A5.16, A7.08). */
export const signupRequest = z.strictObject({
  provider: z.string().max(64),
  name: requiredText(100),
  surname: requiredText(100),
  email: emailSchema,
  password: newPasswordSchema,
  consent: z.literal(true, { error: 'validation.error.consent' }),
  eventId: idSchema.optional(),
  accessToken: z.string().max(4096).optional(),
  domain: z.string().max(253).optional(),
});
export type SignupRequest = z.infer<typeof signupRequest>;

/**
 * Answer of signup: the account exists but cannot log in until the address is confirmed with the
 * mailed code (POST auth/confirm-signup).
 */
export const signupResultSchema = z.object({
  username: z.string(),
  confirmationRequired: z.literal(true),
});
export type SignupResult = z.infer<typeof signupResultSchema>;

/** POST /api/v1/auth/confirm-signup: the code mailed at signup or registration; answers a login. */
export const confirmSignupRequest = z.strictObject({
  username: emailSchema,
  code: verificationCodeSchema,
});
export type ConfirmSignupRequest = z.infer<typeof confirmSignupRequest>;

/** POST /api/v1/auth/resend-code: mails a new sign-up code (same answer whatever the address). */
export const resendCodeRequest = z.strictObject({ username: emailSchema });
export type ResendCodeRequest = z.infer<typeof resendCodeRequest>;

export const registrationTypes = ['standard', 'ticket', 'simplereg', 'prereg'] as const;

/**
 * POST /api/v1/event/register (A3.14–A3.20, A5.06–A5.15). One schema for the three forms: the
 * `regType` picks which fields are required; extra dynamic fields travel in `fields`.
 */
export const registerRequest = z
  .strictObject({
    eventId: idSchema,
    regType: z.enum(registrationTypes).optional(),
    name: requiredText(100),
    surname: requiredText(100),
    email: emailSchema.optional(),
    username: emailSchema.optional(),
    ticketId: z
      .string()
      .trim()
      .min(4, 'validation.error.ticket')
      .max(64, 'validation.error.maxLength')
      .optional(),
    password: newPasswordSchema.optional(),
    consent: z.boolean().optional(),
    phone: optionalText(40),
    company: optionalText(200),
    jobTitle: optionalText(200),
    city: optionalText(200),
    // Each problem by its message key (a union's own error would say "Invalid input" in English).
    fields: z
      .record(
        z.string().max(64),
        z
          .union(
            [
              z.string().max(2000, 'validation.error.maxLength'),
              z.array(z.string().max(200, 'validation.error.maxLength')),
            ],
            { error: 'validation.error.type' },
          )
          .refine((value) => !Array.isArray(value) || value.length <= 50, 'validation.error.maxItems'),
        { error: (issue) => (issue.code === 'invalid_key' ? 'validation.error.unknownField' : undefined) },
      )
      .optional(),
    /** The token of a personal invitation link (organizer-people.ts): proves the address, opens a closed registration. */
    invite: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{20,100}$/, 'organizer.people.error.invitation')
      .optional(),
  })
  .superRefine(
    (v, ctx) => {
      const type = v.regType ?? (v.ticketId ? 'ticket' : 'standard');
      const need = (key: keyof typeof v, message = 'validation.error.required') => {
        const value = v[key];
        if (value === undefined || value === '' || value === false)
          ctx.addIssue({ code: 'custom', path: [key], message });
      };
      if (type === 'simplereg') {
        for (const key of ['email', 'phone', 'company'] as const) need(key);
        if (!v.jobTitle && !v.city) need('jobTitle');
        return;
      }
      if (type === 'prereg') {
        need('email');
        return;
      }
      if (type === 'ticket') {
        if (!v.ticketId && !v.username && !v.email) need('ticketId');
      } else {
        need('email');
      }
      need('password');
      need('consent', 'validation.error.consent');
    },
    // A5.14: also when other fields failed, so one answer names every missing field.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type RegisterRequest = z.infer<typeof registerRequest>;

export const registerResultSchema = z.object({
  ticketId: z.string().nullable(),
  ticketType: z.string().nullable(),
  hasUserId: z.boolean(),
  /** A new account was made with a password: confirm the mailed code before it can log in. */
  confirmationRequired: z.boolean(),
});
export type RegisterResult = z.infer<typeof registerResultSchema>;

export const sessionUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  username: z.string(),
  timezone: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Answer of login, signup, token login and refresh; the refresh token travels in an httpOnly cookie. */
export const loginResultSchema = z.object({
  accessToken: z.string(),
  user: sessionUserSchema,
  /** Present only while a super user acts as `user` (A6.04): the super user's own id. */
  actorId: z.number().optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** For routes that take no input: any field is an error. */
export const emptyRequest = z.strictObject({});

/** GET /api/v1/user/token/refresh (A7.07): `asUserId` lets a super user act as another user. */
export const refreshQuery = z.strictObject({ asUserId: idSchema.optional() });
export type RefreshQuery = z.infer<typeof refreshQuery>;

/** POST /api/v1/auth/token: a one-time login token for /token-login (A2.46). */
export const loginTokenResultSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  /** `${PUBLIC_URL}/token-login?token=…` */
  url: z.string(),
});
export type LoginTokenResult = z.infer<typeof loginTokenResultSchema>;
