import type { ConsolePerson } from '@foyer/contract';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useConsolePeople } from '../api/exhibitors';

interface Props {
  eventId: number;
  label: string;
  placeholder?: string;
  value: number | null;
  onChange(person: ConsolePerson | null): void;
  error?: string | undefined;
  /** People not to offer (already on the list). */
  exclude?: readonly number[];
  'data-testid'?: string;
}

/** Searches the event's participants by name, e-mail or company (owner, team member, staff). */
export function PersonPicker({
  eventId,
  label,
  placeholder,
  value,
  onChange,
  error,
  exclude = [],
  ...rest
}: Props) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<ConsolePerson | null>(null);
  const labelOf = (p: ConsolePerson) => (p.email ? `${p.fullName} · ${p.email}` : p.fullName);
  // The text of a chosen option is not a search: keep offering what was found before.
  const people = useConsolePeople(eventId, picked && query === labelOf(picked) ? '' : query);
  const found = (people.data ?? []).filter((p) => !exclude.includes(p.participantId));
  const options =
    picked && picked.participantId === value && !found.some((p) => p.participantId === value)
      ? [picked, ...found]
      : found;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      data={options.map((p) => ({ value: String(p.participantId), label: labelOf(p) }))}
      value={value === null ? null : String(value)}
      onChange={(id) => {
        const person = options.find((p) => String(p.participantId) === id) ?? null;
        setPicked(person);
        onChange(person);
      }}
      error={error}
      nothingFoundMessage={people.isFetching ? '…' : undefined}
      data-testid={rest['data-testid']}
    />
  );
}
