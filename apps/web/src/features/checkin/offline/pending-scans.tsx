import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { TFunction } from '../../../i18n/translator';
import { formatDateTime } from '../../../lib/format-date';
import type { PendingScan } from './db';
import { clearSettled } from './queue';
import { syncNow } from './sync';
import { useOfflineDoor, useOnline, usePendingScans } from './use-offline-door';
import '../i18n';

const stateColor = { pending: 'blue', done: 'green', failed: 'red' } as const;

/** "10:42" today, "2030-05-01 10:42" another day (A9.33: the app's one way to write a moment). */
function time(iso: string): string {
  const full = formatDateTime(iso);
  return full.slice(0, 10) === formatDateTime(new Date().toISOString()).slice(0, 10) ? full.slice(11) : full;
}

/** What became of a scan, in one line: the server's answer, a conflict with when and where, or why not. */
function outcomeLine(scan: PendingScan, t: TFunction): string {
  if (scan.state === 'failed') {
    return scan.error?.code === 'MST-00404' ? t('checkIn.error.ticketNotFound') : (scan.error?.msg ?? '');
  }
  if (scan.state === 'pending') {
    if (scan.expected) {
      return t('checkIn.offline.expected', {
        outcome: t(`checkIn.result.${scan.expected}`, { name: scan.person?.fullName ?? scan.ticketId }),
      });
    }
    return t('checkIn.offline.unknown');
  }
  const result = scan.result;
  if (!result) return '';
  const previous = result.previous;
  if ((result.outcome === 'alreadyCheckedIn' || result.outcome === 'alreadyCheckedOut') && previous) {
    // The conflict: another device (or person) was first, and when.
    const wasIn = result.outcome === 'alreadyCheckedIn';
    const at = time(previous.at);
    return previous.by
      ? t(wasIn ? 'checkIn.offline.conflictIn' : 'checkIn.offline.conflictOut', { time: at, by: previous.by })
      : t(wasIn ? 'checkIn.offline.conflictInAt' : 'checkIn.offline.conflictOutAt', { time: at });
  }
  const line = t(`checkIn.result.${result.outcome}`, { name: result.person.fullName });
  return line;
}

/**
 * The door's offline state (issue 14 part 4): whether the event's tickets are on this device, the
 * scans taken without a network, and what the server made of them once synced ("already checked in
 * at 10:42 by Gate B"). Rendered in the check-in panel; keeps the snapshot and the sync going.
 */
export function PendingScans({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const { snapshot, files } = useOfflineDoor(eventId);
  const online = useOnline();
  const scans = usePendingScans(eventId);
  const [syncing, setSyncing] = useState(false);
  const waiting = scans.filter((scan) => scan.state === 'pending').length;
  const settled = scans.length - waiting;

  const snapshotText =
    snapshot.state === 'ready'
      ? t('checkIn.offline.snapshot.ready', { count: snapshot.count })
      : snapshot.state === 'loading'
        ? t('checkIn.offline.snapshot.loading')
        : t('checkIn.offline.snapshot.error');

  return (
    <Stack
      gap="xs"
      data-testid="check-in-offline"
      data-online={online}
      data-snapshot={snapshot.state === 'ready' ? snapshot.count : ''}
      data-waiting={waiting}
      data-files={files}
    >
      {!online && (
        <Alert
          color="blue"
          icon={<IconCloudOff size={18} aria-hidden />}
          title={t('checkIn.offline.title')}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {t('checkIn.offline.hint')}
        </Alert>
      )}
      <Text size="xs" data-testid="check-in-offline-snapshot">
        {snapshotText}
      </Text>
      {files !== 'unavailable' && (
        <Text size="xs" data-testid="check-in-offline-files">
          {t(`checkIn.offline.files.${files}`)}
        </Text>
      )}
      {scans.length > 0 && (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600} size="sm" component="h3" m={0}>
                {t('checkIn.offline.list', { count: waiting })}
              </Text>
              <Group gap="xs">
                {waiting > 0 && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconCloudUpload size={16} aria-hidden />}
                    disabled={!online}
                    loading={syncing}
                    onClick={() => {
                      setSyncing(true);
                      void syncNow().finally(() => setSyncing(false));
                    }}
                    data-testid="check-in-offline-sync"
                  >
                    {t('checkIn.offline.syncNow')}
                  </Button>
                )}
                {settled > 0 && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => void clearSettled(eventId)}
                    data-testid="check-in-offline-clear"
                  >
                    {t('checkIn.offline.clear')}
                  </Button>
                )}
              </Group>
            </Group>
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {[...scans].reverse().map((scan) => (
                <li
                  key={scan.nonce}
                  data-testid="check-in-offline-scan"
                  data-state={scan.state}
                  data-outcome={scan.result?.outcome ?? ''}
                >
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Badge
                      color={stateColor[scan.state]}
                      variant="light"
                      style={{ flexShrink: 0 }}
                      styles={{ label: { color: 'var(--mantine-color-text)' } }}
                    >
                      {t(`checkIn.offline.state.${scan.state}`)}
                    </Badge>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {scan.person?.fullName ?? scan.ticketId} · {time(scan.scannedAt)}
                      </Text>
                      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                        {outcomeLine(scan, t)}
                      </Text>
                    </Stack>
                  </Group>
                </li>
              ))}
            </Stack>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
