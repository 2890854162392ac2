import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { localTimezone, timezoneOptions } from '../../../lib/time-zones';

/** The browser's own zone: suggested while the field is empty (A4.24). */
export { localTimezone };

/** Searchable IANA time zone picker; the placeholder suggests the local zone. */
export function TimezoneSelect(props: Omit<SelectProps, 'data'>) {
  const { value } = props;
  // The chosen zone and the device's are listed even where the browser's list lacks them, once each.
  const data = useMemo(() => timezoneOptions(value, localTimezone()), [value]);
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
