import { type CheckInArea, DEFAULT_EVENT_AREA_NAME } from '@foyer/contract';
import { Alert, Select, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { capacityLevel } from '../lib/mode';
import '../i18n';

export const areaKey = (a: Pick<CheckInArea, 'entityType' | 'entityId'>) =>
  `${a.entityType}:${a.entityId ?? 0}`;

/**
 * E2.67: where staff check people in, with its live occupancy; areas at 90 % of their capacity are
 * "nearly full", at 100 % "full", in the list and under it.
 */
export function AreaSelect({
  areas,
  value,
  onChange,
  failed,
}: {
  areas: CheckInArea[];
  value: string;
  onChange(value: string): void;
  failed: boolean;
}) {
  const { t } = useTranslation();
  const name = (a: CheckInArea) => {
    // The whole event under its default name reads in the staff member's language (E3.33).
    if (a.entityType === 'event')
      return a.name && a.name !== DEFAULT_EVENT_AREA_NAME ? a.name : t('checkIn.area.event');
    return t(a.entityType === 'location' ? 'checkIn.area.location' : 'checkIn.area.session', {
      name: a.name,
    });
  };
  const tag = (a: CheckInArea) => {
    const level = capacityLevel(a);
    return level === 'ok'
      ? ''
      : ` · ${t(level === 'full' ? 'checkIn.scan.capacity.fullTag' : 'checkIn.scan.capacity.nearlyFullTag')}`;
  };
  const options = areas.map((a) => ({ value: areaKey(a), label: `${name(a)}${tag(a)}` }));
  const chosen = areas.find((a) => areaKey(a) === value);
  const level = chosen ? capacityLevel(chosen) : 'ok';
  const occupancy = chosen
    ? chosen.capacity !== null
      ? t('checkIn.area.occupancy', { used: chosen.capacityUsed, capacity: chosen.capacity })
      : t('checkIn.area.inside', { used: chosen.capacityUsed })
    : undefined;

  if (failed) return <Alert color="red">{t('checkIn.error.areas')}</Alert>;
  return (
    <Stack gap={6}>
      <Select
        label={t('checkIn.area.label')}
        description={occupancy}
        data={options.length ? options : [{ value: 'event:0', label: t('checkIn.area.event') }]}
        value={value}
        onChange={(next) => next && onChange(next)}
        allowDeselect={false}
        searchable
        comboboxProps={{ withinPortal: true }}
        data-testid="check-in-area"
      />
      {chosen && level !== 'ok' && (
        <Alert
          color={level === 'full' ? 'red' : 'yellow'}
          variant="light"
          py={6}
          icon={<IconAlertTriangle size={18} aria-hidden />}
          data-testid="check-in-capacity"
          data-level={level}
        >
          {t(level === 'full' ? 'checkIn.scan.capacity.full' : 'checkIn.scan.capacity.nearlyFull', {
            name: name(chosen),
            used: chosen.capacityUsed,
            capacity: chosen.capacity ?? 0,
          })}
        </Alert>
      )}
    </Stack>
  );
}
