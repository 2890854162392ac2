import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { SideDrawer } from '../../../components/side-drawer';
import { useTranslation } from '../../../i18n/react';
import { useCurrentEventId } from '../../../lib/use-current-event';

const ContactsPanel = lazy(async () => ({
  default: (await import('../../../features/contacts/components/contacts-panel')).ContactsPanel,
}));

interface Props {
  opened: boolean;
  onClose(): void;
}

/** A2.77: contacts, the list and then one contact's detail with a back-to-list button. */
export function ContactsDrawer({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const eventId = useCurrentEventId();
  return (
    <SideDrawer opened={opened} onClose={onClose} title={t('nav.contacts')} testId="contacts-drawer">
      {opened && (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label={t('common.loading')} />
            </Center>
          }
        >
          <ContactsPanel eventId={eventId} variant="drawer" />
        </Suspense>
      )}
    </SideDrawer>
  );
}
