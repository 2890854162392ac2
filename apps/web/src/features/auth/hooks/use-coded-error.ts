import { isTranslationKey } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';

/**
 * A8.09: a failure keeps its code and shows the catalogue text under `{prefix}.{code}` when there
 * is one, else the server's message.
 */
export function useCodedError(prefix: string): (error: unknown) => string | null {
  const { t } = useTranslation();
  return (error) => {
    if (!error) return null;
    if (!(error instanceof ApiError)) return t('common.unknownError');
    const key = `${prefix}.${error.code}`;
    return isTranslationKey(key) ? t(key) : error.message;
  };
}
