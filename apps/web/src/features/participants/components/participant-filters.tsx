import { type EventDetails, MOBILE_MAX_WIDTH, PARTICIPANT_SEARCH_DEBOUNCE_MS } from '@foyer/contract';
import { Button, CloseButton, Collapse, Group, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
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
  /** Changes these fields of the filters as the address has them now (the rest stay). */
  onChange(change: Partial<Filters>): void;
  /** The list's first answer is on screen (or failed): the fields' code may come now. */
  listShown: boolean;
}

/** E2.01, E7.70: search text (debounced, A9.17), participant type, categories, list and order. */
export function ParticipantFilters({ event, filters, onChange, listShown }: Props) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [text, setText] = useState(filters.query);
  const [open, setOpen] = useState(false);
  const latest = useRef({ query: filters.query, onChange });
  latest.current = { query: filters.query, onChange };

  // The searches this box has sent and the page has not yet shown (oldest first).
  const sent = useRef<string[]>([]);

  // The typed text reaches the search once typing pauses.
  useEffect(() => {
    if (text === latest.current.query) return;
    // A profile opened meanwhile (a modal over the list) keeps the list as it was.
    const path = window.location.pathname;
    const timer = setTimeout(() => {
      if (window.location.pathname !== path) return;
      sent.current.push(text);
      latest.current.onChange({ query: text });
    }, PARTICIPANT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // A search set elsewhere (cleared, the browser's back) shows in the box. One this box sent is
  // not put back in it: on a slow phone the page may show it after more has been typed.
  useEffect(() => {
    const own = sent.current.indexOf(filters.query);
    if (own >= 0) sent.current.splice(0, own + 1);
    else {
      sent.current = [];
      setText(filters.query);
    }
  }, [filters.query]);

  const narrowed = filters.typeIds.length + filters.categoryIds.length;
  // The fields' code comes after the first cards (`listShown`), so it never delays them: on a
  // phone, where the fields sit folded away, when the browser is next idle, or at once when they
  // are unfolded; on a wider screen a row of their height holds their place until then.
  const [unfolded, setUnfolded] = useState(open);
  if (open && !unfolded) setUnfolded(true);
  useEffect(() => (listShown ? whenIdle(() => void FilterFields.preload()) : undefined), [listShown]);
  const row = <div style={{ minHeight: FIELDS_HEIGHT }} />;
  let more: ReactNode = null;
  if (unfolded || (!mobile && listShown))
    more = (
      <Suspense fallback={row}>
        <FilterFields event={event} filters={filters} onChange={onChange} />
      </Suspense>
    );
  else if (!mobile) more = row;

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
        onChange={(view) => onChange({ view })}
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
