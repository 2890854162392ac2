import { type Badge, badgeCode, ticketIdFromCode } from '@foyer/contract';
import {
  Alert,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconFileTypePdf, IconId, IconPrinter } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useParticipantTypeText } from '../../../components/participant-type';
import { useTranslation } from '../../../i18n/react';
import { upperTypeText } from '../../../i18n/type-label';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useBadge, useMarkPrinted } from '../api/checkin';
import { fetchBadgePdf } from '../api/print';
import { notify } from '../lib/outcome';
import classes from './badges.module.css';
import '../i18n';

/**
 * A2.20, E7.04: a printable badge (shown without navigation). `?ticketId=` picks the person (staff);
 * without it, my own badge. Printing is recorded so a second print warns first (E8.16); the PDF
 * button opens the badge as the event's template draws it (badge printing, issue 14 part 3).
 */
export function BadgesPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const ticketId = params.get('ticketId');
  const badge = useBadge(eventId, ticketId);
  const [code, setCode] = useState(ticketId ?? '');

  const show = () => {
    const id = ticketIdFromCode(code);
    if (!id) return notify('error', t('checkIn.container.scan.data.error'));
    setParams({ ticketId: id }, { replace: true });
  };

  return (
    <main style={{ padding: 'var(--mantine-spacing-lg)' }} data-testid="badges-page">
      <Stack gap="lg" maw={560} mx="auto">
        <Group justify="space-between" className={classes.noPrint}>
          <Title order={1}>{t('checkIn.badge.title')}</Title>
          <Button
            component={Link}
            to={`/event/${eventId}/`}
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {t('checkIn.badge.back')}
          </Button>
        </Group>
        <Group align="flex-end" className={classes.noPrint}>
          <TextInput
            style={{ flex: 1, minWidth: 220 }}
            label={t('checkIn.badge.code.label')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                show();
              }
            }}
            autoComplete="off"
            data-testid="badge-code"
          />
          <Button variant="default" onClick={show}>
            {t('checkIn.badge.code.find')}
          </Button>
        </Group>
        {badge.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : badge.isError ? (
          <EmptyState
            py="xl"
            icon={<IconId size={32} aria-hidden />}
            title={t('checkIn.badge.empty.title')}
            description={
              badge.error instanceof ApiError && badge.error.status === 404
                ? t('checkIn.error.ticketNotFound')
                : badge.error.message
            }
            data-testid="badge-empty"
          />
        ) : (
          <PrintableBadge eventId={eventId} badge={badge.data} />
        )}
      </Stack>
    </main>
  );
}

function PrintableBadge({ eventId, badge }: { eventId: number; badge: Badge }) {
  const { t } = useTranslation();
  const typeText = useParticipantTypeText();
  const { person } = badge;
  const qr = useQr(person.ticketId);
  const markPrinted = useMarkPrinted(eventId);
  const [pdf, setPdf] = useState(false);

  // The badge as the event's template draws it (the same PDF a PDF printer desk prints).
  const openPdf = async () => {
    setPdf(true);
    try {
      const url = await fetchBadgePdf(eventId, person.participantId, null);
      if (!window.open(url, '_blank')) window.location.assign(url);
    } catch (error) {
      notify('error', error instanceof Error ? error.message : String(error));
    } finally {
      setPdf(false);
    }
  };

  const print = () => {
    markPrinted.mutate(
      { participantId: person.participantId, force: badge.printedAt !== null },
      {
        onSuccess: (res) => {
          if (!res.printed) return notify('warning', t('checkIn.container.badgeAlreadyPrinted.error'));
          notify('success', t('checkIn.badge.sent'));
          window.print();
        },
        // Someone printing their own badge is not staff: nothing is recorded, it still prints.
        onError: () => window.print(),
      },
    );
  };

  return (
    <Stack gap="md">
      {badge.printedAt && (
        <Alert color="yellow" className={classes.noPrint} data-testid="badge-printed">
          {t('checkIn.badge.alreadyPrinted', { date: formatDateTime(badge.printedAt) })}
        </Alert>
      )}
      <section className={classes.badge} aria-label={t('checkIn.badge.title')} data-testid="badge">
        <Text size="sm" fw={600} tt="uppercase">
          {badge.eventName}
        </Text>
        <Stack gap={4} align="center">
          <Text fz={28} fw={800} lh={1.1}>
            {person.firstName}
          </Text>
          <Text fz={22} fw={600} lh={1.1}>
            {person.lastName}
          </Text>
          {person.jobTitle && <Text size="md">{person.jobTitle}</Text>}
          {person.company && (
            <Text size="md" fw={600}>
              {person.company}
            </Text>
          )}
        </Stack>
        {qr && person.ticketId ? (
          <img className={classes.qr} src={qr} alt={t('checkIn.badge.qr', { ticketId: person.ticketId })} />
        ) : (
          <Text size="sm">{t('checkIn.error.noTicketId')}</Text>
        )}
        <Stack gap={2} align="center">
          {person.participantType && (
            <Text fw={700} data-testid="badge-type">
              {upperTypeText(typeText(person.participantType))}
            </Text>
          )}
          {person.ticketId && (
            <Text size="xs" ff="monospace">
              {person.ticketId}
            </Text>
          )}
        </Stack>
      </section>
      <Group className={classes.noPrint} grow>
        <Button
          leftSection={<IconPrinter size={18} aria-hidden />}
          onClick={print}
          loading={markPrinted.isPending}
          data-testid="badge-print"
        >
          {badge.printedAt ? t('checkIn.badge.printAgain') : t('checkIn.badge.print')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
          onClick={openPdf}
          loading={pdf}
          data-testid="badge-pdf"
        >
          {t('checkIn.print.pdf')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The badge's QR code: a link with a tickets/{ticketId} segment, which scanners parse (E5.52). */
function useQr(ticketId: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!ticketId) return setUrl(null);
    let active = true;
    QRCode.toDataURL(badgeCode(window.location.origin, ticketId), { margin: 1, width: 320 })
      .then((data) => active && setUrl(data))
      .catch(() => active && setUrl(null));
    return () => {
      active = false;
    };
  }, [ticketId]);
  return url;
}
