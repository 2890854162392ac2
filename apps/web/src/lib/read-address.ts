/** What an address opens, read before the router and before any answer: what a start-up asks for. */
export interface AddressedScreen {
  /** The signed-in frame shows it (not a static page, nor a link that signs in or registers). */
  framed: boolean;
  /** The event whose page it is (its area or its ticket): its details are the page's first answer. */
  eventId: number | null;
  /** The event's area (every `/event/:id/…` page but the ticket). */
  area: boolean;
  /**
   * The area's tab: the one the address names, or where it names none the event's default at this
   * width as remembered from its last visit (its tabs configuration may name one), else the one an
   * event without a configuration opens (contract `defaultEventPage`). A named tab the last visit
   * remembered as not among the person's (the area shows its default instead, event-tabs.tsx) reads
   * as that default. Null on the area's other pages (a profile, a detail), outside the area, and
   * where the person can see no tab.
   */
  tab: string | null;
}

/** The static pages (privacy notice, terms, cookies, FAQ): their own layout, outside the frame. */
export const STATIC_PAGES = ['/privacy-notice', '/terms', '/cookies', '/faq'] as const;

/**
 * The pages the signed-in frame does not show (routes.tsx): the static pages, and the links that
 * sign in, register or confirm (each a route outside `ShellLayout`). A path under one is too.
 */
export const OUTSIDE_FRAME: readonly string[] = [
  ...STATIC_PAGES,
  '/token-login',
  '/event-preregister',
  '/confirmEmail',
  '/accept-invitation',
];

/**
 * The reading itself. The build's start-up script (vite/preload-hints.ts) runs this function's
 * source, before the app, to ask for the files of what the address opens: so it names nothing from
 * outside its body (no import, no module constant) and takes the mobile width, the pages outside
 * the frame (`OUTSIDE_FRAME`) and the events' remembered default tabs (`readDefaultTabs` of
 * lib/storage.ts, as stored: anything) as arguments.
 */
export function readAddress(
  pathname: string,
  width: number,
  mobileMaxWidth: number,
  outsideFrame: readonly string[],
  defaultTabs: readonly unknown[],
): AddressedScreen {
  const framed = !outsideFrame.some((page) => pathname === page || pathname.indexOf(`${page}/`) === 0);
  const event = /^\/event\/(\d+)(?=\/|$)(?:\/([^/]*))?/.exec(pathname);
  if (!event) return { framed, eventId: null, area: false, tab: null };
  const eventId = Number(event[1]);
  const rest = pathname.slice(event[0].length);
  const page = event[2] || '';
  if (page === 'ticket' && (rest === '' || rest === '/')) {
    return { framed, eventId, area: false, tab: null };
  }
  const onePart = rest === '' || rest === '/';
  const narrow = width < mobileMaxWidth;
  let remembered: unknown[] | null = null;
  for (const entry of defaultTabs) {
    if (Array.isArray(entry) && entry[0] === eventId) remembered = entry;
  }
  const rememberedDefault = (): string | null => {
    if (!remembered) return narrow ? 'lobby' : 'attendees';
    const known: unknown = remembered[narrow ? 1 : 2];
    return typeof known === 'string' && /^[A-Za-z]+$/.test(known) ? known : null;
  };
  let tab: string | null = null;
  if (page === '') tab = rememberedDefault();
  else if (onePart && /^[A-Za-z]+$/.test(page)) {
    const visible: unknown = remembered ? remembered[3] : undefined;
    tab = Array.isArray(visible) && visible.indexOf(page) === -1 ? rememberedDefault() : page;
  }
  return { framed, eventId, area: true, tab };
}
