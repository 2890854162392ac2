import { defaultEventPage, MOBILE_MAX_WIDTH } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { OUTSIDE_FRAME, readAddress } from './read-address';

const at = (pathname: string, width = 1280, defaultTabs: unknown[] = []) =>
  readAddress(pathname, width, MOBILE_MAX_WIDTH, OUTSIDE_FRAME, defaultTabs);

describe('readAddress: what an address opens before the router', () => {
  it('an event tab’s address opens the frame, the event and that tab', () => {
    expect(at('/event/12/sessions')).toEqual({ framed: true, eventId: 12, area: true, tab: 'sessions' });
    expect(at('/event/12/venueMap/')).toEqual({ framed: true, eventId: 12, area: true, tab: 'venueMap' });
  });

  it('A2.68–A2.70 an event’s address without a tab opens the tab an unconfigured event opens at that width', () => {
    const unconfigured = { tabs: null, me: null };
    for (const width of [375, MOBILE_MAX_WIDTH - 1, MOBILE_MAX_WIDTH, MOBILE_MAX_WIDTH + 1, 1280]) {
      expect(at('/event/3', width).tab).toBe(defaultEventPage(unconfigured, width));
      expect(at('/event/3/', width).tab).toBe(defaultEventPage(unconfigured, width));
    }
    expect(at('/event/3', 375).tab).toBe('lobby');
    expect(at('/event/3', MOBILE_MAX_WIDTH).tab).toBe('attendees');
  });

  it('A2.68 an event’s address opens the default its last visit remembered (a tabs configuration’s first)', () => {
    const remembered = [
      [3, 'sessions', 'expo'],
      [5, null, null],
    ];
    expect(at('/event/3', MOBILE_MAX_WIDTH - 1, remembered).tab).toBe('sessions');
    expect(at('/event/3/', MOBILE_MAX_WIDTH, remembered).tab).toBe('expo');
    expect(at('/event/5', 1280, remembered).tab).toBeNull();
    expect(at('/event/4', 1280, remembered).tab).toBe('attendees');
    // A named tab wins over the remembered default.
    expect(at('/event/3/lobby', 375, remembered).tab).toBe('lobby');
  });

  it('A2.72 a named tab the last visit did not show the person reads as the default the area shows instead', () => {
    const remembered = [[3, 'lobby', 'sessions', ['lobby', 'sessions', 'expo']]];
    expect(at('/event/3/attendees', 1280, remembered).tab).toBe('sessions');
    expect(at('/event/3/attendees', 375, remembered).tab).toBe('lobby');
    expect(at('/event/3/expo', 375, remembered).tab).toBe('expo');
    // No tab to see: nothing. An entry remembered before the visible tabs were, or another event's,
    // leaves the named tab as it is.
    expect(at('/event/5/attendees', 1280, [[5, null, null, []]]).tab).toBeNull();
    expect(at('/event/3/attendees', 1280, [[3, 'lobby', 'sessions']]).tab).toBe('attendees');
    expect(at('/event/4/attendees', 1280, remembered).tab).toBe('attendees');
    expect(at('/event/3/attendees', 1280, [[3, 'lobby', 'sessions', 'lobby']]).tab).toBe('attendees');
  });

  it('a remembered default that storage holds broken is not trusted', () => {
    expect(at('/event/3', 375, [null, 'x', { 0: 3 }, [3]]).tab).toBeNull();
    expect(at('/event/3', 375, [[3, '../admin', 'expo']]).tab).toBeNull();
    expect(at('/event/3', 375, [['3', 'sessions', 'expo']]).tab).toBe('lobby');
  });

  it('the area’s other pages open the event without a tab; the ticket is not the area', () => {
    expect(at('/event/4/user/9')).toEqual({ framed: true, eventId: 4, area: true, tab: null });
    expect(at('/event/4/company/profile')).toEqual({ framed: true, eventId: 4, area: true, tab: null });
    expect(at('/event/4/event-profile')).toEqual({ framed: true, eventId: 4, area: true, tab: null });
    expect(at('/event/4/ticket')).toEqual({ framed: true, eventId: 4, area: false, tab: null });
    expect(at('/event/4/ticket/')).toEqual({ framed: true, eventId: 4, area: false, tab: null });
  });

  it('pages that are not an event’s open no event; static pages and sign-in links no frame', () => {
    expect(at('/event/list')).toEqual({ framed: true, eventId: null, area: false, tab: null });
    expect(at('/event/12abc')).toEqual({ framed: true, eventId: null, area: false, tab: null });
    expect(at('/my-agenda')).toEqual({ framed: true, eventId: null, area: false, tab: null });
    for (const page of [
      '/terms',
      '/faq/',
      '/token-login',
      '/event-preregister',
      '/accept-invitation',
      '/confirmEmail/x',
    ]) {
      expect(at(page).framed).toBe(false);
    }
    expect(at('/termsandmore').framed).toBe(true);
  });
});
