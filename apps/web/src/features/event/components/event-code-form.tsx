import { eventCodeParams } from '@foyer/contract';
import { Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messageText } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { resolveEventCode } from '../api/discover';

/** "Enter an event code": a domain label (`demo`) or an event number, resolved to a public event. */
export function EventCodeForm({ onOpen }: { onOpen: (eventId: number) => Promise<void> }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = eventCodeParams.safeParse({ code });
    if (!parsed.success) {
      setError(messageText(t, parsed.error.issues[0]?.message ?? 'validation.error.eventCode'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { id } = await resolveEventCode(parsed.data.code);
      await onOpen(id);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) setError(t('events.discover.codeNotFound'));
      else if (failure instanceof ApiError && failure.fields?.code)
        setError(messageText(t, failure.fields.code));
      else setError(failure instanceof ApiError ? failure.message : t('common.unknownError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} data-testid="event-code-form">
      <Stack gap="sm" align="flex-start">
        <TextInput
          w="100%"
          maw={420}
          label={t('events.discover.code')}
          description={t('events.discover.codeHint')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={63}
          data-testid="event-code-input"
        />
        <Button type="submit" variant="default" loading={busy} data-testid="event-code-submit">
          {t('events.discover.codeSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
