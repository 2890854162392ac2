import { describe, expect, it } from 'vitest';
import { DEFAULT_ALLOWED_TABS } from './index';
import {
  AA_CONTRAST,
  allowedEventTabs,
  canInviteParticipant,
  canSeeCheckIn,
  contrastRatio,
  darkenUntilReadable,
  defaultEventPage,
  hidesNavigation,
  isChatHidden,
  mobileBackTarget,
  mobileHeaderAction,
  needsPresenceConfirmation,
  presenceRequest,
  readableTextColor,
  showsFloatingChat,
  showsLastVisitedCard,
  timezoneCheck,
  visibleEventPages,
  visibleEventTabs,
} from './shell';

const now = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const attendee = { organizer: false, typeId: 3 };
const organizer = { organizer: true, typeId: 3 };

describe('event landing tabs', () => {
  it('A2.71 allows the default tabs when the event names none, else its own known ones', () => {
    expect(allowedEventTabs({ tabs: [] })).toEqual([...DEFAULT_ALLOWED_TABS]);
    expect(allowedEventTabs({ tabs: null })).toEqual([...DEFAULT_ALLOWED_TABS]);
    expect(allowedEventTabs({ tabs: ['lobby', 'agenda', 'bogus', 'lobby'] })).toEqual(['lobby', 'agenda']);
  });

  it('A2.67 shows participant as attendees, agenda as sessions, booth/partner/sponsor once as expo', () => {
    expect(visibleEventPages({ tabs: [] })).toEqual([
      'attendees',
      'sessions',
      'venueMap',
      'speakers',
      'expo',
      'lobby',
    ]);
    expect(visibleEventPages({ tabs: ['sponsor', 'partner', 'booth', 'lobby'] })).toEqual(['expo', 'lobby']);
  });

  it('A2.72 with limitTabs a non-organizer sees only the tabs listed for their type', () => {
    const event = { tabs: [], limitTabs: { '3': ['lobby', 'agenda'] }, me: attendee };
    expect(visibleEventTabs(event)).toEqual(['agenda', 'lobby']);
    // a type the organizer did not list is not limited
    expect(visibleEventTabs({ ...event, me: { organizer: false, typeId: 9 } })).toEqual([
      ...DEFAULT_ALLOWED_TABS,
    ]);
    // a listed tab the event does not allow stays hidden
    expect(
      visibleEventTabs({ tabs: ['lobby'], limitTabs: { '3': ['agenda', 'lobby'] }, me: attendee }),
    ).toEqual(['lobby']);
  });

  it('A2.73 A6.05 organizers see all tabs despite limitTabs', () => {
    const event = { tabs: [], limitTabs: { '3': ['lobby'] }, me: organizer };
    expect(visibleEventTabs(event)).toEqual([...DEFAULT_ALLOWED_TABS]);
  });

  it('A2.68 A2.69 defaults to lobby under 767 px, attendees from 767 px', () => {
    expect(defaultEventPage({ tabs: [] }, 375)).toBe('lobby');
    expect(defaultEventPage({ tabs: [] }, 766)).toBe('lobby');
    expect(defaultEventPage({ tabs: [] }, 767)).toBe('attendees');
    expect(defaultEventPage({ tabs: [] }, 1280)).toBe('attendees');
  });

  it('A2.70 the tabs configuration overrides the default with its first tab', () => {
    const event = { tabs: [], tabsConfig: { tabs: ['agenda', 'lobby'] } };
    expect(defaultEventPage(event, 375)).toBe('sessions');
    expect(defaultEventPage(event, 1280)).toBe('sessions');
  });

  it('A2.72 a default the user may not see falls back to the first visible page', () => {
    const event = { tabs: [], limitTabs: { '3': ['agenda', 'booth'] }, me: attendee };
    expect(defaultEventPage(event, 1280)).toBe('sessions');
    expect(defaultEventPage({ ...event, limitTabs: { '3': [] } }, 1280)).toBeNull();
  });
});

describe('navigation', () => {
  it('A2.78 shows the last-visited card only on account, notifications, agenda, chat, invitations, contacts, event profile', () => {
    for (const path of [
      '/account/profile',
      '/notifications',
      '/my-agenda',
      '/my-agenda/session/1/2',
      '/chat',
      '/invitations/received',
      '/contacts',
      '/event/7/event-profile',
    ]) {
      expect(showsLastVisitedCard(path), path).toBe(true);
    }
    for (const path of ['/event/list', '/event/7/', '/event/7/attendees', '/', '/faq']) {
      expect(showsLastVisitedCard(path), path).toBe(false);
    }
  });

  it('A2.20 hides navigation on the badges path only', () => {
    expect(hidesNavigation('/event/7/badges')).toBe(true);
    expect(hidesNavigation('/event/7/attendees')).toBe(false);
  });

  it('A2.80 shows the floating chat list everywhere but /chat', () => {
    expect(showsFloatingChat('/chat')).toBe(false);
    expect(showsFloatingChat('/chat/12')).toBe(false);
    expect(showsFloatingChat('/chatter')).toBe(true);
    expect(showsFloatingChat('/event/list')).toBe(true);
  });

  it('A2.84 the mobile back button goes to the last event when its profile was filled, else the list', () => {
    const last = { id: 7, path: '/event/7/' };
    expect(mobileBackTarget(last, [7])).toBe('/event/7/');
    expect(mobileBackTarget(last, [8])).toBe('/event/list');
    expect(mobileBackTarget(null, [7])).toBe('/event/list');
  });

  it('A2.83 the mobile header links to my agenda inside an event, else shows back', () => {
    expect(mobileHeaderAction('/event/7/lobby')).toBe('myAgenda');
    expect(mobileHeaderAction('/event/7/')).toBe('myAgenda');
    expect(mobileHeaderAction('/event/7/event-profile')).toBe('back');
    expect(mobileHeaderAction('/event/list')).toBe('back');
    expect(mobileHeaderAction('/notifications')).toBe('back');
  });

  it('A6.07 check-in shows for a check-in admin while the event is not finished', () => {
    const event = { realEdt: new Date(now.getTime() + DAY).toISOString(), me: { checkInAdmin: true } };
    expect(canSeeCheckIn(event, now)).toBe(true);
    expect(canSeeCheckIn({ ...event, me: { checkInAdmin: false } }, now)).toBe(false);
    expect(canSeeCheckIn({ ...event, isFinished: true }, now)).toBe(false);
    expect(canSeeCheckIn({ ...event, me: null }, now)).toBe(false);
  });

  it('A6.06 invite participant needs the inviteparticipant right (organizers have all)', () => {
    expect(canInviteParticipant({ me: { organizer: false, rights: { inviteparticipant: true } } })).toBe(
      true,
    );
    expect(canInviteParticipant({ me: { organizer: false, rights: {} } })).toBe(false);
    expect(canInviteParticipant({ me: { organizer: true, rights: {} } })).toBe(true);
    expect(canInviteParticipant({ me: null })).toBe(false);
  });

  it('A2.79 E9.59 hides chat for the configured event and host only', () => {
    const hidden = { eventId: 42, host: 'closed.example.org' };
    expect(isChatHidden({ eventId: 42, host: 'app.example.org' }, hidden)).toBe(true);
    expect(isChatHidden({ eventId: 1, host: 'CLOSED.example.org' }, hidden)).toBe(true);
    expect(isChatHidden({ eventId: 1, host: 'app.example.org' }, hidden)).toBe(false);
    expect(isChatHidden({ eventId: null, host: 'x' }, {})).toBe(false);
  });
});

describe('presence confirmation', () => {
  const hybrid = { eventType: 'hybrid' as const, realEdt: new Date(now.getTime() + DAY).toISOString() };
  const base = {
    event: hybrid,
    lastPresenceConfirmTime: null,
    eventProfileFilled: true,
    onEventProfilePage: false,
    now,
  };

  it('A4.41 asks only on hybrid, unfinished events', () => {
    expect(needsPresenceConfirmation(base)).toBe(true);
    expect(needsPresenceConfirmation({ ...base, event: { ...hybrid, eventType: 'online' } })).toBe(false);
    expect(needsPresenceConfirmation({ ...base, event: { ...hybrid, eventType: 'normal' } })).toBe(false);
    expect(needsPresenceConfirmation({ ...base, event: { ...hybrid, isFinished: true } })).toBe(false);
  });

  it('A4.42 asks again only when the last confirmation is over 24 hours old', () => {
    const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(needsPresenceConfirmation({ ...base, lastPresenceConfirmTime: at(DAY) })).toBe(false);
    expect(needsPresenceConfirmation({ ...base, lastPresenceConfirmTime: at(DAY + 1) })).toBe(true);
    expect(needsPresenceConfirmation({ ...base, lastPresenceConfirmTime: at(60_000) })).toBe(false);
  });

  it('A4.43 A4.44 E4.83 needs a filled event profile and another page than the event profile', () => {
    expect(needsPresenceConfirmation({ ...base, eventProfileFilled: false })).toBe(false);
    expect(needsPresenceConfirmation({ ...base, onEventProfilePage: true })).toBe(false);
  });

  it('A4.45 the presence request takes venue or online only', () => {
    expect(presenceRequest.safeParse({ present: 'venue' }).success).toBe(true);
    expect(presenceRequest.safeParse({ present: 'online' }).success).toBe(true);
    expect(presenceRequest.safeParse({ present: 'moon' }).success).toBe(false);
    expect(presenceRequest.safeParse({}).success).toBe(false);
  });
});

describe('timezone check', () => {
  it('A4.23 A4.24 saves the local zone and asks a user who has none', () => {
    expect(timezoneCheck({ userTimezone: null, localTimezone: 'Europe/Madrid' })).toEqual({
      action: 'setLocalAndAsk',
      localTimezone: 'Europe/Madrid',
    });
  });

  it('A4.26 asks when the stored zone differs from the local one', () => {
    expect(timezoneCheck({ userTimezone: 'Europe/Istanbul', localTimezone: 'Europe/Madrid' })).toEqual({
      action: 'ask',
    });
    expect(timezoneCheck({ userTimezone: 'Europe/Madrid', localTimezone: 'Europe/Madrid' })).toEqual({
      action: 'none',
    });
  });

  it('A4.27 does not ask when the skip record matches both zones', () => {
    const input = { userTimezone: 'Europe/Istanbul', localTimezone: 'Europe/Madrid' };
    expect(timezoneCheck({ ...input, skipped: input })).toEqual({ action: 'none' });
    expect(
      timezoneCheck({ ...input, skipped: { userTimezone: 'Europe/Istanbul', localTimezone: 'Asia/Tokyo' } }),
    ).toEqual({ action: 'ask' });
  });
});

describe('readable event colours', () => {
  it('A1.11 computes WCAG contrast and a readable text colour', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(readableTextColor('#1c4f8c')).toBe('#ffffff');
    expect(readableTextColor('#ffe066')).toBe('#1a1b1e');
  });

  it('A1.11 darkens a light brand colour until white text on it passes AA', () => {
    for (const color of ['#ffe066', '#74c0fc', '#5f3dc4', '#fff']) {
      expect(contrastRatio(darkenUntilReadable(color), '#ffffff')).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
    expect(darkenUntilReadable('#1c4f8c')).toBe('#1c4f8c');
    expect(darkenUntilReadable('not a colour')).toBe('not a colour');
  });
});
