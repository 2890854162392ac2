import { Button, EmptyState } from '@mantine/core';
import { IconAddressBookOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SideDrawer } from '../../../components/side-drawer';
import { useCurrentEventId } from '../use-current-event';

interface Props {
  opened: boolean;
  onClose(): void;
}

/**
 * A2.77: contacts, list then detail. Nobody has collected a contact until the contacts feature
 * (scan a badge, add from a profile) ships, so the list opens on its empty state.
 */
export function ContactsDrawer({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const eventId = useCurrentEventId();
  return (
    <SideDrawer opened={opened} onClose={onClose} title={t('nav.contacts')} testId="contacts-drawer">
      <EmptyState
        py="xl"
        icon={<IconAddressBookOff size={32} aria-hidden />}
        title={t('shell.contacts.empty.title')}
        description={t('shell.contacts.empty.text')}
      >
        <EmptyState.Actions>
          <Button
            variant="default"
            component={Link}
            to={eventId ? `/contacts?eventId=${eventId}` : '/contacts'}
            onClick={onClose}
          >
            {t('shell.contacts.open')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </SideDrawer>
  );
}
