import { Button, Collapse, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconDeviceMobile } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import { DEVICE_LABEL_MAX } from '../lib/device';
import { updateDevice, useDoorDevice } from '../lib/use-door-device';
import { PrinterSelect } from './printer-select';
import '../i18n';

/**
 * This device's settings: its name ("This device: Gate B", kept with each check-in), the badge
 * printer (E2.55), the result sounds, and the last camera error (E8.22).
 */
export function DoorSettings({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const device = useDoorDevice();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const label = device.label.trim();

  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        color="gray"
        c="var(--mantine-color-text)"
        justify="space-between"
        fullWidth
        leftSection={<IconDeviceMobile size={18} aria-hidden />}
        rightSection={
          open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
        }
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        data-testid="check-in-settings-toggle"
      >
        {label ? t('checkIn.scan.settings.device', { label }) : t('checkIn.scan.settings.title')}
      </Button>
      <Collapse expanded={open} id={panelId}>
        <Stack gap="sm" pt="xs">
          <TextInput
            label={t('checkIn.scan.settings.label')}
            description={t('checkIn.scan.settings.labelHint')}
            placeholder={t('checkIn.scan.settings.unnamed')}
            value={device.label}
            maxLength={DEVICE_LABEL_MAX}
            onChange={(e) => updateDevice({ label: e.currentTarget.value })}
            data-testid="check-in-device-label"
          />
          <PrinterSelect eventId={eventId} />
          <Switch
            label={t('checkIn.scan.settings.sound')}
            description={t('checkIn.scan.settings.soundHint')}
            checked={!device.muted}
            onChange={(e) => updateDevice({ muted: !e.currentTarget.checked })}
            data-testid="check-in-sound"
          />
          {device.cameraError && (
            <Text size="xs" c="dimmed">
              {t('checkIn.scan.camera.lastError', {
                name: device.cameraError.name,
                at: formatDateTime(device.cameraError.at),
              })}
            </Text>
          )}
        </Stack>
      </Collapse>
    </Stack>
  );
}
