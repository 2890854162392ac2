import type { Programme, ProgrammeSession } from '@foyer/contract';
import { Badge, Box, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { DateTime } from 'luxon';
import { useTranslation } from '../../../i18n/react';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { clashingIds, dayIn, isMeetingSlot, timeIn } from '../lib/programme';

/** Minutes per grid row. */
const STEP = 15;
const NO_ROOM = -1;

interface Column {
  id: number;
  name: string;
}

function SessionCard({
  session,
  zone,
  clash,
  trackColor,
  onOpen,
}: {
  session: ProgrammeSession;
  zone: string;
  clash: boolean;
  trackColor: string | null;
  onOpen: (session: ProgrammeSession) => void;
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={() => onOpen(session)}
      data-testid={`grid-session-${session.id}`}
      data-clash={clash || undefined}
      style={{
        display: 'block',
        width: '100%',
        height: '100%',
        padding: 6,
        borderRadius: 6,
        overflow: 'hidden',
        background: clash ? 'var(--mantine-color-red-0)' : 'var(--mantine-color-blue-0)',
        border: `2px solid ${clash ? 'var(--mantine-color-red-7)' : (trackColor ?? 'var(--mantine-color-blue-3)')}`,
      }}
    >
      <Text size="xs" c="dimmed">
        {timeIn(session.sdt, zone)}–{timeIn(session.edt, zone)}
      </Text>
      <Text size="sm" fw={600} lineClamp={2}>
        {session.name}
      </Text>
      {clash && (
        <Badge color="red.9" size="xs">
          {t('organizer.programme.grid.clash')}
        </Badge>
      )}
    </UnstyledButton>
  );
}

/** How many earlier sessions of the same column overlap this one. */
const laneOf = (sessions: ProgrammeSession[], index: number) => {
  const me = sessions[index]!;
  return sessions
    .slice(0, index)
    .filter(
      (other) => Date.parse(other.sdt) < Date.parse(me.edt) && Date.parse(other.edt) > Date.parse(me.sdt),
    ).length;
};

/**
 * The day × room grid (CSS grid: a time column and one column per room, rows of 15 minutes) on
 * tablets and desktops; rooms stacked one under the other on phones. Clashing sessions are red.
 */
export function ProgrammeGrid({
  programme,
  day,
  onOpen,
}: {
  programme: Programme;
  day: string;
  onOpen: (session: ProgrammeSession) => void;
}) {
  const { t } = useTranslation();
  const mobile = useBreakpoint() === 'mobile';
  const zone = programme.timezone;
  const sessions = programme.sessions.filter((s) => !isMeetingSlot(s) && dayIn(s.sdt, zone) === day);
  const clashing = clashingIds(programme.clashes);
  const trackColor = (s: ProgrammeSession) =>
    programme.tracks.find((tr) => tr.id === s.trackId)?.color ?? null;
  const columns: Column[] = [
    ...programme.rooms,
    ...(sessions.some((s) => s.locationId === null)
      ? [{ id: NO_ROOM, name: t('organizer.programme.noRoom') }]
      : []),
  ];
  const inColumn = (column: Column) => sessions.filter((s) => (s.locationId ?? NO_ROOM) === column.id);

  if (sessions.length === 0) {
    return (
      <Text c="dimmed" data-testid="programme-grid">
        {t('organizer.programme.grid.empty')}
      </Text>
    );
  }

  if (mobile) {
    return (
      <Stack gap="md" data-testid="programme-grid">
        {columns.map((column) => (
          <Paper key={column.id} withBorder p="sm" radius="md">
            <Title order={3} size="h5" mb="xs">
              {column.name}
            </Title>
            <Stack gap="xs">
              {inColumn(column).length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('organizer.programme.grid.free')}
                </Text>
              ) : (
                inColumn(column).map((s) => (
                  <SessionCard
                    key={s.id}
                    session={s}
                    zone={zone}
                    clash={clashing.has(s.id)}
                    trackColor={trackColor(s)}
                    onOpen={onOpen}
                  />
                ))
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  const dayStart = DateTime.fromISO(day, { zone }).startOf('day');
  const minuteOf = (iso: string) => DateTime.fromISO(iso, { zone }).diff(dayStart, 'minutes').minutes;
  const first = Math.floor(Math.min(...sessions.map((s) => minuteOf(s.sdt))) / 60) * 60;
  const last = Math.min(24 * 60, Math.ceil(Math.max(...sessions.map((s) => minuteOf(s.edt))) / 60) * 60);
  const rows = Math.max(1, Math.ceil((last - first) / STEP));
  const rowOf = (minute: number) => Math.min(rows, Math.max(0, Math.round((minute - first) / STEP))) + 2;
  const hours = Array.from({ length: Math.ceil((last - first) / 60) }, (_, i) => first + i * 60);

  return (
    <Box style={{ overflowX: 'auto' }}>
      <Box
        data-testid="programme-grid"
        role="group"
        aria-label={t('organizer.programme.grid.label', { day })}
        style={{
          display: 'grid',
          gridTemplateColumns: `64px repeat(${columns.length}, minmax(160px, 1fr))`,
          gridTemplateRows: `auto repeat(${rows}, 18px)`,
          gap: 2,
          minWidth: 64 + columns.length * 162,
        }}
      >
        <Box style={{ gridRow: 1, gridColumn: 1 }}>
          <Text size="xs" c="dimmed">
            {t('organizer.programme.grid.time')}
          </Text>
        </Box>
        {columns.map((column, i) => (
          <Box key={column.id} style={{ gridRow: 1, gridColumn: i + 2 }}>
            <Text size="sm" fw={600} truncate>
              {column.name}
            </Text>
          </Box>
        ))}
        {hours.map((minute) => (
          <Box
            key={minute}
            style={{
              gridColumn: 1,
              gridRow: `${rowOf(minute)} / span ${60 / STEP}`,
              borderTop: '1px solid var(--mantine-color-gray-3)',
            }}
          >
            <Text size="xs" c="dimmed">
              {dayStart.plus({ minutes: minute }).toFormat('HH:mm')}
            </Text>
          </Box>
        ))}
        {columns.flatMap((column, i) =>
          inColumn(column).map((s, index, all) => (
            <Box
              key={s.id}
              style={{
                gridColumn: i + 2,
                gridRow: `${rowOf(minuteOf(s.sdt))} / ${Math.max(rowOf(minuteOf(s.edt)), rowOf(minuteOf(s.sdt)) + 1)}`,
                minWidth: 0,
                // A double-booked room: each later overlapping session is shifted so both stay visible.
                paddingLeft: laneOf(all, index) * 16,
              }}
            >
              <SessionCard
                session={s}
                zone={zone}
                clash={clashing.has(s.id)}
                trackColor={trackColor(s)}
                onOpen={onOpen}
              />
            </Box>
          )),
        )}
      </Box>
    </Box>
  );
}
