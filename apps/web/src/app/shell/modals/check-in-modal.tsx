import { Center, Loader, Modal } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useCurrentEvent } from '../../../lib/use-current-event';

const CheckInPanel = lazy(async () => ({
  default: (await import('../../../features/checkin/components/check-in-panel')).CheckInPanel,
}));

interface Props {
  opened: boolean;
  onClose(): void;
}

/** A6.07, A2.96, E2.54: check-in staff scan tickets here (the scanner is the check-in feature's lazy chunk). */
export function CheckInModal({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const event = useCurrentEvent();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('nav.checkIn')}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {event && (
        <Suspense
          fallback={
            <Center py="lg">
              <Loader size="sm" />
            </Center>
          }
        >
          <CheckInPanel event={event} />
        </Suspense>
      )}
    </Modal>
  );
}
