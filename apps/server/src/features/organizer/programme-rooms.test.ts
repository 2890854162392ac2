import type { MeetingSlotsResult, Programme, ProgrammeRoom, ProgrammeTrack } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../../test/helper';
import { at, programmeEvent, programmeTestApp } from './programme.fixtures';

const app = programmeTestApp();
const req = apiAs(app.get);

describe('organizer console: rooms and tracks', () => {
  it('adds, renames and lists rooms and tracks with their session counts', async () => {
    const { event, admin } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const room = await req<ProgrammeRoom>(admin, 'POST', `${base}/rooms`, { name: 'Hall A', capacity: 120 });
    expect(room.status).toBe(200);
    expect(room.body.data).toMatchObject({ name: 'Hall A', capacity: 120, sessionCount: 0 });
    const track = await req<ProgrammeTrack>(admin, 'POST', `${base}/tracks`, {
      name: 'Product',
      color: '#0b7285',
    });
    expect(track.body.data).toMatchObject({ name: 'Product', color: '#0b7285' });
    await req(admin, 'POST', `${base}/sessions`, {
      name: 'Keynote',
      sdt: at('09:00'),
      edt: at('10:00'),
      locationId: room.body.data!.id,
      trackId: track.body.data!.id,
    });
    const renamed = await req<ProgrammeRoom>(admin, 'PUT', `${base}/rooms/${room.body.data!.id}`, {
      name: 'Main hall',
      capacity: null,
    });
    expect(renamed.body.data).toMatchObject({ name: 'Main hall', capacity: null, sessionCount: 1 });
    const recoloured = await req<ProgrammeTrack>(admin, 'PUT', `${base}/tracks/${track.body.data!.id}`, {
      name: 'Products',
      color: '#123',
    });
    expect(recoloured.body.data).toMatchObject({ name: 'Products', color: '#123', sessionCount: 1 });
    const programme = await req<Programme>(admin, 'GET', `${base}/programme`);
    expect(programme.body.data).toMatchObject({
      timezone: 'Europe/Istanbul',
      rooms: [{ name: 'Main hall', sessionCount: 1 }],
      tracks: [{ name: 'Products', sessionCount: 1 }],
      clashes: [],
    });
  });

  it('refuses bad room and track input with field keys, and changes nothing', async () => {
    const { event, owner } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const empty = await req(owner, 'POST', `${base}/rooms`, { name: ' ', capacity: 0 });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields).toMatchObject({
      name: 'validation.error.required',
      capacity: 'validation.error.number',
    });
    const huge = await req(owner, 'POST', `${base}/rooms`, { name: 'Big', capacity: 100_001 });
    expect(huge.body.error?.fields).toEqual({ capacity: 'validation.error.number' });
    const colour = await req(owner, 'POST', `${base}/tracks`, { name: 'T', color: 'red' });
    expect(colour.body.error?.fields).toEqual({ color: 'validation.error.color' });
    const programme = await req<Programme>(owner, 'GET', `${base}/programme`);
    expect(programme.body.data).toMatchObject({ rooms: [], tracks: [] });
    expect((await req(owner, 'PUT', `${base}/rooms/999999`, { name: 'x' })).status).toBe(404);
  });

  it('refuses to delete a room sessions use, deletes it once empty; a deleted track leaves its sessions', async () => {
    const { event, owner } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const room = (await req<ProgrammeRoom>(owner, 'POST', `${base}/rooms`, { name: 'Hall B' })).body.data!;
    const track = (await req<ProgrammeTrack>(owner, 'POST', `${base}/tracks`, { name: 'Ops' })).body.data!;
    const session = await req<{ id: number }>(owner, 'POST', `${base}/sessions`, {
      name: 'Talk',
      sdt: at('09:00'),
      edt: at('10:00'),
      locationId: room.id,
      trackId: track.id,
    });
    const refused = await req(owner, 'DELETE', `${base}/rooms/${room.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('MST-00702');
    expect((await req(owner, 'DELETE', `${base}/tracks/${track.id}`)).status).toBe(200);
    let programme = (await req<Programme>(owner, 'GET', `${base}/programme`)).body.data!;
    expect(programme.tracks).toEqual([]);
    expect(programme.sessions[0]).toMatchObject({ name: 'Talk', trackId: null, locationId: room.id });
    await req(owner, 'DELETE', `${base}/sessions/${session.body.data!.id}`);
    expect((await req(owner, 'DELETE', `${base}/rooms/${room.id}`)).status).toBe(200);
    programme = (await req<Programme>(owner, 'GET', `${base}/programme`)).body.data!;
    expect(programme.rooms).toEqual([]);
  });

  it('generates meeting slots in the event time zone, skipping those that exist (E3.08)', async () => {
    const { event, admin } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const body = { days: ['2030-05-01', '2030-05-02'], from: '10:00', to: '12:00', minutes: 30 };
    const first = await req<MeetingSlotsResult>(admin, 'POST', `${base}/meeting-slots`, body);
    expect(first.body.data).toEqual({ created: 8, skipped: 0 });
    const again = await req<MeetingSlotsResult>(admin, 'POST', `${base}/meeting-slots`, {
      ...body,
      to: '12:30',
    });
    expect(again.body.data).toEqual({ created: 2, skipped: 8 });
    const programme = (await req<Programme>(admin, 'GET', `${base}/programme`)).body.data!;
    const slots = programme.sessions.filter((s) => s.type === 'meeting_slot');
    expect(slots).toHaveLength(10);
    // 10:00 in Istanbul (UTC+3) is 07:00 UTC.
    expect(slots[0]).toMatchObject({ sdt: '2030-05-01T07:00:00.000Z', edt: '2030-05-01T07:30:00.000Z' });
    const backwards = await req(admin, 'POST', `${base}/meeting-slots`, {
      ...body,
      from: '12:00',
      to: '10:00',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error?.fields).toEqual({ to: 'validation.error.endBeforeStart' });
    const noRoom = await req(admin, 'POST', `${base}/meeting-slots`, { ...body, locationId: 999999 });
    expect(noRoom.body.error?.fields).toEqual({ locationId: 'organizer.programme.error.unknownRoom' });
  });

  it('E3.08 the same slots submitted three times at once are made once', async () => {
    const { event, admin } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const days = ['2030-05-01', '2030-05-02', '2030-05-03', '2030-05-04'];
    const body = { days, from: '08:00', to: '20:00', minutes: 5 };
    const all = days.length * 144;
    const answers = await Promise.all(
      [1, 2, 3].map(() => req<MeetingSlotsResult>(admin, 'POST', `${base}/meeting-slots`, body)),
    );
    const created = answers.map((a) => a.body.data!.created);
    expect(created.reduce((sum, n) => sum + n, 0)).toBe(all);
    for (const answer of answers) expect(answer.body.data!.skipped).toBe(all - answer.body.data!.created);
    const programme = (await req<Programme>(admin, 'GET', `${base}/programme`)).body.data!;
    expect(programme.sessions.filter((s) => s.type === 'meeting_slot')).toHaveLength(all);
  });

  it("an attendee, check-in staff and another event's organizer are refused on every route", async () => {
    const { event, owner, outsiders } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const room = (await req<ProgrammeRoom>(owner, 'POST', `${base}/rooms`, { name: 'R' })).body.data!;
    const track = (await req<ProgrammeTrack>(owner, 'POST', `${base}/tracks`, { name: 'T' })).body.data!;
    const session = (
      await req<{ id: number }>(owner, 'POST', `${base}/sessions`, {
        name: 'S',
        sdt: at('09:00'),
        edt: at('10:00'),
      })
    ).body.data!;
    const calls: [Parameters<typeof req>[1], string, unknown?][] = [
      ['GET', `${base}/programme`],
      ['POST', `${base}/rooms`, { name: 'X' }],
      ['PUT', `${base}/rooms/${room.id}`, { name: 'X' }],
      ['DELETE', `${base}/rooms/${room.id}`],
      ['POST', `${base}/tracks`, { name: 'X' }],
      ['PUT', `${base}/tracks/${track.id}`, { name: 'X' }],
      ['DELETE', `${base}/tracks/${track.id}`],
      ['POST', `${base}/sessions`, { name: 'X', sdt: at('11:00'), edt: at('12:00') }],
      ['PUT', `${base}/sessions/${session.id}`, { name: 'X', sdt: at('11:00'), edt: at('12:00') }],
      ['DELETE', `${base}/sessions/${session.id}`],
      ['POST', `${base}/meeting-slots`, { days: ['2030-05-01'], from: '10:00', to: '11:00', minutes: 30 }],
    ];
    for (const who of outsiders) {
      for (const [method, url, body] of calls) {
        const res = await req(who, method, url, body);
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    }
    const programme = (await req<Programme>(owner, 'GET', `${base}/programme`)).body.data!;
    expect(programme.rooms.map((r) => r.name)).toEqual(['R']);
    expect(programme.sessions.map((s) => s.name)).toEqual(['S']);
  });
});
