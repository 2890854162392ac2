import { describe, expect, it } from 'vitest';
import { EVENT_FINISHED_AFTER_MS } from './constants';
import {
  eventDetailsSchema,
  eventImagesSchema,
  eventSummarySchema,
  formatInZone,
  fullDateStrInEventTime,
  isEventFinished,
  partitionEvents,
  publicEventSchema,
  registrationFieldInputSchema,
  registrationFieldSchema,
  toEventImages,
  updateEventRequest,
} from './index';

const now = new Date('2026-11-22T12:00:00Z');

describe('event lists', () => {
  it('A4.11 an event counts as finished one day after its real end, not before', () => {
    const end = now.getTime() - EVENT_FINISHED_AFTER_MS;
    expect(isEventFinished({ realEdt: new Date(end) }, now)).toBe(false);
    expect(isEventFinished({ realEdt: new Date(end - 1) }, now)).toBe(true);
    expect(isEventFinished({ realEdt: new Date(end + 60_000).toISOString() }, now)).toBe(false);
  });

  it('A4.11 the isFinished flag wins over dates', () => {
    expect(isEventFinished({ isFinished: true, realEdt: '2099-01-01T00:00:00Z' }, now)).toBe(true);
  });

  it('A4.10 A1.05 splits events into active and past, keeping order', () => {
    const events = [
      { id: 1, realEdt: '2026-11-25T00:00:00Z' },
      { id: 2, realEdt: '2026-10-01T00:00:00Z' },
      { id: 3, realEdt: '2026-11-21T13:00:00Z' },
      { id: 4, isFinished: true, realEdt: '2026-12-01T00:00:00Z' },
    ];
    const { active, past } = partitionEvents(events, now);
    expect(active.map((e) => e.id)).toEqual([1, 3]);
    expect(past.map((e) => e.id)).toEqual([2, 4]);
  });
});

describe('event entity fields (A3.06, A3.07)', () => {
  it('A3.06 fullDateStrInEventTime writes start and end on the event’s own wall clock', () => {
    const event = { realSdt: '2030-05-01T08:00:00.000Z', realEdt: '2030-05-03T15:30:00.000Z' };
    expect(fullDateStrInEventTime({ ...event, timezone: 'Europe/Istanbul' })).toBe(
      '2030-05-01 11:00 – 2030-05-03 18:30 (Europe/Istanbul)',
    );
    expect(fullDateStrInEventTime({ ...event, timezone: 'America/New_York' })).toBe(
      '2030-05-01 04:00 – 2030-05-03 11:30 (America/New_York)',
    );
    // An unknown zone falls back to UTC rather than failing.
    expect(fullDateStrInEventTime({ ...event, timezone: 'Mars/Base' })).toBe(
      '2030-05-01 08:00 – 2030-05-03 15:30 (UTC)',
    );
    expect(formatInZone('not a date', 'UTC')).toBe('');
  });

  it('A3.06 the event summary carries startDate, realSdt, realEdt, updatedAt and fullDateStrInEventTime', () => {
    const keys = Object.keys(eventSummarySchema.shape);
    for (const key of ['startDate', 'realSdt', 'realEdt', 'updatedAt', 'fullDateStrInEventTime']) {
      expect(keys).toContain(key);
    }
  });

  it('A3.07 images hold logo, banner, side_banner (null when unset) and any others; pages hold login', () => {
    expect(toEventImages({ logo: '/l.png', header: '/h.png', width: 3, bad: { x: 1 } })).toEqual({
      logo: '/l.png',
      banner: null,
      side_banner: null,
      header: '/h.png',
    });
    expect(toEventImages(null)).toEqual({ logo: null, banner: null, side_banner: null });
    const hostile = toEventImages(JSON.parse('{"__proto__": null, "banner": "/b.png"}'));
    expect(Object.getPrototypeOf(hostile)).toBe(Object.prototype);
    expect(hostile.banner).toBe('/b.png');
    const parsed = eventImagesSchema.parse({
      logo: null,
      banner: '/b.png',
      side_banner: null,
      mobile: '/m.png',
    });
    expect(parsed.mobile).toBe('/m.png');
    expect(eventImagesSchema.safeParse({ logo: null, banner: null, side_banner: null, x: 1 }).success).toBe(
      false,
    );
    expect(Object.keys(eventDetailsSchema.shape.pages.shape)).toEqual(['login']);
    expect(Object.keys(publicEventSchema.shape)).toEqual(expect.arrayContaining(['images', 'pages']));
  });
});

describe('registration form fields (A3.14)', () => {
  it('E5.02 requiredLabel is kept by the organizer save and the public form, and may be absent', () => {
    const field = { fieldName: 'diet', label: 'Diet', type: 'text', required: false, requiredLabel: true };
    expect(registrationFieldInputSchema.parse(field)).toMatchObject({ requiredLabel: true });
    expect(updateEventRequest.parse({ registrationForm: [field] }).registrationForm?.[0]?.requiredLabel).toBe(
      true,
    );
    expect(publicEventSchema.shape.registrationForm.parse([field])[0]?.requiredLabel).toBe(true);
    const plain = registrationFieldSchema.parse({ fieldName: 'diet', type: 'text', required: true });
    expect(plain.requiredLabel).toBeUndefined();
    expect(registrationFieldInputSchema.safeParse({ ...field, requiredLabel: 'yes' }).success).toBe(false);
  });
});
