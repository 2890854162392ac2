import { EmptyState, Modal } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  onClose(): void;
}

/** A6.07, A2.96: check-in staff scan tickets here; the scanner comes with the check-in feature. */
export function CheckInModal({ opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('nav.checkIn')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <EmptyState
        py="lg"
        icon={<IconScan size={32} aria-hidden />}
        title={t('shell.checkIn.empty.title')}
        description={t('shell.checkIn.empty.text')}
        data-testid="check-in-empty"
      />
    </Modal>
  );
}
