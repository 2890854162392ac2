import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { type TimezoneModalMode, timezoneChoices } from './choices';
import { timezoneOptions } from './zones';

interface Props {
  mode: TimezoneModalMode;
  userTimezone: string | null;
  /** The device's zone. */
  local: string;
  /** The zone picked in the list (modes with a picker). */
  picked: string | null;
  onPick(zone: string | null): void;
  onKeep(): void;
  onUse(zone: string): void;
  saving: boolean;
  error: string | null;
}

/** The timezone modal's content (A2.96): the question, a picker where it helps, and the two choices. */
export function TimezoneChoice({
  mode,
  userTimezone,
  local,
  picked,
  onPick,
  onKeep,
  onUse,
  saving,
  error,
}: Props) {
  const { t } = useTranslation();
  const choices = timezoneChoices(mode, userTimezone, local, picked);
  const { keep, use } = choices;

  return (
    <Stack gap="md" data-testid="timezone-modal">
      <Text size="sm">
        {mode === 'new'
          ? t('timezone.text.new', { zone: userTimezone ?? local })
          : mode === 'differs'
            ? t('timezone.text.differs', { user: userTimezone, local })
            : t('timezone.text.manual')}
      </Text>
      {choices.picker && (
        <Select
          label={t('timezone.field')}
          placeholder={local}
          data={timezoneOptions(userTimezone, local, picked)}
          value={picked}
          onChange={onPick}
          searchable
          limit={100}
          nothingFoundMessage={t('timezone.nothingFound')}
          comboboxProps={{ withinPortal: true }}
          data-testid="timezone-select"
        />
      )}
      {choices.remember && keep && (
        <Text size="sm" c="dimmed">
          {t('timezone.text.remember', { user: keep, local })}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onKeep} disabled={saving} data-testid="timezone-keep">
          {keep ? t('timezone.keep', { zone: keep }) : t('timezone.cancel')}
        </Button>
        {(use || mode === 'manual') && (
          <Button
            onClick={() => use && onUse(use)}
            loading={saving}
            disabled={!use}
            data-testid="timezone-save"
          >
            {use ? t('timezone.use', { zone: use }) : t('timezone.save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
