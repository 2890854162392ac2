import { MOBILE_MAX_WIDTH, type SessionSummary } from '@foyer/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { formatDay, formatTime, useZone } from '../../../lib/format-date';
import { dayOf, groupByTime, roomsOf } from '../lib/agenda-lib';
import classes from './sessions-by-time.module.css';
import '../i18n';

interface Props {
  sessions: readonly SessionSummary[];
  card(session: SessionSummary): ReactNode;
}

/**
 * Issue 15, the programme by time: on wide screens a grid of start times (rows) by rooms (columns),
 * so what runs in parallel sits side by side; on phones the same times as sections, one card under
 * the other, each card naming its room.
 */
export function SessionsByTime({ sessions, card }: Props) {
  const { t } = useTranslation();
  const { zone, locale } = useZone();
  const wide = useMediaQuery(`(min-width: ${MOBILE_MAX_WIDTH + 1}px)`, true, {
    getInitialValueInEffect: false,
  });
  const times = groupByTime(sessions);
  const roomName = (name: string) => name || t('agenda.sessions.noRoom');
  // A search shows every day: then each time says its day too.
  const multiDay = new Set(times.map((g) => dayOf(g.sdt, zone))).size > 1;
  const label = (sdt: string) =>
    multiDay
      ? `${formatDay(dayOf(sdt, zone), locale)}, ${formatTime(sdt, zone, locale)}`
      : formatTime(sdt, zone, locale);

  if (!wide) {
    return (
      <Stack gap="lg" data-testid="sessions-by-time">
        {times.map((group) => (
          <Stack key={group.sdt} gap="sm" component="section" aria-label={label(group.sdt)}>
            <Title order={3} size="h4" data-testid="sessions-time">
              {label(group.sdt)}
            </Title>
            {group.sessions.map((session) => (
              <div key={session.id}>{card(session)}</div>
            ))}
          </Stack>
        ))}
      </Stack>
    );
  }

  const rooms = roomsOf(sessions);
  const columns = `minmax(4.5rem, auto) repeat(${rooms.length}, minmax(16rem, 1fr))`;
  return (
    <div className={classes.scroller} data-testid="sessions-by-time">
      {/* A grid, not a table: each cell holds interactive cards, read row by row (time, then rooms). */}
      <div className={classes.grid} style={{ gridTemplateColumns: columns }}>
        <div className={classes.head}>{t('agenda.sessions.time')}</div>
        {rooms.map((room) => (
          <div key={room.id ?? 'none'} className={classes.head} data-testid="sessions-room">
            {roomName(room.name)}
          </div>
        ))}
        {times.map((group) => (
          <TimeRow key={group.sdt} label={label(group.sdt)}>
            {rooms.map((room) => (
              <div key={room.id ?? 'none'} className={classes.cell}>
                {group.sessions
                  .filter((s) => (s.location?.id ?? null) === room.id)
                  .map((session) => (
                    <div key={session.id}>{card(session)}</div>
                  ))}
              </div>
            ))}
          </TimeRow>
        ))}
      </div>
    </div>
  );
}

function TimeRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text className={classes.time} component="h3" data-testid="sessions-time">
        {label}
      </Text>
      {children}
    </>
  );
}
