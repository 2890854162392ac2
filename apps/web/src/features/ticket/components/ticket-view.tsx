import type { MyTicket } from '@foyer/contract';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { downloadTicketPdf } from '../api/ticket-api';
import { TicketQr } from './ticket-qr';

/** E2.61: the QR large on white, who it is for, the event and the ticket id as text; or E8.20. */
export function TicketView({ ticket }: { ticket: MyTicket }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const fullName = `${ticket.name} ${ticket.surname}`.trim();
  const dates = `${formatDateTime(ticket.sdt, ticket.timezone)} – ${formatDateTime(ticket.edt, ticket.timezone)}`;

  const save = async (ticketId: string) => {
    setSaving(true);
    try {
      await downloadTicketPdf(ticket.eventId, ticketId);
    } catch {
      toast('error', t('ticket.pdf.error'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack align="center" gap="sm" ta="center" data-testid="my-ticket-view">
      <Text fw={600} size="lg" data-testid="my-ticket-event">
        {ticket.eventName}
      </Text>
      <Text size="sm">{dates}</Text>
      {ticket.ticketId && ticket.code ? (
        <>
          <TicketQr code={ticket.code} ticketId={ticket.ticketId} />
          <Title order={3} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="my-ticket-name">
            {fullName}
          </Title>
          {ticket.company && <Text>{ticket.company}</Text>}
          {ticket.ticketType && <Text data-testid="my-ticket-type">{ticket.ticketType}</Text>}
          <Text size="sm">{t('ticket.id')}</Text>
          <Text
            ff="monospace"
            fw={700}
            fz={28}
            style={{ letterSpacing: '0.12em', overflowWrap: 'anywhere' }}
            data-testid="my-ticket-id"
          >
            {ticket.ticketId}
          </Text>
          <Text size="sm" maw={420}>
            {t('ticket.hint')}
          </Text>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={saving}
            onClick={() => ticket.ticketId && save(ticket.ticketId)}
            data-testid="my-ticket-pdf"
          >
            {t('ticket.pdf.download')}
          </Button>
        </>
      ) : (
        <>
          <Title order={3} size="h2" data-testid="my-ticket-name">
            {fullName}
          </Title>
          <Alert
            color="blue"
            icon={<IconInfoCircle aria-hidden />}
            title={t('ticket.none.title')}
            role="status"
            ta="start"
            data-testid="my-ticket-none"
          >
            {t('ticket.none.text')}
          </Alert>
        </>
      )}
    </Stack>
  );
}
