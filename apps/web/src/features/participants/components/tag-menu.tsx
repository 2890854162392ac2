import type { AttendeeCard, ParticipantTag } from '@foyer/contract';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEye, IconEyeOff, IconStar, IconStarOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSetTag } from '../api/tags';
import classes from './tag-menu.module.css';
import '../i18n';
import { useTranslation } from '../../../i18n/react';

/** Favourite or ignore someone, with a toast that says what happened (E2.42). */
export function useToggleTag(eventId: number) {
  const { t } = useTranslation();
  const setTag = useSetTag(eventId);
  const toggle = (card: Pick<AttendeeCard, 'id' | 'fullName' | 'tags'>, tag: ParticipantTag) => {
    const on = !card.tags.includes(tag);
    setTag.mutate(
      { participantId: card.id, tag, on },
      {
        onSuccess: () =>
          toast('success', t(`attendees.tag.${tag}.${on ? 'on' : 'off'}`, { name: card.fullName })),
        onError: (error) =>
          toast('error', error instanceof ApiError ? error.message : t('common.unknownError')),
      },
    );
  };
  return { toggle, pending: setTag.isPending };
}

/**
 * E2.42: the card's more menu. Not offered on one's own card (E6.21): the caller leaves it out. A
 * directory page shows sixty cards and few menus are opened, so each card starts with the button
 * alone: the menu (its popover, positioning and the tag mutation) mounts with the first press and
 * opens at once.
 */
export function TagMenu({ eventId, card }: { eventId: number; card: AttendeeCard }) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  if (mounted) return <OpenedTagMenu eventId={eventId} card={card} />;
  // A plain button styled as the subtle gray ActionIcon the menu then shows (no component per card).
  return (
    <button
      type="button"
      className={`mantine-focus-auto ${classes.more}`}
      aria-label={t('attendees.card.more', { name: card.fullName })}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setMounted(true)}
      data-testid="attendee-more"
    >
      <IconDots size={18} aria-hidden />
    </button>
  );
}

/** The menu itself, open from its first render (the button that mounted it was just pressed). */
function OpenedTagMenu({ eventId, card }: { eventId: number; card: AttendeeCard }) {
  const { t } = useTranslation();
  const { toggle, pending } = useToggleTag(eventId);
  const fav = card.tags.includes('fav');
  const ignored = card.tags.includes('ignored');
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('attendees.card.more', { name: card.fullName })}
          loading={pending}
          data-testid="attendee-more"
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={fav ? <IconStarOff size={16} aria-hidden /> : <IconStar size={16} aria-hidden />}
          onClick={() => toggle(card, 'fav')}
          data-testid="attendee-fav"
        >
          {t(fav ? 'attendees.action.unfavourite' : 'attendees.action.favourite')}
        </Menu.Item>
        <Menu.Item
          leftSection={ignored ? <IconEye size={16} aria-hidden /> : <IconEyeOff size={16} aria-hidden />}
          onClick={() => toggle(card, 'ignored')}
          data-testid="attendee-ignore"
        >
          {t(ignored ? 'attendees.action.unignore' : 'attendees.action.ignore')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
