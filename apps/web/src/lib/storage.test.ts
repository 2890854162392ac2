import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EVENT_DEFAULT_TABS_KEY,
  forgetDoorOpen,
  readDefaultTabs,
  readDoorOpen,
  rememberDefaultTabs,
  rememberDoorOpen,
} from './storage';

let items: Map<string, string>;
let writes: number;

beforeEach(() => {
  items = new Map();
  writes = 0;
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes += 1;
      items.set(key, value);
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the events’ remembered default tabs (read at start-up by lib/read-address.ts)', () => {
  it('keeps each event once, the last shown last, and at most twenty events', () => {
    rememberDefaultTabs(1, 'lobby', 'attendees', ['lobby', 'attendees']);
    rememberDefaultTabs(2, 'sessions', 'sessions', ['sessions']);
    rememberDefaultTabs(1, 'expo', null, ['expo']);
    expect(readDefaultTabs()).toEqual([
      [2, 'sessions', 'sessions', ['sessions']],
      [1, 'expo', null, ['expo']],
    ]);
    for (let id = 100; id < 125; id++) rememberDefaultTabs(id, 'lobby', 'attendees', ['lobby']);
    const kept = readDefaultTabs();
    expect(kept).toHaveLength(20);
    expect(kept[0]?.[0]).toBe(105);
    expect(kept.at(-1)?.[0]).toBe(124);
  });

  it('writes nothing when the last shown event’s defaults are unchanged (every render of the tabs asks)', () => {
    rememberDefaultTabs(7, 'lobby', 'attendees', ['lobby', 'attendees']);
    rememberDefaultTabs(7, 'lobby', 'attendees', ['lobby', 'attendees']);
    expect(writes).toBe(1);
    // A tab hidden since (the defaults unchanged) is written.
    rememberDefaultTabs(7, 'lobby', 'attendees', ['lobby']);
    expect(writes).toBe(2);
    expect(readDefaultTabs()).toEqual([[7, 'lobby', 'attendees', ['lobby']]]);
  });

  it('storage holding something else reads as nothing remembered, and is replaced', () => {
    items.set(EVENT_DEFAULT_TABS_KEY, '{"3":["a","b"]}');
    expect(readDefaultTabs()).toEqual([]);
    items.set(EVENT_DEFAULT_TABS_KEY, 'not json');
    expect(readDefaultTabs()).toEqual([]);
    rememberDefaultTabs(3, 'lobby', 'attendees', ['lobby', 'attendees']);
    expect(readDefaultTabs()).toEqual([[3, 'lobby', 'attendees', ['lobby', 'attendees']]]);
  });

  it('entries that are not lists are read as nothing and dropped on the next remembering', () => {
    items.set(EVENT_DEFAULT_TABS_KEY, '[7,[2,"lobby","attendees"],"x",null]');
    expect(readDefaultTabs()).toEqual([[2, 'lobby', 'attendees']]);
    rememberDefaultTabs(3, 'expo', null, ['expo']);
    expect(JSON.parse(items.get(EVENT_DEFAULT_TABS_KEY) ?? '')).toEqual([
      [2, 'lobby', 'attendees'],
      [3, 'expo', null, ['expo']],
    ]);
  });
});

describe('the tab’s open door (its check-in screen opens again after a reload)', () => {
  it('A4.04 keeps the event while open, forgets it when closed, and reads anything else as none', () => {
    const tab = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => tab.get(key) ?? null,
      setItem: (key: string, value: string) => tab.set(key, value),
      removeItem: (key: string) => tab.delete(key),
    });
    expect(readDoorOpen()).toBeNull();
    rememberDoorOpen(42);
    expect(readDoorOpen()).toBe(42);
    expect(items.size).toBe(0); // this tab's, not the device's
    forgetDoorOpen();
    expect(readDoorOpen()).toBeNull();
    for (const stored of ['', '0', '-3', '1.5', 'abc', '99999999999999999999']) {
      tab.set('checkInOpen', stored);
      expect(readDoorOpen()).toBeNull();
    }
  });

  it('no session storage (private mode): nothing is kept and nothing throws', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    expect(() => rememberDoorOpen(1)).not.toThrow();
    expect(readDoorOpen()).toBeNull();
    expect(() => forgetDoorOpen()).not.toThrow();
  });
});
