import { type Search2Response, searchRowsToCards } from '@foyer/contract';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DropdownName, DropdownNamePill } from '../../../components/dropdown-name';
import { useTranslation } from '../../../i18n/react';
import { api } from '../../../lib/api-client';
import '../i18n';

/** Attendees of the event I may chat with (E6.22), for the member picker. */
function useChattable(eventId: number, query: string) {
  return useQuery({
    queryKey: ['chat', 'chattable', eventId, query],
    queryFn: async ({ signal }) =>
      searchRowsToCards(
        await api<Search2Response>('/event/participant/search2', {
          method: 'POST',
          body: { eventId, query: query || undefined, length: 30 },
          signal,
        }),
      ).filter((card) => card.canInvite),
    enabled: eventId > 0,
    staleTime: 60_000,
  });
}

interface Props {
  eventId: number;
  value: string[];
  onChange(value: string[]): void;
  /** Participant ids not to offer (already members). */
  exclude?: readonly number[];
}

/** Picks people of the event by name (participant ids as strings). */
export function MemberPicker({ eventId, value, onChange, exclude = [] }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const found = useChattable(eventId, debounced.trim());
  const data = [
    ...value.map((id) => ({ value: id, label: labels[id] ?? id })),
    ...(found.data ?? [])
      .filter((card) => !value.includes(String(card.id)) && !exclude.includes(card.id))
      .map((card) => ({ value: String(card.id), label: card.fullName })),
  ];
  return (
    <MultiSelect
      label={t('chat.group.members')}
      description={t('chat.group.membersHint')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={data}
      value={value}
      onChange={(next) => {
        const all = new Map(data.map((d) => [d.value, d.label]));
        setLabels((old) => ({ ...old, ...Object.fromEntries(next.map((v) => [v, all.get(v) ?? v])) }));
        onChange(next);
      }}
      nothingFoundMessage={found.isFetching ? undefined : t('chat.group.nothingFound')}
      comboboxProps={{ withinPortal: true }}
      // E5.50: names in the dropdown and the chosen pills are cut after 9 characters.
      renderOption={({ option }) => <DropdownName name={option.label} />}
      renderPill={({ option, onRemove, disabled }) => (
        <DropdownNamePill name={option.label} onRemove={onRemove} disabled={disabled} />
      )}
    />
  );
}
