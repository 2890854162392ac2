import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';

/** The browser's own zone: suggested while the field is empty (A4.24). */
export function localTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function zoneList(): string[] {
  try {
    const zones = Intl.supportedValuesOf('timeZone');
    return zones.includes('UTC') ? zones : ['UTC', ...zones];
  } catch {
    return ['UTC'];
  }
}

/** Searchable IANA time zone picker; the placeholder suggests the local zone. */
export function TimezoneSelect(props: Omit<SelectProps, 'data'>) {
  const data = useMemo(() => {
    const zones = zoneList();
    const local = localTimezone();
    return zones.includes(local) ? zones : [local, ...zones];
  }, []);
  return (
    <Select
      data={data}
      searchable
      clearable
      limit={100}
      placeholder={localTimezone()}
      nothingFoundMessage="—"
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
