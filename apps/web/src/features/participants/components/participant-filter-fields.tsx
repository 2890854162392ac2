import type { EventDetails, SearchOrder } from '@foyer/contract';
import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { useParticipantTypeText } from '../../../components/participant-type';
import { useTranslation } from '../../../i18n/react';
import { type ParticipantFilters as Filters, toIds } from '../lib/search-request';
import '../i18n';

interface Props {
  event: EventDetails;
  filters: Filters;
  onChange(change: Partial<Filters>): void;
}

/** The category questions and their options as grouped choices (E3.06). */
function categoryGroups(event: EventDetails) {
  const parents = event.categories.filter((c) => c.parentId === null);
  return parents
    .map((parent) => ({
      group: parent.name,
      items: event.categories
        .filter((c) => c.parentId === parent.id)
        .map((c) => ({ value: String(c.id), label: c.name })),
    }))
    .filter((g) => g.items.length > 0);
}

/**
 * E2.01, E7.70: participant type, categories and order. In a file of its own: Mantine's combobox
 * (its dropdown, scroll area and pills) is ~14 KiB gzipped that the first cards need not wait for.
 */
/**
 * The lists stay shown while their field is partly clipped: on a phone the fields unfold in a
 * Collapse, and a list opened while it was still unfolding was hidden for good (its position is not
 * computed again when the clipping ends).
 */
const SHOWN = { hideDetached: false } as const;

export function FilterFields({ event, filters, onChange }: Props) {
  const { t } = useTranslation();
  const typeText = useParticipantTypeText();
  const groups = categoryGroups(event);
  const types = event.participantTypes.map((type) => ({
    value: String(type.id),
    label: typeText(type.name).text,
  }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {types.length > 0 && (
        <MultiSelect
          label={t('attendees.filter.type')}
          placeholder={filters.typeIds.length ? undefined : t('attendees.filter.any')}
          data={types}
          value={filters.typeIds.map(String)}
          onChange={(values) => onChange({ typeIds: toIds(values) })}
          clearable
          comboboxProps={SHOWN}
          data-testid="attendees-filter-type"
        />
      )}
      {groups.length > 0 && (
        <MultiSelect
          label={t('attendees.filter.categories')}
          placeholder={filters.categoryIds.length ? undefined : t('attendees.filter.any')}
          data={groups}
          value={filters.categoryIds.map(String)}
          onChange={(values) => onChange({ categoryIds: toIds(values) })}
          clearable
          searchable
          comboboxProps={SHOWN}
          data-testid="attendees-filter-categories"
        />
      )}
      <Select
        label={t('attendees.filter.sort')}
        data={(['relevance', 'name', 'company'] as const).map((value) => ({
          value,
          label: t(`attendees.sort.${value}`),
        }))}
        value={filters.orderBy}
        onChange={(value) => value && onChange({ orderBy: value as SearchOrder })}
        allowDeselect={false}
        comboboxProps={SHOWN}
        data-testid="attendees-sort"
      />
    </SimpleGrid>
  );
}
