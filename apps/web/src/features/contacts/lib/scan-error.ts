import { messageText } from '../../../i18n/keys';
import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';

/** A scan's failure in words: the field's message key when the server named one, 404 as E5.53's. */
export function scanErrorText(t: TFunction, error: Error | null): string | undefined {
  if (!error) return undefined;
  if (error instanceof ApiError) {
    if (error.status === 404) return t('contacts.lookup.notFound');
    const key = error.fields?.code;
    if (key) return messageText(t, key, { name: t('contacts.scan.codeLabel') });
  }
  return error.message;
}
