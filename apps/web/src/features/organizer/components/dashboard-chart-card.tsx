import type { DashboardFigure } from '@foyer/contract';
import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { downloadDashboardFigure } from '../api/dashboard';

export interface FigureTable {
  headers: string[];
  rows: (string | number)[][];
}

/** Downloads one figure as CSV; its accessible name says which. */
export function CsvButton({
  eventId,
  figure,
  title,
}: {
  eventId: number;
  figure: DashboardFigure;
  title: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadDashboardFigure(eventId, figure);
    } catch {
      toast('error', t('organizer.dashboard.exportError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden />}
      onClick={download}
      loading={busy}
      aria-label={t('organizer.dashboard.csvLabel', { title })}
      data-testid={`dashboard-csv-${figure}`}
      style={{ flexShrink: 0 }}
    >
      {t('organizer.dashboard.csv')}
    </Button>
  );
}

/**
 * One figure of the dashboard: a titled card with its chart, a CSV download, and the same figures as
 * a table that only screen readers see (the chart itself is one image with a label).
 */
export function DashboardChartCard({
  eventId,
  figure,
  title,
  note,
  table,
  testId,
  children,
}: {
  eventId: number;
  figure: DashboardFigure;
  title: string;
  /** A line under the title (a total, what is left out). */
  note?: ReactNode;
  table: FigureTable;
  testId?: string;
  /** The chart; not rendered when the table is empty. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const empty = table.rows.length === 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            {note && (
              <Text size="sm" c="dimmed">
                {note}
              </Text>
            )}
          </Stack>
          <CsvButton eventId={eventId} figure={figure} title={title} />
        </Group>
        {empty ? (
          <Text size="sm" c="dimmed">
            {t('organizer.dashboard.empty')}
          </Text>
        ) : (
          <>
            <div role="img" aria-label={t('organizer.dashboard.chartLabel', { title })}>
              {children}
            </div>
            <VisuallyHidden>
              <Table>
                <Table.Caption>{title}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    {table.headers.map((header) => (
                      <Table.Th key={header} scope="col">
                        {header}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.rows.map((row) => (
                    <Table.Tr key={row.join('\u0001')}>
                      {row.map((cell, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed column order
                        <Table.Td key={i}>{cell}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}
