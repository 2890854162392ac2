import { type AttendeeCard, isGuest } from '@foyer/contract';
import { Badge, Group } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { ParticipantTypeBadge } from '../../../components/participant-type';
import '../i18n';
import { useT } from '../../../i18n/use-t';

/**
 * E2.38, E2.39, E1.17: Guest tag, presence label on hybrid events, type, favourite and "you"; for
 * organizers, "Deleted account" on a person who deleted theirs (E3.02).
 */
export function ParticipantBadges({
  card,
  hybrid,
  isMe,
  viewed,
}: {
  card: AttendeeCard;
  hybrid: boolean;
  isMe: boolean;
  viewed?: boolean;
}) {
  const t = useT();
  const fav = card.tags.includes('fav');
  const guest = isGuest(card);
  const presence = hybrid && card.present ? card.present : null;
  const deleted = card.deleted === true;
  if (!isMe && !deleted && !fav && !guest && !presence && !card.participantType && !viewed) return null;
  return (
    <Group gap={6} wrap="wrap">
      {deleted && (
        <Badge variant="filled" color="red.9" data-testid="attendee-deleted">
          {t('attendees.card.deleted')}
        </Badge>
      )}
      {isMe && (
        <Badge variant="filled" color="dark" data-testid="attendee-you">
          {t('attendees.card.you')}
        </Badge>
      )}
      {guest && (
        <Badge variant="light" color="orange" data-testid="attendee-guest">
          {t('attendees.card.guest')}
        </Badge>
      )}
      {card.participantType && !guest && (
        <ParticipantTypeBadge variant="light" color="gray" name={card.participantType} />
      )}
      {presence && (
        <Badge
          variant="outline"
          color={presence === 'venue' ? 'teal.9' : 'indigo.9'}
          data-testid="attendee-presence"
        >
          {t(`attendees.presence.${presence}`)}
        </Badge>
      )}
      {fav && (
        <Badge
          variant="light"
          color="yellow"
          c="dark"
          leftSection={<IconStarFilled size={12} aria-hidden />}
          data-testid="attendee-fav-badge"
        >
          {t('attendees.card.favourite')}
        </Badge>
      )}
      {viewed && !isMe && (
        <Badge variant="transparent" color="gray" c="dimmed" px={0}>
          {t('attendees.card.viewed')}
        </Badge>
      )}
    </Group>
  );
}
