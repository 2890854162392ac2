import {
  defaultEventPage,
  EVENT_AREA_PAGES,
  EVENT_TAB_PAGE,
  type EventAreaPage,
  type EventDetails,
  MOBILE_MAX_WIDTH,
  visibleEventPages,
} from '@foyer/contract';
import { Tabs } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { dropHeldEarlyAsks } from '../../../lib/early-answers';
import { rememberDefaultTabs } from '../../../lib/storage';
import { EventTabPanel } from './event-tab-panel';

/** `?tab=` takes a tab name (agenda) or a page name (sessions). */
function pageFromQuery(value: string | null): EventAreaPage | null {
  if (!value) return null;
  if ((EVENT_AREA_PAGES as readonly string[]).includes(value)) return value as EventAreaPage;
  return (EVENT_TAB_PAGE as Record<string, EventAreaPage>)[value] ?? null;
}

/**
 * A2.67–A2.73: the tabs the user may see, under their spec names. /event/{id}/ shows the default
 * tab (or ?tab=) in place; choosing a tab goes to /event/{id}/{page}.
 */
export function EventTabs({ event }: { event: EventDetails }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page: pageParam } = useParams();
  const [search] = useSearchParams();
  const { width } = useViewportSize();
  const pages = visibleEventPages(event);
  const wanted = (pageParam as EventAreaPage | undefined) ?? pageFromQuery(search.get('tab'));
  const page =
    wanted && pages.includes(wanted) ? wanted : defaultEventPage(event, width || window.innerWidth);

  // The start-up on this event's address asks for its default tab's files before the event is
  // known, and for nothing of a tab the person cannot see: it reads them as remembered here
  // (lib/read-address.ts).
  useEffect(() => {
    rememberDefaultTabs(
      event.id,
      defaultEventPage(event, MOBILE_MAX_WIDTH - 1),
      defaultEventPage(event, MOBILE_MAX_WIDTH),
      visibleEventPages(event),
    );
  }, [event]);

  // The start-up script holds its guessed tab's answers until that tab's files arrive: another tab
  // shown, they are dropped unasked (before the paint, so never after the tab shows).
  useLayoutEffect(() => dropHeldEarlyAsks(page), [page]);

  // On a phone the tab row scrolls sideways: keep the chosen tab (lobby by default) in sight.
  const list = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the chosen tab changes (read from the DOM)
  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!active || !list.current) return;
    const row = list.current;
    const tab = active.getBoundingClientRect();
    const left =
      row.scrollLeft + tab.left - row.getBoundingClientRect().left - (row.clientWidth - tab.width) / 2;
    row.scrollTo({ left: Math.max(0, left) });
  }, [page]);

  if (!page) return null;
  const open = (value: string | null) => value && navigate(`/event/${event.id}/${value}`);
  // The arrow keys move and activate (activateTabWithKeyboard); Mantine's Home and End only move
  // focus, so they activate the first or last tab here too, as the tabs pattern expects.
  const onTabKeyDown = (key: string) => {
    if (key === 'Home') open(pages[0] ?? null);
    else if (key === 'End') open(pages.at(-1) ?? null);
  };
  return (
    <Tabs value={page} onChange={open} keepMounted={false} activateTabWithKeyboard data-testid="event-tabs">
      <Tabs.List ref={list} mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        {pages.map((name) => (
          <Tabs.Tab
            key={name}
            value={name}
            onKeyDown={(keyEvent) => onTabKeyDown(keyEvent.key)}
            data-testid={`event-tab-${name}`}
          >
            {t(`event.tabs.${name}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={page}>
        <EventTabPanel page={page} event={event} />
      </Tabs.Panel>
    </Tabs>
  );
}
