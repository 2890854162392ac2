import { SPEAKER_SESSIONS_SHOWN } from '@foyer/contract';
import { Avatar, Badge, Button, Divider, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSearchOff, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { type DetailProps, DetailSkeleton } from '../../../components/detail-skeleton';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { formatDay, formatTimeRange, useZone } from '../../../lib/format-date';
import { backgroundLocationOf, overCurrentPage } from '../../../lib/modal-route';
import { useSpeaker } from '../api/sessions-api';
import { dayOf } from '../lib/agenda-lib';
import { plainText } from '../lib/plain-text';
import '../i18n';

/** E3.24, E9.39: a speaker with biography and sessions (4 shown before load more). */
export function SpeakerDetail({ eventId, id, variant, onBack }: DetailProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const background = backgroundLocationOf(location);
  const { zone, locale } = useZone();
  const query = useSpeaker(eventId, id);
  const [showAll, setShowAll] = useState(false);
  const listPath = `/event/${eventId}/speakers`;

  if (query.isPending && query.fetchStatus !== 'idle') return <DetailSkeleton />;
  const s = query.data;
  if (!s) {
    const missing = !(query.error instanceof ApiError) || [400, 403, 404].includes(query.error.status);
    return (
      <Stack gap="md" data-testid="entity-not-found">
        {variant === 'page' && <Title order={1}>{t('eventArea.detail.speakers')}</Title>}
        <EmptyState
          py="lg"
          icon={<IconSearchOff size={32} aria-hidden />}
          title={t('eventArea.notFound.speakers')}
          description={missing ? t('eventArea.notFound.text') : query.error?.message}
        >
          <EmptyState.Actions>
            <Button component={Link} to={listPath} variant="default" onClick={onBack}>
              {t('eventArea.backTo.speakers')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Stack>
    );
  }
  const name = `${s.name} ${s.surname}`.trim();
  const sessions = showAll ? s.sessions : s.sessions.slice(0, SPEAKER_SESSIONS_SHOWN);
  const bio = plainText(s.biography ?? '');
  return (
    <Stack gap="md" data-testid="speaker-detail">
      <Group wrap="nowrap" gap="md" align="flex-start">
        <Avatar src={s.profilePhoto} name={name} alt="" size={72} radius={72} color="foyer" />
        <div style={{ minWidth: 0 }}>
          {variant === 'page' ? (
            <Title order={1} size="h2">
              {name}
            </Title>
          ) : (
            <Text fw={700} size="lg">
              {name}
            </Text>
          )}
          {(s.jobTitle || s.company) && (
            <Text c="dimmed">{[s.jobTitle, s.company].filter(Boolean).join(' · ')}</Text>
          )}
        </div>
      </Group>
      {/* E2.05: the speaker's attendee profile, with Meet and Chat. */}
      <Button
        component={Link}
        to={`/event/${eventId}/attendees/${s.id}`}
        state={background ? overCurrentPage(background) : overCurrentPage(location)}
        replace={Boolean(background)}
        variant="light"
        leftSection={<IconUser size={18} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        data-testid="speaker-profile"
      >
        {t('agenda.speakers.profile')}
      </Button>
      {bio && <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{bio}</Text>}
      <Divider />
      {variant === 'page' ? (
        <Title order={2} size="h4">
          {t('agenda.speakers.sessions')}
        </Title>
      ) : (
        <Text fw={700}>{t('agenda.speakers.sessions')}</Text>
      )}
      {s.sessions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('agenda.speakers.noSessions')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="speaker-sessions">
          {sessions.map((session) => (
            <Paper
              key={`${session.id}-${session.role}`}
              withBorder
              radius="md"
              p="sm"
              component={Link}
              to={`/event/${eventId}/sessions/${session.id}`}
              state={background ? overCurrentPage(background) : overCurrentPage(location)}
              replace={Boolean(background)}
              style={{ textDecoration: 'none', color: 'inherit', display: 'block' }}
            >
              <Text size="sm" fw={600}>
                {formatDay(dayOf(session.sdt, zone), locale)},{' '}
                {formatTimeRange(session.sdt, session.edt, zone, locale)}
              </Text>
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {session.name}
              </Text>
              <Group gap="xs">
                <Badge variant="outline" size="sm">
                  {t(`agenda.role.${session.role}`)}
                </Badge>
                {session.location && (
                  <Text size="xs" c="dimmed">
                    {session.location}
                  </Text>
                )}
              </Group>
            </Paper>
          ))}
          {!showAll && s.sessions.length > SPEAKER_SESSIONS_SHOWN && (
            <Button variant="default" onClick={() => setShowAll(true)} data-testid="speaker-load-more">
              {t('agenda.speakers.loadMore', { count: s.sessions.length - SPEAKER_SESSIONS_SHOWN })}
            </Button>
          )}
        </Stack>
      )}
      {variant === 'page' && (
        <Group>
          <Button component={Link} to={listPath} variant="default">
            {t('eventArea.backTo.speakers')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
