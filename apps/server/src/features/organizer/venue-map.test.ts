import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ConsoleEventDetails,
  type EventDetails,
  type ProgrammeRoom,
  RecordType,
  VENUE_MAP_MAX_PINS,
} from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson } from '../../../test/factories';
import { apiAs, call } from '../../../test/helper';
import { pngDataUrl } from '../../../test/images';
import { programmeEvent, programmeTestApp } from './programme.fixtures';

const app = programmeTestApp();
const req = apiAs(app.get);

const fileOf = (url: string) => join(app.get().ctx.config.dataDir, url.replace(/^\/uploads\//, 'uploads/'));

async function withMap() {
  const cast = await programmeEvent(app.get());
  const base = `/organizer/event/${cast.event.id}`;
  const uploaded = await req<ConsoleEventDetails>(cast.admin, 'POST', `${base}/venue-map/image`, {
    dataUrl: pngDataUrl(800, 600),
  });
  expect(uploaded.status).toBe(200);
  return { ...cast, base };
}

describe('organizer console: venue map (A2.71)', () => {
  it('A2.71 uploads a map, saves numbered pins with rooms, and attendees get it with the event', async () => {
    const { event, admin, attendee, base } = await withMap();
    const room = await req<ProgrammeRoom>(admin, 'POST', `${base}/rooms`, { name: 'Hall A', capacity: null });
    const roomId = room.body.data!.id;
    const before = await app
      .get()
      .ctx.db.selectFrom('realtime_events')
      .select('type')
      .where('room', '=', `newEvents/${event.id}`)
      .execute();
    const saved = await req<ConsoleEventDetails>(admin, 'PUT', `${base}/venue-map`, {
      pins: [
        { x: 12.5, y: 40, label: ' Registration ' },
        { x: 100, y: 0, label: 'Keynote hall', roomId },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data?.venueMap).toMatchObject({
      width: 800,
      height: 600,
      pins: [
        { number: 1, x: 12.5, y: 40, label: 'Registration', roomId: null },
        { number: 2, x: 100, y: 0, label: 'Keynote hall', roomId },
      ],
    });
    const records = await app
      .get()
      .ctx.db.selectFrom('realtime_events')
      .select('type')
      .where('room', '=', `newEvents/${event.id}`)
      .execute();
    expect(records.length).toBe(before.length + 1);
    expect(records.at(-1)?.type).toBe(RecordType.EventChanged);

    const seen = await req<EventDetails>(attendee, 'GET', `/event/${event.id}`);
    expect(seen.status).toBe(200);
    const map = seen.body.data?.venueMap;
    expect(map?.image).toMatch(/^\/uploads\/events\/.+\.png$/);
    expect(map?.pins.map((p) => [p.number, p.label, p.roomName])).toEqual([
      [1, 'Registration', null],
      [2, 'Keynote hall', 'Hall A'],
    ]);
    // The room is shown by its current name.
    await req(admin, 'PUT', `${base}/rooms/${roomId}`, { name: 'Main hall', capacity: null });
    const renamed = await req<EventDetails>(attendee, 'GET', `/event/${event.id}`);
    expect(renamed.body.data?.venueMap?.pins[1]?.roomName).toBe('Main hall');
  });

  it('A2.71 replaces the image keeping the pins, removes the map, and an event without one has none', async () => {
    const { event, owner, attendee, base } = await withMap();
    await req(owner, 'PUT', `${base}/venue-map`, { pins: [{ x: 5, y: 5, label: 'Door' }] });
    const first = await req<EventDetails>(attendee, 'GET', `/event/${event.id}`);
    const firstImage = first.body.data!.venueMap!.image;
    expect(existsSync(fileOf(firstImage))).toBe(true);
    const replaced = await req<ConsoleEventDetails>(owner, 'POST', `${base}/venue-map/image`, {
      dataUrl: pngDataUrl(1200, 900),
    });
    expect(replaced.body.data?.venueMap).toMatchObject({ width: 1200, pins: [{ label: 'Door' }] });
    expect(replaced.body.data?.venueMap?.image).not.toBe(firstImage);
    expect(existsSync(fileOf(firstImage))).toBe(false);
    const removed = await req<ConsoleEventDetails>(owner, 'DELETE', `${base}/venue-map`);
    expect(removed.status).toBe(200);
    expect(removed.body.data?.venueMap).toBeNull();
    const after = await req<EventDetails>(attendee, 'GET', `/event/${event.id}`);
    expect(after.body.data?.venueMap).toBeNull();
    const none = await req(owner, 'PUT', `${base}/venue-map`, { pins: [] });
    expect(none.status).toBe(400);
    expect(none.body.error?.fields).toEqual({ image: 'venueMap.error.noMap' });
  });

  it('A2.71 refuses bad pins with field keys (range, label, count, NUL, huge numbers, other rooms), never 5xx', async () => {
    const { admin, base } = await withMap();
    const other = await makeEvent(app.get().ctx);
    const otherOwner = await makePerson(app.get().ctx, other.id, { organizer: true, organizerRole: 'owner' });
    const foreignRoom = await req<ProgrammeRoom>(otherOwner, 'POST', `/organizer/event/${other.id}/rooms`, {
      name: 'Elsewhere',
      capacity: null,
    });
    const pin = { x: 50, y: 50, label: 'Hall' };
    const cases: [unknown, Record<string, string>][] = [
      [{ pins: [{ ...pin, x: 100.01 }] }, { 'pins.0.x': 'venueMap.error.position' }],
      [{ pins: [{ ...pin, y: -0.5 }] }, { 'pins.0.y': 'venueMap.error.position' }],
      [{ pins: [{ ...pin, x: '50' }] }, { 'pins.0.x': 'validation.error.number' }],
      [{ pins: [{ ...pin, label: '   ' }] }, { 'pins.0.label': 'validation.error.required' }],
      [{ pins: [{ ...pin, label: 'x'.repeat(81) }] }, { 'pins.0.label': 'validation.error.maxLength' }],
      [
        { pins: Array.from({ length: VENUE_MAP_MAX_PINS + 1 }, () => pin) },
        { pins: 'venueMap.error.tooManyPins' },
      ],
      [{ pins: [{ ...pin, roomId: foreignRoom.body.data!.id }] }, { 'pins.0.roomId': 'venueMap.error.room' }],
      [{ pins: [{ ...pin, roomId: 2 ** 40 }] }, { 'pins.0.roomId': 'validation.error.number' }],
      [{ pins: 'all' }, { pins: 'validation.error.type' }],
    ];
    for (const [payload, fields] of cases) {
      const res = await req(admin, 'PUT', `${base}/venue-map`, payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.body.error?.fields).toMatchObject(fields);
    }
    // Raw bodies JSON.stringify cannot make: a number past double range, a NUL in the label.
    for (const body of [
      '{"pins":[{"x":1e999,"y":5,"label":"Hall"}]}',
      '{"pins":[{"x":5,"y":5,"label":"Ha\\u0000ll"}]}',
    ]) {
      const res = await call(app.get().app, {
        method: 'PUT',
        url: `/api/v1${base}/venue-map`,
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.status, body).toBe(400);
    }
    const kept = await req<ConsoleEventDetails>(admin, 'GET', base);
    expect(kept.body.data?.venueMap?.pins).toEqual([]);
  });

  it('A2.71 refuses images that are not PNG/JPEG, too large or too big in pixels', async () => {
    const { event, admin } = await programmeEvent(app.get());
    const url = `/organizer/event/${event.id}/venue-map/image`;
    const gif = await req(admin, 'POST', url, { dataUrl: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' });
    expect(gif.status).toBe(400);
    expect(gif.body.error?.fields).toEqual({ dataUrl: 'validation.error.image' });
    const fake = await req(admin, 'POST', url, {
      dataUrl: `data:image/png;base64,${Buffer.from('hello').toString('base64')}`,
    });
    expect(fake.body.error?.fields).toEqual({ image: 'account.photo.type' });
    const wide = await req(admin, 'POST', url, { dataUrl: pngDataUrl(2401, 100) });
    expect(wide.status).toBe(400);
    expect(wide.body.error?.fields).toEqual({ image: 'expo.image.dimensions' });
    const heavy = await req(admin, 'POST', url, {
      dataUrl: `data:image/png;base64,${Buffer.alloc(2 * 1024 * 1024 + 10).toString('base64')}`,
    });
    expect(heavy.status).toBe(400);
    expect(heavy.body.error?.fields).toEqual({ image: 'account.photo.large' });
    const details = await req<ConsoleEventDetails>(admin, 'GET', `/organizer/event/${event.id}`);
    expect(details.body.data?.venueMap).toBeNull();
  });

  it('A2.71 only the event organizers may change the map', async () => {
    const { event, outsiders, base } = await withMap();
    for (const who of outsiders) {
      const upload = await req(who, 'POST', `${base}/venue-map/image`, { dataUrl: pngDataUrl(10, 10) });
      expect(upload.status).toBe(403);
      const pins = await req(who, 'PUT', `${base}/venue-map`, { pins: [] });
      expect(pins.status).toBe(403);
      const remove = await req(who, 'DELETE', `${base}/venue-map`);
      expect(remove.status).toBe(403);
    }
    const anonymous = await call(app.get().app, { method: 'DELETE', url: `/api/v1${base}/venue-map` });
    expect(anonymous.status).toBe(401);
    const missing = await req(outsiders[2]!, 'PUT', '/organizer/event/999999/venue-map', { pins: [] });
    expect(missing.status).toBe(404);
    const row = await app
      .get()
      .ctx.db.selectFrom('events')
      .select('venue_map')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(row.venue_map?.image).toBeTruthy();
  });
});
