import { describe, expect, it } from 'vitest';
import { visibleEventPages } from './shell';
import { toVenueMap, VENUE_MAP_MAX_PINS, venueMapPinsRequest } from './venue-map';

const pin = { x: 10, y: 20, label: 'Hall A' };

describe('venue map', () => {
  it('A2.71 hides the venue map tab when the event has no map, shows it with one', () => {
    expect(visibleEventPages({ tabs: [], venueMap: null })).not.toContain('venueMap');
    expect(visibleEventPages({ tabs: [], venueMap: { pins: [] } })).toContain('venueMap');
    expect(visibleEventPages({ tabs: [] })).toContain('venueMap');
  });

  it('A2.71 accepts pins at 0–100 % with a 1–80 character label and refuses the rest', () => {
    expect(venueMapPinsRequest.parse({ pins: [pin] }).pins[0]).toEqual({ ...pin, roomId: null });
    expect(venueMapPinsRequest.safeParse({ pins: [{ ...pin, x: 100.5 }] }).success).toBe(false);
    expect(venueMapPinsRequest.safeParse({ pins: [{ ...pin, y: -1 }] }).success).toBe(false);
    expect(venueMapPinsRequest.safeParse({ pins: [{ ...pin, x: 1e308 * 10 }] }).success).toBe(false);
    expect(venueMapPinsRequest.safeParse({ pins: [{ ...pin, label: '  ' }] }).success).toBe(false);
    expect(venueMapPinsRequest.safeParse({ pins: [{ ...pin, label: 'x'.repeat(81) }] }).success).toBe(false);
    const many = Array.from({ length: VENUE_MAP_MAX_PINS + 1 }, () => pin);
    const result = venueMapPinsRequest.safeParse({ pins: many });
    expect(result.error?.issues[0]?.message).toBe('venueMap.error.tooManyPins');
  });

  it('A2.71 numbers pins in order and names their rooms, dropping a deleted room', () => {
    const map = toVenueMap(
      {
        image: '/uploads/events/1.png',
        width: 10,
        height: 10,
        pins: [
          { ...pin, roomId: 7 },
          { ...pin, label: 'Gone', roomId: 8 },
        ],
      },
      new Map([[7, 'Room 7']]),
    );
    expect(map?.pins.map((p) => [p.number, p.roomId, p.roomName])).toEqual([
      [1, 7, 'Room 7'],
      [2, null, null],
    ]);
    expect(toVenueMap(null, new Map())).toBeNull();
  });
});
