import { MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH } from '@foyer/contract';
import { useSyncExternalStore } from 'react';

export type Breakpoint = 'mobile' | 'tablet' | 'desktop';

// One pair of media queries for the whole app: a page of sixty attendee cards asks on every card.
let queries: { desktop: MediaQueryList; tablet: MediaQueryList } | null = null;

function mediaQueries() {
  queries ??= {
    desktop: window.matchMedia(`(min-width: ${TABLET_MAX_WIDTH + 1}px)`),
    tablet: window.matchMedia(`(min-width: ${MOBILE_MAX_WIDTH + 1}px)`),
  };
  return queries;
}

function subscribe(onChange: () => void): () => void {
  const { desktop, tablet } = mediaQueries();
  desktop.addEventListener('change', onChange);
  tablet.addEventListener('change', onChange);
  return () => {
    desktop.removeEventListener('change', onChange);
    tablet.removeEventListener('change', onChange);
  };
}

function current(): Breakpoint {
  const { desktop, tablet } = mediaQueries();
  return desktop.matches ? 'desktop' : tablet.matches ? 'tablet' : 'mobile';
}

/** A9.25, A9.26: mobile 0–767, tablet 768–1024, desktop from 1025 px. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, current);
}
