import { Loader, TextInput } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { HandheldBuffer } from '../lib/handheld';
import '../i18n';

/**
 * E9.32: the field a handheld scanner types into. What it typed is sent 1000 ms after the typing
 * stops, or at once on Enter, and the field is emptied for the next badge.
 */
export function HandheldInput({
  onCode,
  pending,
  inputRef,
}: {
  onCode(code: string): void;
  pending: boolean;
  inputRef: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const latest = useRef(onCode);
  latest.current = onCode;
  const [buffer] = useState(
    () =>
      new HandheldBuffer((code) => {
        setValue('');
        latest.current(code);
      }),
  );
  useEffect(() => () => buffer.cancel(), [buffer]);

  return (
    <TextInput
      ref={inputRef}
      label={t('checkIn.code.label')}
      description={t('checkIn.code.hint')}
      leftSection={<IconScan size={18} aria-hidden />}
      value={value}
      onChange={(e) => {
        setValue(e.currentTarget.value);
        buffer.input(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          buffer.enter(e.currentTarget.value);
        }
      }}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      enterKeyHint="go"
      rightSection={pending ? <Loader size="xs" aria-label={t('common.loading')} /> : null}
      data-testid="check-in-code"
    />
  );
}
