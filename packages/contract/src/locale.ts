import { z } from 'zod';
import { LOCALES } from './constants';

/** A9.31: one of the interface languages (kept apart from constants.ts, which must not import zod). */
export const localeSchema = z.enum(LOCALES);

/**
 * Texts per interface language, any of them left out. A language the app does not have is answered
 * as `validation.error.language` at its own path (`words.de`), not as an unknown field: the
 * languages are data the organizer chose, not the request's shape.
 */
export function perLanguage<V extends z.ZodType>(texts: V) {
  return z.partialRecord(localeSchema, texts, {
    // zod 4 reports a key outside the enum as `unrecognized_keys`, a code its types leave out here.
    error: (issue) =>
      (issue.code as string) === 'unrecognized_keys' ? 'validation.error.language' : undefined,
  });
}
