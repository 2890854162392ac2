import { isSessionLive, SESSION_BANNER_HEIGHT } from '@foyer/contract';
import { Badge, Button, Divider, EmptyState, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconSearchOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type DetailProps, DetailSkeleton } from '../../../components/detail-skeleton';
import { RichText } from '../../../components/rich-text';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate, formatTimeRange, useZone } from '../../../lib/format-date';
import { useEvent } from '../../../lib/use-event';
import { useSession, useSessionRoom } from '../api/sessions-api';
import { plainText } from '../lib/plain-text';
import { useNow } from '../lib/use-now';
import { PeopleList } from './people-list';
import { SessionActions } from './session-actions';
import { CapacityBadge } from './session-card';
import '../i18n';

interface Props extends DetailProps {
  /** Where the not-found and back buttons lead (the sessions list, or my agenda on mobile). */
  backTo?: { label: string; to: string };
}

/** E3.07, E9.20: a session with its banner, time, room, people, description and E4 buttons. */
export function SessionDetail({ eventId, id, variant, onBack, backTo }: Props) {
  const { t } = useTranslation();
  const { zone, locale } = useZone();
  const now = useNow();
  const query = useSession(eventId, id);
  const event = useEvent(eventId).data;
  useSessionRoom(eventId, id, event?.me?.id ?? null);
  const back = backTo ?? { label: t('eventArea.backTo.sessions'), to: `/event/${eventId}/sessions` };

  if (query.isPending && query.fetchStatus !== 'idle') return <DetailSkeleton />;
  const s = query.data;
  if (!s) {
    const missing = !(query.error instanceof ApiError) || [400, 403, 404].includes(query.error.status);
    return (
      <Stack gap="md" data-testid="entity-not-found">
        {variant === 'page' && <Title order={1}>{t('eventArea.detail.sessions')}</Title>}
        <EmptyState
          py="lg"
          icon={<IconSearchOff size={32} aria-hidden />}
          title={t('eventArea.notFound.sessions')}
          description={missing ? t('eventArea.notFound.text') : query.error?.message}
        >
          <EmptyState.Actions>
            <Button component={Link} to={back.to} variant="default" onClick={onBack}>
              {back.label}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Stack>
    );
  }
  // E2.71: formatted as the organizer wrote it; plain text keeps its line breaks.
  const description = plainText(s.description ?? '');
  return (
    <Stack gap="md" data-testid="session-detail">
      {s.images.top_banner && (
        <Image src={s.images.top_banner} alt="" h={SESSION_BANNER_HEIGHT} fit="cover" radius="md" />
      )}
      {variant === 'page' ? (
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {s.name}
        </Title>
      ) : (
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }} data-testid="session-detail-name">
          {s.name}
        </Text>
      )}
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap">
          <IconCalendarEvent size={18} aria-hidden />
          <Text size="sm">
            {formatLongDate(s.sdt, zone, locale)}, {formatTimeRange(s.sdt, s.edt, zone, locale)}
          </Text>
          {isSessionLive(s, now) && (
            <Badge color="red.9" size="sm">
              {t('agenda.session.live')}
            </Badge>
          )}
        </Group>
        {s.location && (
          <Group gap={6} wrap="nowrap">
            <IconMapPin size={18} aria-hidden />
            <Text size="sm">{s.location.name}</Text>
          </Group>
        )}
        <Group gap="xs" wrap="wrap">
          {s.track && (
            <Badge variant="outline" color="gray" tt="none">
              {s.track.name}
            </Badge>
          )}
          <CapacityBadge session={s} />
          {s.attendeeCount > 0 && (
            <Text size="xs" c="dimmed">
              {t('agenda.session.attendees', { count: s.attendeeCount })}
            </Text>
          )}
        </Group>
      </Stack>
      <SessionActions
        session={s}
        eventType={s.eventType}
        eventFinished={s.eventFinished}
        organizer={event?.me?.organizer ?? false}
        now={now}
      />
      {description && (
        <>
          <Divider />
          <RichText value={s.description ?? ''} data-testid="session-description" />
        </>
      )}
      {s.speakers.length + s.moderators.length + s.translators.length > 0 && (
        <>
          <Divider />
          {variant === 'page' ? (
            <Title order={2} size="h4">
              {t('agenda.session.people')}
            </Title>
          ) : (
            <Text fw={700}>{t('agenda.session.people')}</Text>
          )}
          <PeopleList eventId={eventId} people={s.speakers} role={t('agenda.role.speaker')} />
          <PeopleList eventId={eventId} people={s.moderators} role={t('agenda.role.moderator')} />
          <PeopleList eventId={eventId} people={s.translators} role={t('agenda.role.translator')} />
        </>
      )}
      {variant === 'page' && (
        <Group>
          <Button component={Link} to={back.to} variant="default">
            {back.label}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
