import type { AttendeeCard } from '@foyer/contract';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEye, IconEyeOff, IconStar, IconStarOff } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useToggleTag } from './use-toggle-tag';

/** The menu itself, open from its first render (the button that mounted it was just pressed). */
export function OpenedTagMenu({ eventId, card }: { eventId: number; card: AttendeeCard }) {
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
