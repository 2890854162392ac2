import { POLL_MAX_ANSWERS, type Poll } from '@foyer/contract';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../i18n/react';
import { PollForm } from './poll-form';
import '../i18n';

interface Props {
  eventId: number;
  /** null: a new poll. */
  poll: Poll | null;
  opened: boolean;
  onClose(): void;
}

/** The poll modal (A2.90, E2.69): one form for create and edit. */
export function PollFormModal({ eventId, poll, opened, onClose }: Props) {
  const { t } = useTranslation();
  const mobile = useMediaQuery('(max-width: 767px)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={poll ? t('lobby.poll.editTitle') : t('lobby.poll.createTitle')}
      size="lg"
      fullScreen={mobile}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="poll-form-modal"
    >
      {opened && <PollForm eventId={eventId} poll={poll} onDone={onClose} maxAnswers={POLL_MAX_ANSWERS} />}
    </Modal>
  );
}
