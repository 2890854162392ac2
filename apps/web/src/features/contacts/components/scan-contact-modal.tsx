import type { ScanContactResult } from '@foyer/contract';
import { Alert, Avatar, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { ScanEntry } from '../../../components/scan-entry';
import { scanMessages } from '../../../components/scan-messages';
import { useTranslation } from '../../../i18n/react';
import { useScanContact } from '../api/contacts';
import { scanErrorText } from '../lib/scan-error';
import { ContactNoteForm } from './contact-note-form';
import { ExchangeBadge } from './exchange-badge';
import '../i18n';

/** foundContact: who was scanned, what happened, and a note to remember them by. */
function Found({ result, onNext, onOpen }: { result: ScanContactResult; onNext(): void; onOpen(): void }) {
  const { t } = useTranslation();
  const { contact } = result;
  const hint =
    contact.exchange === 'sent'
      ? t('contacts.exchange.hintSent')
      : contact.exchange === 'accepted'
        ? t('contacts.exchange.hintAccepted')
        : contact.exchange === 'rejected'
          ? t('contacts.exchange.hintRejected')
          : result.matched
            ? null
            : t('contacts.scan.card');
  return (
    <Stack gap="sm" data-testid="contact-scan-found">
      <Alert color="green" role="status" py="xs">
        {result.created
          ? t('contacts.scan.created', { name: contact.fullName })
          : t('contacts.scan.updated', { name: contact.fullName })}
      </Alert>
      <Paper withBorder radius="md" p="sm">
        <Group wrap="nowrap" align="flex-start">
          <Avatar src={contact.profilePhotoPath} name={contact.fullName} alt="" size={48} color="foyer" />
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {contact.fullName}
            </Text>
            {(contact.jobTitle || contact.company) && (
              <Text size="sm" c="gray.7">
                {[contact.jobTitle, contact.company].filter(Boolean).join(' · ')}
              </Text>
            )}
            <ExchangeBadge state={contact.exchange} />
          </Stack>
        </Group>
        {hint && (
          <Text size="sm" c="gray.7" mt="xs">
            {hint}
          </Text>
        )}
      </Paper>
      <ContactNoteForm contactId={contact.id} inputTestId="contact-scan-note" saveVariant="default" />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onOpen} data-testid="contact-scan-open">
          {t('contacts.scan.openContact')}
        </Button>
        <Button onClick={onNext} data-testid="contact-scan-next">
          {t('contacts.scan.next')}
        </Button>
      </Group>
    </Stack>
  );
}

interface Props {
  opened: boolean;
  onClose(): void;
  /** The event the contact is collected at. */
  eventId: number;
  onOpenContact(id: number): void;
}

/**
 * A2.94 addContactByQrModal, E1.11: scanning (camera or typed) → foundContact. A badge asks its
 * holder for an exchange (E4.62); a vCard or MECARD is matched among the event's participants by
 * e-mail or phone (E4.64), else kept as a card.
 */
export function ScanContactModal({ opened, onClose, eventId, onOpenContact }: Props) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 767px)');
  const scan = useScanContact();
  const { reset } = scan;
  const result = scan.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh scanner each time it opens
  useEffect(() => {
    if (opened) reset();
  }, [opened]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('contacts.scan.title')}
      size="md"
      fullScreen={!!narrow}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <div data-testid="contact-scan">
        {result ? (
          <Found
            key={result.contact.id}
            result={result}
            onNext={reset}
            onOpen={() => {
              onOpenContact(result.contact.id);
              onClose();
            }}
          />
        ) : (
          <ScanEntry
            onCode={(code) => scan.mutate({ eventId, code })}
            busy={scan.isPending}
            error={scanErrorText(t, scan.error)}
            messages={scanMessages(t)}
            testId="contact-scan"
          />
        )}
      </div>
    </Modal>
  );
}
