import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrashReport, reportCrash } from './error-reporter';

/** A2.63: a note to the operators, sent with the crash report. */
export function CrashFeedback({ report, onClose }: { report: CrashReport; onClose(): void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [sent, setSent] = useState(false);

  const send = async () => {
    await reportCrash({ ...report, feedback: note.trim() });
    setSent(true);
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={onClose}
      title={t('system.crash.feedbackTitle')}
      centered
    >
      {sent ? (
        <Text role="status">{t('system.crash.feedbackThanks')}</Text>
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
            <Button onClick={send} disabled={!note.trim()}>
              {t('system.crash.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
