import { Center, Input, Loader } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from '../i18n/react';

// The editor (Tiptap and ProseMirror) loads only when a form shows the field: never on a first route.
const RichTextInput = lazy(() => import('./rich-text-editor'));

export interface RichTextFieldProps {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** HTML, or plain text from before the editor (shown as paragraphs). */
  value: string;
  /** The HTML, or '' when no text is left. */
  onChange(value: string): void;
  'data-testid'?: string;
}

/**
 * E2.71: the rich-text form field. A labelled text box with a formatting toolbar; the label and any
 * description or error are tied to the editable area, and a keyboard hint is read with it.
 */
export function RichTextField({
  label,
  description,
  error,
  required,
  value,
  onChange,
  'data-testid': testId,
}: RichTextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null, hintId]
    .filter(Boolean)
    .join(' ');
  const focus = () => document.getElementById(id)?.focus();
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId, onClick: focus }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      required={required}
    >
      <Suspense
        fallback={
          <Center mih={160}>
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        }
      >
        <RichTextInput
          value={value}
          onChange={onChange}
          id={id}
          labelId={labelId}
          describedBy={describedBy}
          hintId={hintId}
          invalid={Boolean(error)}
          {...(required ? { required } : {})}
          {...(testId ? { 'data-testid': testId } : {})}
        />
      </Suspense>
    </Input.Wrapper>
  );
}
