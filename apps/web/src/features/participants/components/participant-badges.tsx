import { type AttendeeCard, isGuest } from '@foyer/contract';
import { IconStarFilled } from '@tabler/icons-react';
import { type CSSProperties, createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from '../../../i18n/react';
import { participantTypeText, upperTypeText } from '../../../i18n/type-label';
import { useCurrentEvent } from '../../../lib/use-current-event';
import classes from './badge.module.css';
import '../i18n';

type Look = 'filled' | 'light' | 'outline' | 'plain';

/** The colours Mantine's Badge gives each variant, as CSS variables of the theme. */
function badgeStyle(look: Look, color: string, textColor?: string): CSSProperties {
  const vars: Record<string, string> =
    look === 'filled'
      ? { '--badge-bg': `var(--mantine-color-${color})`, '--badge-color': 'var(--mantine-color-white)' }
      : look === 'light'
        ? {
            '--badge-bg': `var(--mantine-color-${color}-light)`,
            '--badge-color': `var(--mantine-color-${color}-light-color)`,
          }
        : look === 'outline'
          ? { '--badge-color': `var(--mantine-color-${color})` }
          : { '--badge-color': `var(--mantine-color-${color})` };
  if (textColor) vars['--badge-color'] = textColor;
  return vars as CSSProperties;
}

/** A badge as plain markup: a card shows a few, and a Mantine Badge each costs sixty times over. */
function Badge({
  look,
  color,
  textColor,
  icon,
  asWritten,
  children,
  ...rest
}: {
  look: Look;
  color: string;
  textColor?: string;
  /** Not upper-cased by CSS (the text is already, by its own language's rules). */
  asWritten?: boolean;
  icon?: ReactNode;
  children: ReactNode;
  lang?: string;
  'data-testid'?: string;
}) {
  const className = [
    classes.badge,
    look === 'outline' && classes.outline,
    look === 'plain' && classes.plain,
    asWritten && classes.asWritten,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={className} style={badgeStyle(look, color, textColor)} {...rest}>
      {icon && <span className={classes.section}>{icon}</span>}
      {children}
    </span>
  );
}

/** A type's badge text, upper-cased in its own language, and that language when not the page's. */
type TypeLabel = (name: string) => { text: string; lang: string | undefined };

/** The current event's type labels (as ParticipantTypeBadge words them), for the badges under it. */
function useTypeLabel(): TypeLabel {
  const { t, i18n } = useTranslation();
  const event = useCurrentEvent();
  const ui = i18n.resolvedLanguage;
  const language = event?.defaultLanguage;
  const types = event?.participantTypes;
  return useMemo(() => {
    return (name: string) => {
      const label = participantTypeText(
        name,
        t,
        ui,
        language,
        types?.find((type) => type.name === name)?.texts,
      );
      return { text: upperTypeText(label), lang: label.lang === ui ? undefined : label.lang };
    };
  }, [t, ui, language, types]);
}

const TypeLabelContext = createContext<TypeLabel | null>(null);

/** One type-label lookup for a whole grid of cards, instead of a query and translation hook per card. */
export function TypeLabels({ children }: { children: ReactNode }) {
  return <TypeLabelContext value={useTypeLabel()}>{children}</TypeLabelContext>;
}

/** The participant's type (E3.05 texts per language), upper-cased in the label's language. */
function TypeBadge({ name }: { name: string }) {
  const shared = useContext(TypeLabelContext);
  return shared ? <TypeBadgeAs label={shared(name)} /> : <OwnTypeBadge name={name} />;
}

function OwnTypeBadge({ name }: { name: string }) {
  return <TypeBadgeAs label={useTypeLabel()(name)} />;
}

function TypeBadgeAs({ label }: { label: ReturnType<TypeLabel> }) {
  return (
    <Badge look="light" color="gray" lang={label.lang} data-testid="attendee-type" asWritten>
      {label.text}
    </Badge>
  );
}

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
  const { t } = useTranslation();
  const fav = card.tags.includes('fav');
  const guest = isGuest(card);
  const presence = hybrid && card.present ? card.present : null;
  const deleted = card.deleted === true;
  if (!isMe && !deleted && !fav && !guest && !presence && !card.participantType && !viewed) return null;
  return (
    <div className={classes.list}>
      {deleted && (
        <Badge look="filled" color="red-9" data-testid="attendee-deleted">
          {t('attendees.card.deleted')}
        </Badge>
      )}
      {isMe && (
        <Badge look="filled" color="dark-filled" data-testid="attendee-you">
          {t('attendees.card.you')}
        </Badge>
      )}
      {guest && (
        <Badge look="light" color="orange" data-testid="attendee-guest">
          {t('attendees.card.guest')}
        </Badge>
      )}
      {card.participantType && !guest && <TypeBadge name={card.participantType} />}
      {presence && (
        <Badge
          look="outline"
          color={presence === 'venue' ? 'teal-9' : 'indigo-9'}
          data-testid="attendee-presence"
        >
          {t(`attendees.presence.${presence}`)}
        </Badge>
      )}
      {fav && (
        <Badge
          look="light"
          color="yellow"
          textColor="var(--mantine-color-dark-text)"
          icon={<IconStarFilled size={12} aria-hidden />}
          data-testid="attendee-fav-badge"
        >
          {t('attendees.card.favourite')}
        </Badge>
      )}
      {viewed && !isMe && (
        <Badge look="plain" color="dimmed">
          {t('attendees.card.viewed')}
        </Badge>
      )}
    </div>
  );
}
