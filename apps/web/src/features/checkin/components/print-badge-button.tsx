import { ErrorCode, type PrintJob, type PrintJobStatus } from '@foyer/contract';
import { Anchor, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { fetchBadgePdf, useBadgeLive, useDeskPrinter, usePrintBadge, usePrintJob } from '../api/print';
import { notify, notifyPrintJob, printFailedText } from '../lib/outcome';
import '../i18n';

/** The dot's colour; the text stays the page's (a coloured label on its tint fails 4.5:1 in green). */
const STATUS_COLOR: Record<PrintJobStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  printed: 'green',
  failed: 'red',
};

/**
 * E4.69 / E2.79 printBadge: prints the scanned person's badge on this desk's printer (E2.55). A
 * label or text printer gets it through the print queue and the state follows live (E4.76); a PDF
 * printer records the print and opens the PDF for the browser to print; without a printer the
 * printable badge page opens. "Already printed" (E8.16) offers printBadgeForced behind a confirm;
 * "already printing" (E8.17) only warns. `auto` queues once after a check-in (E4.72–E4.74).
 */
export function PrintBadgeButton({
  eventId,
  participantId,
  ticketId,
  auto = false,
}: {
  eventId: number;
  participantId: number;
  ticketId: string;
  /** Queue the print once, on its own (after checkedIn). */
  auto?: boolean;
}) {
  const { t } = useTranslation();
  const { setup, printer } = useDeskPrinter(eventId);
  const print = usePrintBadge(eventId);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = usePrintJob(jobId).data ?? null;
  const [printedAt, setPrintedAt] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const autoDone = useRef<number | null>(null);

  useBadgeLive(eventId, (changed: PrintJob) => notifyPrintJob(changed, jobId, t));

  useEffect(() => () => void (pdfUrl && URL.revokeObjectURL(pdfUrl)), [pdfUrl]);

  const openPdf = async (printerId: number | null) => {
    try {
      const url = await fetchBadgePdf(eventId, participantId, printerId);
      setPdfUrl(url);
      if (!window.open(url, '_blank')) notify('warning', t('checkIn.print.popupBlocked'));
    } catch (error) {
      notify('error', error instanceof Error ? error.message : String(error));
    }
  };

  const run = (force: boolean) => {
    if (!printer) return;
    setConfirming(false);
    print.mutate(
      { participantId, printerId: printer.id, force },
      {
        onSuccess: (answer) => {
          setPrintedAt(answer.printedAt);
          if (answer.job) setJobId(answer.job.id);
          switch (answer.outcome) {
            case 'queued':
              // E8.18; a `directly` printer gets its one attempt now rather than waiting in the queue.
              notify(
                'success',
                t(printer.printType === 'directly' ? 'checkIn.print.sent' : 'checkIn.print.queued'),
              );
              break;
            case 'printed':
              void openPdf(printer.id);
              break;
            case 'alreadyPrinted':
              notify('warning', t('checkIn.container.badgeAlreadyPrinted.error')); // E8.16
              break;
            case 'alreadyPrinting':
              notify('warning', t('checkIn.container.badgeZPLIsPrinting.error')); // E8.17
              break;
          }
        },
        onError: (error) =>
          notify(
            'error',
            error instanceof ApiError && error.code === ErrorCode.BadgeTemplateNotFound
              ? t('checkIn.print.templateNotFound') // E8.05
              : error.message,
          ),
      },
    );
  };

  // E4.72: once per person, right after the check-in, when this desk prints through a printer.
  const runNow = useRef(run);
  runNow.current = run;
  useEffect(() => {
    if (!auto || !printer || printer.printType === 'none' || autoDone.current === participantId) return;
    autoDone.current = participantId;
    runNow.current(false);
  }, [auto, printer, participantId]);

  if (!printer) {
    return (
      <Button
        component={Link}
        to={`/event/${eventId}/badges?ticketId=${encodeURIComponent(ticketId)}`}
        target="_blank"
        size="xs"
        variant="light"
        leftSection={<IconPrinter size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        loading={setup.isPending}
        data-testid="print-badge"
      >
        {t('checkIn.result.printBadge')}
      </Button>
    );
  }

  const alreadyPrinted = print.data?.outcome === 'alreadyPrinted';
  const failed = job?.status === 'failed';
  return (
    <Stack gap={6} data-testid="print-badge-box">
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => run(false)}
          loading={print.isPending}
          disabled={printer.printType === 'none'}
          data-testid="print-badge"
        >
          {t('checkIn.result.printBadge')}
        </Button>
        {alreadyPrinted && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
            data-testid="print-badge-again"
          >
            {t('checkIn.print.reprint')}
          </Button>
        )}
        {job && (
          <Badge
            color={STATUS_COLOR[job.status]}
            variant="dot"
            data-testid="print-status"
            data-status={job.status}
          >
            <span role="status">{t(`checkIn.print.status.${job.status}`)}</span>
          </Badge>
        )}
      </Group>
      {printer.printType === 'none' && (
        <Text size="xs" c="dimmed">
          {t('checkIn.print.off')}
        </Text>
      )}
      {failed && (
        // red.9: the text sits on the result's tinted card (green after a check-in), where red.8 is
        // below 4.5:1.
        <Text size="xs" c="red.9" data-testid="print-error">
          {printFailedText(job, t)}
        </Text>
      )}
      {pdfUrl && (
        <Anchor href={pdfUrl} target="_blank" size="sm" data-testid="print-badge-pdf">
          {t('checkIn.print.openPdf')}
        </Anchor>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('checkIn.print.confirmReprint.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          <Text size="sm">
            {t('checkIn.print.confirmReprint.text', { date: printedAt ? formatDateTime(printedAt) : '' })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('checkIn.print.cancel')}
            </Button>
            <Button onClick={() => run(true)} data-testid="print-badge-confirm">
              {t('checkIn.print.confirmReprint.ok')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
