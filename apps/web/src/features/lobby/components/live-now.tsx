import type { SessionSummary } from '@foyer/contract';
import { Alert, Anchor, Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import { overCurrentPage } from '../../../lib/modal-route';
import { useSession } from '../../../lib/session-store';
import { useLiveNow } from '../api/lobby';
import '../i18n';

const clock = (iso: string, zone: string | null) => formatDateTime(iso, zone).slice(11);

/** "Live now" (A2.26): the sessions running at this minute; a click opens the session over the lobby. */
export function LiveNow({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const query = useLiveNow(eventId);
  const sessions = query.data ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="lobby-live-title" data-testid="lobby-live-now">
      <Group gap="xs">
        <Title order={2} size="h4" id="lobby-live-title">
          {t('lobby.liveNow.title')}
        </Title>
        {sessions.length > 0 && (
          <Badge color="red.9" variant="filled" size="sm">
            {sessions.length}
          </Badge>
        )}
      </Group>
      {query.isPending ? (
        <Center py="md">
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      ) : sessions.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="gray.7" data-testid="live-now-empty">
            {t('lobby.liveNow.empty')}
          </Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {sessions.map((session) => (
            <LiveSession key={session.id} session={session} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function LiveSession({ session }: { session: SessionSummary }) {
  const { t } = useTranslation();
  const location = useLocation();
  const zone = useSession((state) => state.user?.timezone ?? null);
  const place = [session.location?.name, session.track?.name].filter(Boolean).join(' · ');
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="live-session">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Badge color="red.9" variant="filled" size="sm" style={{ flexShrink: 0 }}>
          {t('lobby.liveNow.badge')}
        </Badge>
        <Stack gap={2} miw={0}>
          <Anchor
            component={Link}
            to={`/event/${session.eventId}/sessions/${session.id}`}
            state={overCurrentPage(location)}
            fw={600}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {session.name}
          </Anchor>
          <Text size="xs" c="gray.7">
            {clock(session.sdt, zone)}–{clock(session.edt, zone)}
            {place ? ` · ${place}` : ''}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
