import {
  type EventDetails,
  MOBILE_MAX_WIDTH,
  PARTICIPANT_SEARCH_DEBOUNCE_MS,
  type SearchOrder,
} from '@foyer/contract';
import {
  Button,
  CloseButton,
  Collapse,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useParticipantTypeText } from '../../../components/participant-type';
import { Segments } from '../../../components/segments';
import { useTranslation } from '../../../i18n/react';
import { type ParticipantFilters as Filters, type ParticipantView, toIds } from '../lib/search-request';
import '../i18n';

interface Props {
  event: EventDetails;
  filters: Filters;
  onChange(next: Filters): void;
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

/** E2.01, E7.70: search text (debounced, A9.17), participant type, categories, list and order. */
export function ParticipantFilters({ event, filters, onChange }: Props) {
  const { t } = useTranslation();
  const typeText = useParticipantTypeText();
  const mobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [text, setText] = useState(filters.query);
  const [open, setOpen] = useState(false);
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };

  // The typed text reaches the search once typing pauses; a cleared filter clears the box.
  useEffect(() => {
    if (text === latest.current.filters.query) return;
    // A profile opened meanwhile (a modal over the list) keeps the list as it was.
    const path = window.location.pathname;
    const timer = setTimeout(() => {
      if (window.location.pathname === path)
        latest.current.onChange({ ...latest.current.filters, query: text });
    }, PARTICIPANT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => setText(filters.query), [filters.query]);

  const groups = categoryGroups(event);
  const types = event.participantTypes.map((type) => ({
    value: String(type.id),
    label: typeText(type.name).text,
  }));
  const narrowed = filters.typeIds.length + filters.categoryIds.length;

  const more = (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {types.length > 0 && (
        <MultiSelect
          label={t('attendees.filter.type')}
          placeholder={filters.typeIds.length ? undefined : t('attendees.filter.any')}
          data={types}
          value={filters.typeIds.map(String)}
          onChange={(values) => onChange({ ...filters, typeIds: toIds(values) })}
          clearable
          data-testid="attendees-filter-type"
        />
      )}
      {groups.length > 0 && (
        <MultiSelect
          label={t('attendees.filter.categories')}
          placeholder={filters.categoryIds.length ? undefined : t('attendees.filter.any')}
          data={groups}
          value={filters.categoryIds.map(String)}
          onChange={(values) => onChange({ ...filters, categoryIds: toIds(values) })}
          clearable
          searchable
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
        onChange={(value) => value && onChange({ ...filters, orderBy: value as SearchOrder })}
        allowDeselect={false}
        data-testid="attendees-sort"
      />
    </SimpleGrid>
  );

  return (
    <Stack gap="sm" data-testid="attendees-filters">
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          type="search"
          label={t('attendees.search.label')}
          placeholder={t('attendees.search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={200}
          rightSection={
            text ? (
              <CloseButton size="sm" aria-label={t('attendees.search.clear')} onClick={() => setText('')} />
            ) : null
          }
          data-testid="attendees-search"
        />
        {mobile && (
          <Button
            variant={narrowed ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            data-testid="attendees-filters-toggle"
          >
            {narrowed ? t('attendees.filter.toggleCount', { count: narrowed }) : t('attendees.filter.toggle')}
          </Button>
        )}
      </Group>
      {mobile ? <Collapse expanded={open}>{more}</Collapse> : more}
      <Segments<ParticipantView>
        label={t('attendees.view.label')}
        value={filters.view}
        onChange={(view) => onChange({ ...filters, view })}
        data={(['all', 'fav', 'ignored'] as const).map((value) => ({
          value,
          label: t(`attendees.view.${value}`),
        }))}
        fullWidth={mobile}
        testId="attendees-view"
      />
    </Stack>
  );
}
