import { ATTENDEE_CARD_NARROW_WIDTH, type AttendeeCard as Card } from '@foyer/contract';
import { type CSSProperties, memo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { usePersonActions } from '../../../components/person-actions';
import { overCurrentPage } from '../../../lib/modal-route';
import { CardAvatar } from './card-avatar';
import { ParticipantBadges, TypeLabels } from './participant-badges';
import classes from './participant-card.module.css';
import { TagMenu } from './tag-menu';
import '../i18n';
import { useTranslation } from '../../../i18n/react';

export interface ParticipantCardProps {
  eventId: number;
  card: Card;
  hybrid: boolean;
  isMe: boolean;
  viewed?: boolean;
  /**
   * Meet and chat shown (the default). A long list passes false for the cards after the first few
   * and true a few at a time once the page is idle: those buttons are most of a card's render.
   */
  actions?: boolean;
  /** Extra lines under the person (the reasons of "People to meet"). */
  children?: ReactNode;
  testId?: string;
}

/**
 * E2.37–E2.42: photo, name, job title, company, Guest tag, presence label, booth logo, meet and
 * chat, and the more menu. A click on the card opens the profile over the list (E2.03, E2.05).
 * Plain elements styled by the CSS module (sixty cards a page): Mantine components only where a
 * control needs one.
 */
export const ParticipantCard = memo(function ParticipantCard({
  eventId,
  card,
  hybrid,
  isMe,
  viewed,
  actions = true,
  children,
  testId,
}: ParticipantCardProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { Meet, Chat } = usePersonActions();
  const profilePath = `/event/${eventId}/attendees/${card.id}`;
  // E6.20: no meet or chat with oneself, one's own booth, or people one may not invite.
  const canContact = !isMe && card.canInvite;
  return (
    <div className={classes.card} data-testid={testId ?? 'attendee-card'} data-participant-id={card.id}>
      <div className={classes.head}>
        <CardAvatar
          src={card.profilePhoto}
          name={card.fullName}
          size={56}
          radius="calc(3.5rem * var(--mantine-scale))"
          color="foyer"
        />
        <div className={classes.who}>
          <h3 className={classes.name}>
            <Link
              to={profilePath}
              state={overCurrentPage(location)}
              className={classes.link}
              data-testid="attendee-link"
            >
              {card.fullName}
            </Link>
          </h3>
          {card.jobTitle && <p className={classes.line}>{card.jobTitle}</p>}
          {card.company && <p className={`${classes.line} ${classes.company}`}>{card.company}</p>}
        </div>
        {!isMe && (
          <div className={classes.above}>
            <TagMenu eventId={eventId} card={card} />
          </div>
        )}
      </div>
      <ParticipantBadges card={card} hybrid={hybrid} isMe={isMe} viewed={viewed} />
      {children}
      {(card.boothId || canContact) && (
        <div className={classes.actions}>
          <div className={`${classes.buttons} ${classes.above}`}>
            {canContact && actions && (
              <>
                <Meet eventId={eventId} participantId={card.id} name={card.fullName} />
                <Chat eventId={eventId} participantId={card.id} name={card.fullName} />
              </>
            )}
          </div>
          {card.boothId && (
            <Link
              to={`/event/${eventId}/expo/${card.boothId}`}
              state={overCurrentPage(location)}
              className={classes.booth}
              aria-label={t('attendees.card.booth', { booth: card.boothName ?? '' })}
              data-testid="attendee-booth"
            >
              <CardAvatar
                src={card.boothLogo}
                name={card.boothName ?? ''}
                size={36}
                radius="var(--mantine-radius-sm)"
                color="gray"
              />
              {card.boothName && (
                <span className={classes.boothTip} aria-hidden>
                  {card.boothName}
                </span>
              )}
            </Link>
          )}
        </div>
      )}
    </div>
  );
});

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
      <TypeLabels>{children}</TypeLabels>
    </ul>
  );
}

export function ParticipantGridItem({ children }: { children: ReactNode }) {
  return <li className={classes.item}>{children}</li>;
}
