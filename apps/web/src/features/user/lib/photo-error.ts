import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';

/** A8.20: the returned message, in the user's language when the server named its message key. */
export function photoErrorText(error: Error, t: TFunction): string {
  const key = error instanceof ApiError ? error.fields?.image : undefined;
  if (key) return t(key, { defaultValue: error.message });
  return error.message || t('common.unknownError');
}
