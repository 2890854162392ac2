import type { FieldError } from 'react-hook-form';
import { messageText } from '../i18n/keys';
import { useTranslation } from '../i18n/react';

/**
 * Contract schemas carry message keys (validation.error.*); this turns one into text that names
 * the field, e.g. "E-mail is required" (A5.01).
 */
export function useFieldError(): (error: FieldError | undefined, label: string) => string | undefined {
  const { t } = useTranslation();
  return (error, label) => (error?.message ? messageText(t, error.message, { name: label }) : undefined);
}
