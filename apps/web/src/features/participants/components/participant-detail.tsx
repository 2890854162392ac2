import { Avatar, Button, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconEye, IconEyeOff, IconSearchOff, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { type DetailProps, DetailSkeleton } from '../../../components/detail-skeleton';
import { usePersonActions } from '../../../components/person-actions';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { overCurrentPage } from '../../../lib/modal-route';
import { useEvent } from '../../../lib/use-event';
import { useParticipant, viewedKey } from '../api/participant';
import { useTagsLive } from '../hooks/use-tags-live';
import { rememberViewed } from '../lib/viewed-local';
import { ParticipantBadges } from './participant-badges';
import { ProfileSections } from './profile-sections';
import { useToggleTag } from './use-toggle-tag';
import '../i18n';

/**
 * E2.03, E2.04: the attendee profile, in a modal over the list or as a full page. Opening it marks
 * the person as viewed (the server records it).
 */
export function ParticipantDetail({ eventId, id, variant, onBack }: DetailProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const query = useParticipant(eventId, id);
  const event = useEvent(eventId).data;
  const { Meet, Chat, OnBehalf, CheckIn, ActAs } = usePersonActions();
  const { toggle, pending } = useToggleTag(eventId);
  useTagsLive(eventId);
  const queryClient = useQueryClient();
  const loadedId = query.data?.id;
  // Opening the profile marked it viewed on the server: the list's "Viewed" badges follow.
  useEffect(() => {
    if (!loadedId) return;
    rememberViewed(eventId, loadedId); // A3.24: and in this browser, at once
    void queryClient.invalidateQueries({ queryKey: viewedKey(eventId) });
  }, [loadedId, eventId, queryClient]);
  const listPath = `/event/${eventId}/attendees`;

  if (query.isPending && query.fetchStatus !== 'idle') return <DetailSkeleton />;
  const profile = query.data;
  if (!profile) {
    const missing = !(query.error instanceof ApiError) || [400, 403, 404].includes(query.error.status);
    return (
      <Stack gap="md" data-testid="entity-not-found">
        {variant === 'page' && <Title order={1}>{t('eventArea.detail.attendees')}</Title>}
        <EmptyState
          py="lg"
          icon={<IconSearchOff size={32} aria-hidden />}
          title={t('eventArea.notFound.attendees')}
          description={missing ? t('eventArea.notFound.text') : query.error?.message}
        >
          <EmptyState.Actions>
            <Button component={Link} to={listPath} variant="default" onClick={onBack}>
              {t('eventArea.backTo.attendees')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Stack>
    );
  }

  const isMe = event?.me?.id === profile.id;
  const fav = profile.tags.includes('fav');
  const ignored = profile.tags.includes('ignored');
  const canContact = !isMe && profile.canInvite;
  const hybrid = event?.eventType === 'hybrid';
  // In a modal the dialog's title is the h2; on a page the name is the h1.
  const level = variant === 'page' ? 2 : 4;

  return (
    <Stack gap="lg" data-testid="attendee-detail" data-participant-id={profile.id}>
      <Group wrap="nowrap" gap="md" align="flex-start">
        <Avatar
          src={profile.profilePhoto}
          name={profile.fullName}
          alt=""
          size={80}
          radius={80}
          color="foyer"
        />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={variant === 'page' ? 1 : 3} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {profile.fullName}
          </Title>
          {profile.jobTitle && <Text>{profile.jobTitle}</Text>}
          {profile.company && <Text c="dimmed">{profile.company}</Text>}
          <ParticipantBadges card={profile} hybrid={hybrid} isMe={isMe} />
        </Stack>
      </Group>

      {profile.boothId && (
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={profile.boothLogo}
            name={profile.boothName ?? ''}
            alt=""
            size={40}
            radius="sm"
            color="gray"
          />
          <Button
            component={Link}
            to={`/event/${eventId}/expo/${profile.boothId}`}
            state={variant === 'modal' ? location.state : overCurrentPage(location)}
            variant="subtle"
            px={0}
            data-testid="attendee-detail-booth"
          >
            {t('attendees.profile.booth', { booth: profile.boothName ?? '' })}
          </Button>
        </Group>
      )}

      <Group gap="xs" data-testid="attendee-detail-actions">
        {canContact && (
          <>
            <Meet eventId={eventId} participantId={profile.id} name={profile.fullName} size="sm" />
            <Chat eventId={eventId} participantId={profile.id} name={profile.fullName} size="sm" />
          </>
        )}
        {!isMe && (
          <>
            <Button
              size="sm"
              variant={fav ? 'light' : 'default'}
              color={fav ? 'yellow' : undefined}
              c={fav ? 'dark' : undefined}
              leftSection={
                fav ? <IconStarFilled size={16} aria-hidden /> : <IconStar size={16} aria-hidden />
              }
              aria-pressed={fav}
              loading={pending}
              onClick={() => toggle(profile, 'fav')}
              data-testid="attendee-detail-fav"
            >
              {t(fav ? 'attendees.action.favourited' : 'attendees.action.favourite')}
            </Button>
            <Button
              size="sm"
              variant="default"
              leftSection={ignored ? <IconEye size={16} aria-hidden /> : <IconEyeOff size={16} aria-hidden />}
              aria-pressed={ignored}
              loading={pending}
              onClick={() => toggle(profile, 'ignored')}
              data-testid="attendee-detail-ignore"
            >
              {t(ignored ? 'attendees.action.unignore' : 'attendees.action.ignore')}
            </Button>
          </>
        )}
        {event && <OnBehalf event={event} participantId={profile.id} participantName={profile.fullName} />}
        {event && (
          <CheckIn
            event={event}
            person={{
              participantId: profile.id,
              ticketId: profile.ticketId,
              fullName: profile.fullName,
              company: profile.company,
              jobTitle: profile.jobTitle,
              participantType: profile.participantType,
              photo: profile.profilePhoto,
            }}
          />
        )}
        <ActAs userId={profile.userId} name={profile.fullName} />
        {isMe && (
          <Button
            component={Link}
            to={`/event/${eventId}/event-profile`}
            size="sm"
            variant="light"
            leftSection={<IconEdit size={16} aria-hidden />}
            data-testid="attendee-detail-edit"
          >
            {t('attendees.profile.edit')}
          </Button>
        )}
      </Group>

      <ProfileSections profile={profile} event={event} level={level} />

      {variant === 'page' && (
        <Group>
          <Button component={Link} to={listPath} variant="default">
            {t('eventArea.backTo.attendees')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
