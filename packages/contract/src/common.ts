import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';

/**
 * Field schemas shared by forms and routes. Messages are i18n keys (A5); the web translates them,
 * the server sends the English text for them.
 */
export const emailSchema = z
  .string({ error: 'validation.error.required' })
  .trim()
  .toLowerCase()
  .min(1, 'validation.error.required')
  .max(254, 'validation.error.email')
  .pipe(z.email({ error: 'validation.error.email' }));

export const passwordSchema = z
  .string({ error: 'validation.error.required' })
  .min(1, 'validation.error.required')
  .min(PASSWORD_MIN_LENGTH, 'validation.error.password.min')
  .max(256, 'validation.error.password.max');

/**
 * A5.23 (also A9.02): a new password has an uppercase letter and a digit, on top of the minimum
 * length (A5.05, 8, which covers the catalogue's "at least 6"). Letters of any script count.
 */
export function meetsPasswordRule(password: string): boolean {
  return /\p{Lu}/u.test(password) && /\p{Nd}/u.test(password);
}

/** Every password that is being set (signup, registration, reset, change); login keeps `passwordSchema`. */
export const newPasswordSchema = passwordSchema.refine(meetsPasswordRule, 'validation.error.password.rule');

export const requiredText = (max = 200) =>
  z
    .string({ error: 'validation.error.required' })
    .trim()
    .min(1, 'validation.error.required')
    .max(max, 'validation.error.maxLength');

export const optionalText = (max = 200) =>
  z.string().trim().max(max, 'validation.error.maxLength').optional();

/** Digits-only text (a query or path value) → its number; anything else reaches the number check as is. */
const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*\d{1,16}\s*$/.test(value) ? Number(value) : value;

/**
 * A whole number from JSON or from digits in a query. Unlike z.coerce, `true`, `[5]`, `1e3`,
 * `0x10` and `1.5` are refused, not turned into numbers.
 */
export const intSchema = (min: number, max: number) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: 'validation.error.number' })
      .int('validation.error.number')
      .min(min, 'validation.error.number')
      .max(max, 'validation.error.number'),
  );

/** A row id: a positive PostgreSQL integer. */
export const idSchema = intSchema(1, 2_147_483_647);

/** True when the runtime knows `tz` as an IANA time zone. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** IANA time zone name, checked against the runtime's list. */
export const timezoneSchema = z.string().trim().max(64).refine(isTimeZone, 'validation.error.timezone');

/** The instants the database and every client can hold: years 1900 to 9999 (not year 0, not 275760). */
const EARLIEST_INSTANT = Date.UTC(1900, 0, 1);
const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** An ISO 8601 date-time with an offset, of a real calendar day within years 1900–9999. */
export const isoDateTimeSchema = z.iso
  .datetime({ offset: true, error: 'validation.error.date' })
  .refine((value) => {
    const ms = Date.parse(value);
    return Number.isFinite(ms) && ms >= EARLIEST_INSTANT && ms <= LATEST_INSTANT;
  }, 'validation.error.date');
