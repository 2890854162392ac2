import { ATTENDEE_CARD_NARROW_WIDTH, type AttendeeCard as Card } from '@foyer/contract';
import { Avatar, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { usePersonActions } from '../../../components/person-actions';
import { overCurrentPage } from '../../../lib/modal-route';
import { ParticipantBadges } from './participant-badges';
import classes from './participant-card.module.css';
import { TagMenu } from './tag-menu';
import '../i18n';
import { useT } from '../../../i18n/use-t';

export interface ParticipantCardProps {
  eventId: number;
  card: Card;
  hybrid: boolean;
  isMe: boolean;
  viewed?: boolean;
  /** Extra lines under the person (the reasons of "People to meet"). */
  children?: ReactNode;
  testId?: string;
}

/**
 * E2.37–E2.42: photo, name, job title, company, Guest tag, presence label, booth logo, meet and
 * chat, and the more menu. A click on the card opens the profile over the list (E2.03, E2.05).
 */
export function ParticipantCard({
  eventId,
  card,
  hybrid,
  isMe,
  viewed,
  children,
  testId,
}: ParticipantCardProps) {
  const t = useT();
  const location = useLocation();
  const { Meet, Chat } = usePersonActions();
  const profilePath = `/event/${eventId}/attendees/${card.id}`;
  // E6.20: no meet or chat with oneself, one's own booth, or people one may not invite.
  const canContact = !isMe && card.canInvite;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className={classes.card}
      data-testid={testId ?? 'attendee-card'}
      data-participant-id={card.id}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Avatar src={card.profilePhoto} name={card.fullName} alt="" size={56} radius={56} color="foyer" />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Title order={3} size="h5">
            <Link
              to={profilePath}
              state={overCurrentPage(location)}
              className={classes.link}
              data-testid="attendee-link"
            >
              {card.fullName}
            </Link>
          </Title>
          {card.jobTitle && (
            <Text size="sm" lineClamp={2}>
              {card.jobTitle}
            </Text>
          )}
          {card.company && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {card.company}
            </Text>
          )}
        </Stack>
        {!isMe && (
          <div className={classes.above}>
            <TagMenu eventId={eventId} card={card} />
          </div>
        )}
      </Group>
      <ParticipantBadges card={card} hybrid={hybrid} isMe={isMe} viewed={viewed} />
      {children}
      {(card.boothId || canContact) && (
        <Group gap="xs" justify="space-between" wrap="nowrap" className={classes.actions}>
          <Group gap="xs" className={classes.above}>
            {canContact && (
              <>
                <Meet eventId={eventId} participantId={card.id} name={card.fullName} />
                <Chat eventId={eventId} participantId={card.id} name={card.fullName} />
              </>
            )}
          </Group>
          {card.boothId && (
            <Tooltip label={card.boothName ?? ''} disabled={!card.boothName}>
              <Link
                to={`/event/${eventId}/expo/${card.boothId}`}
                state={overCurrentPage(location)}
                className={classes.above}
                aria-label={t('attendees.card.booth', { booth: card.boothName ?? '' })}
                data-testid="attendee-booth"
              >
                <Avatar
                  src={card.boothLogo}
                  name={card.boothName ?? ''}
                  alt=""
                  size={36}
                  radius="sm"
                  color="gray"
                />
              </Link>
            </Tooltip>
          )}
        </Group>
      )}
    </Paper>
  );
}

/** E9.49: the narrowest an attendee card gets (unless the screen is narrower still). */
const gridStyle = { '--attendee-card-narrow': `${ATTENDEE_CARD_NARROW_WIDTH}px` } as CSSProperties;

/** The responsive grid the cards sit in: a list, one item per person. */
export function ParticipantGrid({
  children,
  label,
  testId,
}: {
  children: ReactNode;
  label: string;
  testId?: string;
}) {
  return (
    <ul className={classes.grid} style={gridStyle} aria-label={label} data-testid={testId}>
      {children}
    </ul>
  );
}

export function ParticipantGridItem({ children }: { children: ReactNode }) {
  return <li className={classes.item}>{children}</li>;
}
