import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { CrashReport, ReportOutcome } from './crash-report';
import { reportCrash } from './error-reporter';

/** A2.63: a note to the operators, sent with the crash report; thanks only when it was accepted. */
export function CrashFeedback({ report, onClose }: { report: CrashReport; onClose(): void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<ReportOutcome | null>(null);
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    setOutcome(await reportCrash({ ...report, feedback: note.trim() }));
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={onClose}
      title={t('system.crash.feedbackTitle')}
      centered
    >
      {outcome ? (
        <Text role="status">
          {t(outcome === 'sent' ? 'system.crash.feedbackThanks' : 'system.crash.feedbackNotSent')}
        </Text>
      ) : (
        <Stack gap="md">
          <Textarea
            label={t('system.crash.feedbackLabel')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            minRows={4}
            autosize
            maxLength={2000}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('system.crash.cancel')}
            </Button>
            <Button onClick={send} disabled={!note.trim()} loading={sending}>
              {t('system.crash.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
