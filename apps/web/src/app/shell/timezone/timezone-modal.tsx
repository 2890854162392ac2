import { Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useUpdateProfile } from '../../../lib/profile';
import { toast } from '../../../lib/toast';
import type { TimezoneModalMode } from './choices';
import { TimezoneChoice } from './timezone-choice';
import { localTimezone } from './zones';

export type { TimezoneModalMode };

interface Props {
  opened: boolean;
  mode: TimezoneModalMode;
  userTimezone: string | null;
  /** "Keep <zone>" (or Cancel): the profile stays as it is; `differs` records the pair (A4.27). */
  onKeep(): void;
  /** Closed with × or Escape: nothing is saved or recorded, so a later sign-in asks again. */
  onClose(): void;
  onSaved(): void;
}

/** A2.96 timezone modal: "Use <zone>" saves it with a success toast (A8.35), "Keep <zone>" does not. */
export function TimezoneModal({ opened, mode, userTimezone, onKeep, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const local = localTimezone();
  const [picked, setPicked] = useState<string | null>(null);
  const { reset } = update;

  // A new opening forgets the last save's error. Only then: a save changes `userTimezone`, and
  // resetting the mutation on that would drop the save's own onSuccess (its toast and the close).
  useEffect(() => {
    if (opened) reset();
  }, [opened, reset]);

  useEffect(() => {
    if (!opened) return;
    setPicked(mode === 'new' ? (userTimezone ?? local) : userTimezone);
  }, [opened, mode, local, userTimezone]);

  const use = (zone: string) => {
    update.mutate(
      { action: 'timezone', timezone: zone },
      {
        onSuccess: () => {
          toast('success', t('timezone.success'));
          onSaved();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('timezone.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <TimezoneChoice
        mode={mode}
        userTimezone={userTimezone}
        local={local}
        picked={picked}
        onPick={setPicked}
        onKeep={onKeep}
        onUse={use}
        saving={update.isPending}
        error={
          update.error
            ? update.error instanceof ApiError
              ? update.error.message
              : t('common.unknownError')
            : null
        }
      />
    </Modal>
  );
}
