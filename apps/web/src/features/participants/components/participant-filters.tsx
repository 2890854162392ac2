import { type EventDetails, MOBILE_MAX_WIDTH, PARTICIPANT_SEARCH_DEBOUNCE_MS } from '@foyer/contract';
import { Button, CloseButton, Collapse, Group, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Segments } from '../../../components/segments';
import { useTranslation } from '../../../i18n/react';
import { whenIdle } from '../../../lib/idle';
import { lazyNamed } from '../../../lib/lazy-component';
import type { ParticipantFilters as Filters, ParticipantView } from '../lib/search-request';
import '../i18n';

const FilterFields = lazyNamed(() => import('./participant-filter-fields'), 'FilterFields');

/** The fields' row while their code arrives on a wide screen, as tall as it (60.8 px measured). */
const FIELDS_HEIGHT = 'calc(3.8rem * var(--mantine-scale))';

interface Props {
  event: EventDetails;
  filters: Filters;
  onChange(next: Filters): void;
}

/** E2.01, E7.70: search text (debounced, A9.17), participant type, categories, list and order. */
export function ParticipantFilters({ event, filters, onChange }: Props) {
  const { t } = useTranslation();
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

  const narrowed = filters.typeIds.length + filters.categoryIds.length;
  // On a phone the fields sit folded away: their code loads when the browser is first idle, and
  // they mount when first unfolded. On a wider screen they show at once, in their own file's time.
  const [unfolded, setUnfolded] = useState(open);
  if (open && !unfolded) setUnfolded(true);
  useEffect(() => whenIdle(() => void FilterFields.preload()), []);
  const more =
    mobile && !unfolded ? null : (
      <Suspense fallback={<div style={{ minHeight: FIELDS_HEIGHT }} />}>
        <FilterFields event={event} filters={filters} onChange={onChange} />
      </Suspense>
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
