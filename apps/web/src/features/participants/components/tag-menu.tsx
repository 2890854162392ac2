import type { AttendeeCard } from '@foyer/contract';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { quietLazy } from '../../../lib/quiet-lazy';
import classes from './tag-menu.module.css';
import '../i18n';
import { useTranslation } from '../../../i18n/react';

// Mantine's Menu (with its positioning library) loads with the first press of a card's menu button.
// Until its code has arrived (or while it cannot be fetched) the button stays, marked busy.
const OpenedTagMenu = quietLazy(
  async () => (await import('./opened-tag-menu')).OpenedTagMenu,
  ({ card }) => <MoreButton card={card} busy onPress={() => {}} />,
);

/**
 * E2.42: the card's more menu. Not offered on one's own card (E6.21): the caller leaves it out. A
 * directory page shows sixty cards and few menus are opened, so each card starts with the button
 * alone: the menu (its popover, positioning and the tag mutation) is fetched and mounted with the
 * first press and opens at once; until its code has arrived the button stays, marked busy.
 */
export function TagMenu({ eventId, card }: { eventId: number; card: AttendeeCard }) {
  const [mounted, setMounted] = useState(false);
  if (mounted) {
    return <OpenedTagMenu eventId={eventId} card={card} />;
  }
  return <MoreButton card={card} busy={false} onPress={() => setMounted(true)} />;
}

/** A plain button styled as the subtle gray ActionIcon the menu then shows (no component per card). */
function MoreButton({ card, busy, onPress }: { card: AttendeeCard; busy: boolean; onPress: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`mantine-focus-auto ${classes.more}`}
      aria-label={t('attendees.card.more', { name: card.fullName })}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={busy || undefined}
      onClick={onPress}
      data-testid="attendee-more"
    >
      <IconDots size={18} aria-hidden />
    </button>
  );
}
