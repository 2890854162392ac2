import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import '../i18n';
import { type PersonOption, usePeopleSearch } from '../api/people-search';

interface Props {
  eventId: number;
  label: string;
  value: PersonOption | null;
  onChange(person: PersonOption | null): void;
  /** People who cannot be picked here (already chosen, myself). */
  exclude?: readonly number[];
  testId: string;
}

/** A searchable person select: the query goes to the server 400 ms after typing stops (E7 pickers). */
export function PersonPicker({ eventId, label, value, onChange, exclude = [], testId }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 400);
  const people = usePeopleSearch(eventId, query.trim());
  const options = (people.data ?? []).filter((p) => !exclude.includes(p.id));
  const known = value && !options.some((p) => p.id === value.id) ? [value, ...options] : options;
  return (
    <Select
      label={label}
      placeholder={t('meetings.picker.placeholder')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={people.isFetching ? t('meetings.picker.searching') : t('meetings.picker.none')}
      data={known.map((p) => ({
        value: String(p.id),
        label: p.company ? `${p.fullName} · ${p.company}` : p.fullName,
      }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(known.find((p) => String(p.id) === id) ?? null)}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
