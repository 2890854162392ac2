import { type EventType, isSessionLive, type SessionSummary } from '@foyer/contract';
import { Anchor, Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClock, IconMapPin } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { formatTimeRange, useZone } from '../../../lib/format-date';
import { overCurrentPage } from '../../../lib/modal-route';
import { useSessionRoom } from '../api/sessions-api';
import { SessionActions } from './session-actions';
import '../i18n';

interface Props {
  session: SessionSummary;
  eventType: EventType;
  eventFinished: boolean;
  organizer: boolean;
  myParticipantId: number | null;
  now: number;
}

/** Seats left, or Fully booked (E4.50); nothing for unlimited rooms. */
export function CapacityBadge({
  session,
}: {
  session: Pick<SessionSummary, 'capacity' | 'usedCapacity' | 'isFull'>;
}) {
  const { t } = useTranslation();
  if (session.capacity === null) return null;
  if (session.isFull) {
    return (
      <Badge color="red.9" data-testid="session-full">
        {t('agenda.notice.fullyBooked')}
      </Badge>
    );
  }
  const left = Math.max(0, session.capacity - session.usedCapacity);
  return (
    <Badge color="gray.7" variant="outline" data-testid="session-seats">
      {t('agenda.session.seatsLeft', { count: left })}
    </Badge>
  );
}

/** E3.07: one session of the programme, with its E4 buttons; live seat counts from its room (E7.78). */
export function SessionCard({ session, eventType, eventFinished, organizer, myParticipantId, now }: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  const { zone, locale } = useZone();
  // Only limited rooms change state with others' joins; unlimited ones need no room (a socket holds
  // at most 200 rooms, and a big programme day has more sessions than that).
  useSessionRoom(session.eventId, session.capacity === null ? 0 : session.id, myParticipantId);
  const live = isSessionLive(session, now);
  const people = [...session.speakers, ...session.moderators];
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={`session-card-${session.id}`}
      style={{ borderInlineStart: `4px solid ${session.track?.color ?? 'var(--mantine-color-gray-4)'}` }}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <IconClock size={16} aria-hidden />
            <Text size="sm" fw={600}>
              {formatTimeRange(session.sdt, session.edt, zone, locale)}
            </Text>
          </Group>
          {live && (
            <Badge color="red.9" size="sm">
              {t('agenda.session.live')}
            </Badge>
          )}
          {session.myStatus === 'joined' && (
            <Badge color="teal.9" size="sm">
              {t('agenda.session.inAgenda')}
            </Badge>
          )}
          <CapacityBadge session={session} />
        </Group>
        <Anchor
          component={Link}
          to={`/event/${session.eventId}/sessions/${session.id}`}
          state={overCurrentPage(location)}
          fw={700}
          c="var(--mantine-color-text)"
          style={{ overflowWrap: 'anywhere' }}
          data-testid="session-title"
        >
          {session.name}
        </Anchor>
        <Group gap="xs" wrap="wrap">
          {session.location && (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm" c="dimmed">
                {session.location.name}
              </Text>
            </Group>
          )}
          {session.track && (
            <Badge variant="outline" color="gray" size="sm" tt="none">
              {session.track.name}
            </Badge>
          )}
        </Group>
        {people.length > 0 && (
          <Group gap="xs" wrap="wrap">
            <Avatar.Group spacing="sm">
              {people.slice(0, 3).map((p) => (
                <Avatar
                  key={p.id}
                  src={p.profilePhoto}
                  name={`${p.name} ${p.surname}`}
                  alt=""
                  size="sm"
                  color="foyer"
                />
              ))}
            </Avatar.Group>
            <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {people.map((p) => `${p.name} ${p.surname}`.trim()).join(', ')}
            </Text>
          </Group>
        )}
        <SessionActions
          session={session}
          eventType={eventType}
          eventFinished={eventFinished}
          organizer={organizer}
          now={now}
        />
      </Stack>
    </Paper>
  );
}
