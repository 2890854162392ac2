import type { PopupTable, TablePresence } from '@foyer/contract';
import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconArmchair } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime, formatTime, useZone } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import {
  joinTable,
  leaveTable,
  type ReceivedPresence,
  useTableHeartbeat,
  useTableOccupancy,
  useTablePresences,
} from '../api/tables';
import { seatLost, tableErrorText } from '../lib/table-errors';
import '../i18n';

/**
 * E2.56: the booth's popup meeting tables that are not over yet, each with its time in the reader's
 * zone, how many are there now (E7.87, live) and Join: the table's video call opens in a new window
 * and the reader counts as there while the page sends heartbeats (A9.35).
 */
export function PopupTables({
  eventId,
  boothId,
  tables,
}: {
  eventId: number;
  boothId: number;
  tables: PopupTable[];
}) {
  const { t } = useTranslation();
  const { live, adopt } = useTablePresences();
  const [joined, setJoined] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useTableHeartbeat(eventId, joined, adopt, (error) => {
    if (!seatLost(error)) return; // a network hiccup: the next heartbeat may get through
    setJoined(null);
    toast('error', tableErrorText(t, error));
  });

  const join = async (table: PopupTable) => {
    // Opened at the click, so the browser counts it as the user's; pointed at the call once it is known.
    const win = window.open('', '_blank');
    if (!win) {
      toast('info', t('expo.table.blocked'));
      return;
    }
    setBusy(table.roomId);
    try {
      if (joined && joined !== table.roomId) {
        // One table at a time: the other seat is given up first.
        setJoined(null);
        void leaveTable({ eventId, roomId: joined }).then(adopt, () => undefined);
      }
      const result = await joinTable({ eventId, roomId: table.roomId });
      adopt(result.presence);
      setJoined(table.roomId);
      win.opener = null;
      win.location.href = result.videoUrl;
    } catch (error) {
      win.close();
      toast('error', tableErrorText(t, error));
    } finally {
      setBusy(null);
    }
  };

  const leave = async (table: PopupTable) => {
    setJoined(null);
    try {
      adopt(await leaveTable({ eventId, roomId: table.roomId }));
    } catch {
      // The seat lapses by itself within the presence window.
    }
  };

  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" data-testid="booth-popup-tables">
      {tables.map((table, i) => (
        <TableCard
          key={table.roomId}
          eventId={eventId}
          boothId={boothId}
          table={table}
          name={t('expo.table.name', { number: i + 1 })}
          live={live[table.roomId]}
          adopt={adopt}
          joined={joined === table.roomId}
          busy={busy === table.roomId}
          onJoin={() => void join(table)}
          onLeave={() => void leave(table)}
        />
      ))}
    </SimpleGrid>
  );
}

function TableCard({
  eventId,
  boothId,
  table,
  name,
  live,
  adopt,
  joined,
  busy,
  onJoin,
  onLeave,
}: {
  eventId: number;
  boothId: number;
  table: PopupTable;
  name: string;
  live: ReceivedPresence | undefined;
  adopt: (presence: TablePresence) => void;
  joined: boolean;
  busy: boolean;
  onJoin: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const { zone, locale } = useZone();
  const here = useTableOccupancy(eventId, boothId, table, live, adopt);
  const seats = table.presence.seats;
  const full = !joined && here >= seats;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="booth-table">
      <Group gap="sm" wrap="nowrap" justify="space-between" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconArmchair size={20} aria-hidden />
          <div>
            <Text fw={600} size="sm">
              {name}
            </Text>
            <Text size="xs" c="gray.7" data-testid="booth-table-time">
              {formatDateTime(table.sdt, zone)} – {formatTime(table.edt, zone, locale)}
            </Text>
            <Text size="xs" c="gray.7" data-testid="booth-table-here" aria-live="polite">
              {t('expo.table.here', { here, seats })}
            </Text>
            {joined && (
              <Text size="xs" c="teal.9" fw={600}>
                {t('expo.table.atTable')}
              </Text>
            )}
          </div>
        </Group>
        {joined ? (
          <Button
            size="xs"
            variant="default"
            onClick={onLeave}
            aria-label={t('expo.table.leaveLabel', { name })}
          >
            {t('expo.table.leave')}
          </Button>
        ) : (
          <Button
            size="xs"
            onClick={onJoin}
            loading={busy}
            disabled={full}
            aria-label={full ? undefined : t('expo.table.joinLabel', { name })}
          >
            {full ? t('expo.table.full') : t('expo.table.join')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
