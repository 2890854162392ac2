import type { ParticipantType, PrintJob, PrintJobStatus } from '@foyer/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import { printErrorText } from '../../../lib/print-error';
import { toast } from '../../../lib/toast';
import { useBadgeConsole, useBadgeJobs, useBatch, useRetryJob, useStartBatch } from '../api/badges';
import { apiFieldErrors } from '../lib/form-errors';

/** The dot's colour; the text stays the page's (a coloured label on its tint fails 4.5:1 in green). */
const STATUS_COLOR: Record<PrintJobStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  printed: 'green',
  failed: 'red',
};

/**
 * E4.76, E7.74: the print queue live, with a retry of a failed job, and printing a batch of badges
 * by filter with its progress.
 */
export function BadgeQueue({ eventId, types }: { eventId: number; types: ParticipantType[] }) {
  const { t } = useTranslation();
  const jobs = useBadgeJobs(eventId);
  const retry = useRetryJob(eventId);

  // E8.16, E8.17: a badge printed since the job failed asks first; one on its way is left alone.
  const retryJob = (job: PrintJob, force = false) =>
    retry.mutate(
      { jobId: job.id, force },
      {
        onSuccess: (answer) => {
          const name = job.fullName;
          if (answer.outcome === 'queued') toast('success', t('badges.queue.retried', { name }));
          else if (answer.outcome === 'alreadyPrinting')
            toast('warning', t('badges.queue.retryPrinting', { name }));
          else if (window.confirm(t('badges.queue.retryPrinted', { name }))) retryJob(job, true);
        },
        onError: (error) => {
          const fields = apiFieldErrors(t, error);
          toast('error', fields ? Object.values(fields).join(' ') : error.message);
        },
      },
    );
  return (
    <Stack gap="md" component="section" aria-labelledby="queue-title">
      <Title order={2} size="h3" id="queue-title">
        {t('badges.queue.title')}
      </Title>
      <BatchForm eventId={eventId} types={types} />
      {jobs.isError && (
        <Alert color="red" role="alert">
          {jobs.error.message}
        </Alert>
      )}
      {jobs.isSuccess && (
        <Text size="sm" data-testid="queue-counts">
          {t('badges.queue.counts', jobs.data.counts)}
        </Text>
      )}
      {jobs.isSuccess && jobs.data.items.length === 0 && <Text c="dimmed">{t('badges.queue.empty')}</Text>}
      {jobs.isSuccess && jobs.data.items.length > 0 && (
        <Paper withBorder p="sm" radius="md">
          {/* Native scrolling in a focusable region: keyboard users can scroll a wide table at 375 px. */}
          <Table.ScrollContainer
            minWidth={340}
            type="native"
            tabIndex={0}
            role="region"
            aria-label={t('badges.queue.title')}
          >
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('badges.queue.person')}</Table.Th>
                  <Table.Th>{t('badges.queue.printer')}</Table.Th>
                  <Table.Th>{t('badges.queue.status')}</Table.Th>
                  <Table.Th>{t('badges.queue.when')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.data.items.map((job) => (
                  <Table.Tr key={job.id} data-testid="queue-row" data-status={job.status}>
                    <Table.Td>
                      <Text size="sm">{job.fullName}</Text>
                      {job.ticketId && (
                        <Text size="xs" c="dimmed" ff="monospace">
                          {job.ticketId}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{job.printerLabel ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[job.status]} variant="dot">
                        {t(`badges.queue.status.${job.status}`)}
                      </Badge>
                      {job.status === 'failed' && (job.lastErrorCode || job.lastError) && (
                        <Text
                          size="xs"
                          c="red.9"
                          data-testid="queue-error"
                          title={
                            job.lastErrorCode && job.lastError
                              ? t('badges.printError.detail', { detail: job.lastError })
                              : undefined
                          }
                        >
                          {printErrorText(t, job.lastErrorCode, job.lastError)}
                        </Text>
                      )}
                      {job.status === 'failed' && (
                        <Button
                          mt={4}
                          size="compact-xs"
                          variant="light"
                          leftSection={<IconRefresh size={12} aria-hidden />}
                          aria-label={t('badges.queue.retryLabel', { name: job.fullName })}
                          loading={retry.isPending && retry.variables?.jobId === job.id}
                          onClick={() => retryJob(job)}
                          data-testid="queue-retry"
                        >
                          {t('badges.queue.retry')}
                        </Button>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{formatDateTime(job.updatedAt)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

function BatchForm({ eventId, types }: { eventId: number; types: ParticipantType[] }) {
  const { t } = useTranslation();
  const badges = useBadgeConsole(eventId);
  const start = useStartBatch(eventId);
  const printers = (badges.data?.printers ?? []).filter((p) => p.kind !== 'pdf' && p.printType !== 'none');
  const [printerId, setPrinterId] = useState<string | null>(null);
  const [typeIds, setTypeIds] = useState<string[]>([]);
  const [checkedIn, setCheckedIn] = useState<'any' | 'in' | 'out'>('any');
  const [notPrinted, setNotPrinted] = useState(true);
  const [batchId, setBatchId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const batch = useBatch(eventId, batchId);
  const chosen = printerId ?? (printers[0] ? String(printers[0].id) : null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    setError(null);
    start.mutate(
      { printerId: Number(chosen), typeIds: typeIds.map(Number), checkedIn, notPrinted },
      {
        onSuccess: (made) => {
          setBatchId(made.id);
          toast(
            'success',
            made.total ? t('badges.batch.started', { count: made.total }) : t('badges.batch.none'),
          );
        },
        onError: (err) => {
          const fields = apiFieldErrors(t, err);
          setError(fields ? Object.values(fields).join(' ') : err.message);
        },
      },
    );
  };

  const progress = batch.data;
  const done = progress ? progress.counts.printed + progress.counts.failed : 0;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="batch-title"
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id="batch-title">
          {t('badges.batch.title')}
        </Title>
        {badges.isSuccess && printers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('badges.batch.noPrinter')}
          </Text>
        ) : (
          <>
            <Group grow align="flex-start" wrap="wrap">
              <Select
                label={t('badges.batch.printer')}
                data={printers.map((p) => ({ value: String(p.id), label: p.label }))}
                value={chosen}
                onChange={setPrinterId}
                allowDeselect={false}
                style={{ minWidth: 180 }}
                data-testid="batch-printer"
              />
              <MultiSelect
                label={t('badges.batch.types')}
                placeholder={t('badges.batch.typesHint')}
                data={types.map((x) => ({ value: String(x.id), label: x.name }))}
                value={typeIds}
                onChange={setTypeIds}
                clearable
                style={{ minWidth: 180 }}
              />
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="batch-checked-in">
                {t('badges.batch.checkedIn')}
              </Text>
              <SegmentedControl
                aria-labelledby="batch-checked-in"
                value={checkedIn}
                onChange={(v) => setCheckedIn(v as typeof checkedIn)}
                data={(['any', 'in', 'out'] as const).map((v) => ({
                  value: v,
                  label: t(`badges.batch.checkedIn.${v}`),
                }))}
                style={{ alignSelf: 'flex-start' }}
              />
            </Stack>
            <Switch
              label={t('badges.batch.notPrinted')}
              checked={notPrinted}
              onChange={(e) => setNotPrinted(e.currentTarget.checked)}
            />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconPrinter size={16} aria-hidden />}
                loading={start.isPending}
                disabled={!chosen}
                data-testid="batch-start"
              >
                {t('badges.batch.start')}
              </Button>
            </Group>
          </>
        )}
        {progress && progress.total > 0 && (
          <Stack gap={4} data-testid="batch-progress" data-done={done} data-total={progress.total}>
            <Text size="sm" role="status">
              {t('badges.batch.progress', { done: progress.counts.printed, total: progress.total })}
              {progress.counts.failed > 0 &&
                ` · ${t('badges.queue.status.failed')}: ${progress.counts.failed}`}
            </Text>
            <Progress
              value={(100 * done) / progress.total}
              aria-label={t('badges.batch.progressLabel')}
              color={progress.counts.failed > 0 ? 'orange' : 'green'}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
