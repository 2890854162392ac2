import { LEAD_NOTES_MAX, type Lead } from '@foyer/contract';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { ScanEntry } from '../../../components/scan-entry';
import { scanMessages } from '../../../components/scan-messages';
import { messageText } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useScanLead } from './api';
import './i18n';

function errorText(t: TFunction, error: Error | null): string | undefined {
  if (!error) return undefined;
  if (error instanceof ApiError) {
    if (error.status === 404) return t('contacts.lookup.notFound'); // E5.53
    const key = error.fields?.code;
    if (key) return messageText(t, key, { name: t('contacts.scan.codeLabel') });
    // A card's note on a lead whose notes are full (LEAD_NOTES_MAX).
    const note = error.fields?.note;
    if (note) return messageText(t, note, { name: t('contacts.leads.noteAdd'), max: LEAD_NOTES_MAX });
  }
  return error.message;
}

/** E1.11 for exhibitors: a badge or card scanned by anyone on the team becomes the booth's lead. */
export function ScanLeadModal({
  opened,
  onClose,
  eventId,
  onScanned,
}: {
  opened: boolean;
  onClose(): void;
  eventId: number;
  onScanned(lead: Lead): void;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 767px)');
  const scan = useScanLead(eventId);
  const { reset } = scan;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh scanner each time it opens
  useEffect(() => {
    if (opened) reset();
  }, [opened]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('contacts.leads.scan')}
      size="md"
      fullScreen={!!narrow}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <div data-testid="lead-scan">
        <ScanEntry
          onCode={(code) =>
            scan.mutate(
              { code },
              {
                onSuccess(lead) {
                  toast('success', t('contacts.leads.scanned', { name: lead.fullName }));
                  onScanned(lead);
                  onClose();
                },
              },
            )
          }
          busy={scan.isPending}
          error={errorText(t, scan.error)}
          messages={scanMessages(t)}
          testId="lead-scan"
        />
      </div>
    </Modal>
  );
}
