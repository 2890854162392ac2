import { Avatar, Button, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { type ComponentType, Suspense } from 'react';
import { Link } from 'react-router';
import { type DetailProps, DetailSkeleton } from '../../../components/detail-skeleton';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { type EntityKind, useEntity } from '../api/get-entity';
import { lazyScreen } from '../lazy-screen';

interface Props extends DetailProps {
  kind: EntityKind;
}

/**
 * A2.23–A2.26: who or what the route names, as a modal body or a full page. The full profile,
 * session and booth screens of the later features build on this header.
 */
export function GenericEntityDetail({ kind, eventId, id, variant, onBack }: Props) {
  const { t } = useTranslation();
  const query = useEntity(kind, eventId, id);
  const listPath = `/event/${eventId}/${kind}`;

  if (query.isPending && query.fetchStatus !== 'idle') return <DetailSkeleton />;
  if (!query.data) {
    const missing = !(query.error instanceof ApiError) || [400, 403, 404].includes(query.error.status);
    return (
      <Stack gap="md" data-testid="entity-not-found">
        {variant === 'page' && <Title order={1}>{t(`eventArea.detail.${kind}`)}</Title>}
        <EmptyState
          py="lg"
          icon={<IconSearchOff size={32} aria-hidden />}
          title={t(`eventArea.notFound.${kind}`)}
          description={missing ? t('eventArea.notFound.text') : query.error?.message}
        >
          <EmptyState.Actions>
            <Button component={Link} to={listPath} variant="default" onClick={onBack}>
              {t(`eventArea.backTo.${kind}`)}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Stack>
    );
  }
  const { title, subtitle, photo, text } = query.data;
  return (
    <Stack gap="md" data-testid="entity-detail">
      <Group wrap="nowrap" gap="md" align="flex-start">
        <Avatar
          src={photo}
          name={title}
          alt=""
          size={72}
          radius={kind === 'expo' ? 'md' : 72}
          color="foyer"
        />
        <div style={{ minWidth: 0 }}>
          {variant === 'page' ? (
            <Title order={1} size="h2">
              {title}
            </Title>
          ) : (
            <Text fw={700} size="lg">
              {title}
            </Text>
          )}
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </div>
      </Group>
      {text && <Text style={{ whiteSpace: 'pre-line' }}>{text}</Text>}
      {variant === 'page' && (
        <Group>
          <Button component={Link} to={listPath} variant="default">
            {t(`eventArea.backTo.${kind}`)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Each kind's full screen belongs to its feature (agenda, participants, booths) and loads with it. */
const DETAILS: Record<EntityKind, ComponentType<DetailProps>> = {
  sessions: lazyScreen(() => import('../../../features/agenda/components/session-detail'), 'SessionDetail'),
  speakers: lazyScreen(() => import('../../../features/agenda/components/speaker-detail'), 'SpeakerDetail'),
  attendees: lazyScreen(
    () => import('../../../features/participants/components/participant-detail'),
    'ParticipantDetail',
  ),
  expo: lazyScreen(() => import('../../../features/booths/components/booth-detail'), 'BoothDetail'),
};

/** A2.23–A2.26: the detail a route names, as a page or a modal body. */
export function EntityDetail({ kind, ...props }: Props) {
  const Detail = DETAILS[kind];
  return (
    <Suspense fallback={<DetailSkeleton />}>
      <Detail {...props} fallback={<GenericEntityDetail kind={kind} {...props} />} />
    </Suspense>
  );
}
