import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { SideDrawer } from '../../../components/side-drawer';
import { useTranslation } from '../../../i18n/react';
import { useCurrentEvent } from '../../../lib/use-current-event';
import { useEver } from '../use-ever';

// The agenda feature loads with the drawer's first opening, not with the shell.
const AgendaDrawerContent = lazy(async () => ({
  default: (await import('../../../features/agenda/components/agenda-drawer-content')).AgendaDrawerContent,
}));

interface Props {
  opened: boolean;
  onClose(): void;
}

/** A2.74: the personal agenda at a glance: live and upcoming, then past (E2.31). */
export function AgendaDrawer({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const event = useCurrentEvent();
  const everOpened = useEver(opened);
  return (
    <SideDrawer opened={opened} onClose={onClose} title={t('nav.agenda')} testId="agenda-drawer">
      {everOpened && (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label={t('common.loading')} />
            </Center>
          }
        >
          <AgendaDrawerContent eventId={event?.id ?? null} onClose={onClose} />
        </Suspense>
      )}
    </SideDrawer>
  );
}
