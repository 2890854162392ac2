import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../use-profile';
import { localTimezone, timezoneOptions } from './zones';

/** Why the modal is open: a new user got the device zone, zones differ, or the user asked. */
export type TimezoneModalMode = 'new' | 'differs' | 'manual';

interface Props {
  opened: boolean;
  mode: TimezoneModalMode;
  userTimezone: string | null;
  /** Closed without saving; `differs` records the skip (A4.27). */
  onDismiss(): void;
  onSaved(): void;
}

/** A2.96 timezone modal: pick a zone; saving shows a success toast (A8.35). */
export function TimezoneModal({ opened, mode, userTimezone, onDismiss, onSaved }: Props) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const local = localTimezone();
  const [zone, setZone] = useState<string | null>(null);

  useEffect(() => {
    if (opened) setZone(mode === 'differs' ? local : userTimezone);
  }, [opened, mode, local, userTimezone]);

  const save = () => {
    if (!zone) return;
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
      onClose={onDismiss}
      title={t('timezone.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" data-testid="timezone-modal">
        <Text size="sm">
          {mode === 'new'
            ? t('timezone.text.new', { zone: userTimezone ?? local })
            : mode === 'differs'
              ? t('timezone.text.differs', { user: userTimezone, local })
              : t('timezone.text.manual')}
        </Text>
        <Select
          label={t('timezone.field')}
          placeholder={local}
          data={timezoneOptions(userTimezone, local)}
          value={zone}
          onChange={setZone}
          searchable
          limit={100}
          nothingFoundMessage={t('timezone.nothingFound')}
          comboboxProps={{ withinPortal: true }}
          data-testid="timezone-select"
        />
        {update.error && (
          <Alert color="red" role="alert">
            {update.error instanceof ApiError ? update.error.message : t('common.unknownError')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDismiss} data-testid="timezone-keep">
            {mode === 'manual' ? t('timezone.cancel') : t('timezone.keep', { zone: userTimezone ?? local })}
          </Button>
          <Button onClick={save} loading={update.isPending} disabled={!zone} data-testid="timezone-save">
            {t('timezone.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
