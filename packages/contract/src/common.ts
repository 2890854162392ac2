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

export const requiredText = (max = 200) =>
  z
    .string({ error: 'validation.error.required' })
    .trim()
    .min(1, 'validation.error.required')
    .max(max, 'validation.error.maxLength');

export const optionalText = (max = 200) =>
  z.string().trim().max(max, 'validation.error.maxLength').optional();

export const idSchema = z.coerce
  .number({ error: 'validation.error.number' })
  .int('validation.error.number')
  .positive('validation.error.number')
  .max(2_147_483_647, 'validation.error.number');

/** IANA time zone name, checked against the runtime's list. */
export const timezoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'validation.error.timezone');
