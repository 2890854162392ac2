import {
  AgendaErrorCode,
  type AgendaItem,
  type AgendaResult,
  type Speaker,
  type SpeakerDetail,
} from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeParticipant, makePerson, type Person } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { addPerson, api, at, createSession, join, makeAgendaEvent, T0 } from './agenda.fixtures';

const t = useTestApp(T0);

const agenda = (who: Person, query = '') =>
  api<AgendaResult>(t.app, { method: 'GET', url: `/api/v1/event/agenda${query}`, headers: who.headers });
const addBreak = (who: Person, payload: Record<string, unknown>) =>
  api<AgendaItem>(t.app, {
    method: 'POST',
    url: '/api/v1/event/schedule/participantOff',
    headers: who.headers,
    payload,
  });
const offTime = (eventId: number, start: string, end: string, extra: Record<string, unknown> = {}) => ({
  eventId,
  date: start.slice(0, 10),
  startTime: start,
  endTime: end,
  timezone: 'UTC',
  ...extra,
});

describe('GET /event/agenda (A2.09, E2.29–E2.31, E3.10)', () => {
  it('E3.10 sessions in the agenda, presented sessions (offType) and breaks, by start', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const joined = await createSession(t.ctx, event.id, { name: 'Joined', sdt: at(60), edt: at(90) });
    const talk = await createSession(t.ctx, event.id, { name: 'My talk', sdt: at(120), edt: at(150) });
    const parent = await createSession(t.ctx, event.id, { name: 'Parent', sdt: at(200), edt: at(300) });
    const slot = await createSession(t.ctx, event.id, {
      name: 'Slot',
      parentId: parent.id,
      sdt: at(200),
      edt: at(230),
    });
    await createSession(t.ctx, event.id, { name: 'Not mine', sdt: at(10), edt: at(20) });
    await join(t.app, ada, event.id, joined.id);
    await join(t.app, ada, event.id, slot.id);
    await addPerson(t.ctx, talk.id, ada.id, 'speaker');
    await addBreak(ada, offTime(event.id, '2026-11-22 09:00', '2026-11-22 09:30'));

    const items = (await agenda(ada, `?eventId=${event.id}`)).body.data!.items;
    expect(items.map((i) => i.name)).toEqual(['Break', 'Joined', 'My talk', 'Slot']);
    expect(items[0]).toMatchObject({ type: 'offTime', offType: 'break', isOffTime: true, buttonShow: false });
    expect(items[1]).toMatchObject({
      type: 'session',
      status: 'joined',
      offType: null,
      eid: event.id,
      buttonShow: true,
    });
    expect(items[2]).toMatchObject({ offType: 'speaker', roles: ['speaker'], status: null });
    expect(items[3]).toMatchObject({ rsesId: slot.id, sdefId: parent.id });
  });

  it('A9.47 E9.11 without eventId: the active events of the caller only', async () => {
    const active = await makeAgendaEvent(t.ctx);
    const finished = await makeAgendaEvent(t.ctx, { finished: true });
    const users = await makePerson(t.ctx, active.id);
    await makeParticipant(t.ctx, finished.id, {
      id: users.userId,
      username: users.email,
      name: 'A',
      surname: 'B',
    });
    const s1 = await createSession(t.ctx, active.id, { name: 'Active one' });
    await createSession(t.ctx, finished.id, { name: 'Old one' });
    await join(t.app, users, active.id, s1.id);
    const items = (await agenda(users)).body.data!.items;
    expect(items.map((i) => [i.name, i.eventName])).toEqual([['Active one', active.name]]);
    expect((await agenda(users, '?eventId=999999')).status).toBe(404);
  });
});

describe('POST/DELETE /event/schedule/participantOff (E5.08–E5.10, E7.24, E7.25)', () => {
  it('E7.24 E8.57 adds a break in UTC and answers the agenda item', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const res = await addBreak(ada, {
      eventId: event.id,
      date: '2026-11-22',
      startTime: '2026-11-22 21:45',
      endTime: '2026-11-22 22:30',
      timezone: 'Europe/Istanbul', // 00:45 local on the 23rd
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toHaveProperty('date');
    const ok = await addBreak(ada, offTime(event.id, '2026-11-22 21:45', '2026-11-22 22:30'));
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      type: 'offTime',
      sdt: '2026-11-22T21:45:00.000Z',
      edt: '2026-11-22T22:30:00.000Z',
      participantId: ada.id,
    });
  });

  it('E5.09 E5.10 start before end, 15-minute steps', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const bad = [
      offTime(event.id, '2026-11-22 10:00', '2026-11-22 10:00'),
      offTime(event.id, '2026-11-22 11:00', '2026-11-22 10:00'),
      offTime(event.id, '2026-11-22 10:10', '2026-11-22 10:30'),
      offTime(event.id, '2026-11-22 10:00', '2026-11-22 10:20'),
    ];
    for (const payload of bad) expect((await addBreak(ada, payload)).status).toBe(400);
    expect(await t.ctx.db.selectFrom('participant_off').selectAll().execute()).toEqual([]);
  });

  it('E5.08 E7.24 a break before 1900 is refused as an out-of-range date (400), as every date of the platform', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    for (const year of ['0999', '1899']) {
      const res = await addBreak(ada, offTime(event.id, `${year}-11-22 10:00`, `${year}-11-22 10:15`));
      expect(res.status, year).toBe(400);
      // The date is out of range; it is not "a date that does not match the start time".
      expect(res.body.error?.fields, year).toMatchObject({ startTime: 'validation.error.date' });
      expect(res.body.error?.fields, year).not.toHaveProperty('date', 'validation.error.offTime.date');
    }
    expect(await t.ctx.db.selectFrom('participant_off').selectAll().execute()).toEqual([]);
    const first = await addBreak(ada, offTime(event.id, '1900-01-01 10:00', '1900-01-01 10:15'));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ sdt: '1900-01-01T10:00:00.000Z' });
  });

  it('E4.49 a break may not overlap the agenda, and sessions may not overlap a break', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id, { sdt: at(60), edt: at(120) }); // 10:00–11:00
    await join(t.app, ada, event.id, session.id);
    const clash = await addBreak(ada, offTime(event.id, '2026-11-22 10:30', '2026-11-22 11:30'));
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: AgendaErrorCode.Busy, msg: 'You are busy' });
    expect((await addBreak(ada, offTime(event.id, '2026-11-22 11:00', '2026-11-22 11:30'))).status).toBe(200);
    const later = await createSession(t.ctx, event.id, { sdt: at(135), edt: at(165) }); // 11:15–11:45
    expect((await join(t.app, ada, event.id, later.id)).body.error?.msg).toBe('You are busy');
  });

  it('E7.25 deletes by id and UTC start time; a wrong start or someone else’s break is not found', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const bob = await makePerson(t.ctx, event.id);
    const created = await addBreak(ada, offTime(event.id, '2026-11-22 12:00', '2026-11-22 12:15'));
    const id = created.body.data!.id;
    const del = (who: Person, query: string) =>
      api(t.app, {
        method: 'DELETE',
        url: `/api/v1/event/schedule/participantOff?${query}`,
        headers: who.headers,
      });
    const q = (start: string) => `eventId=${event.id}&id=${id}&startTime=${encodeURIComponent(start)}`;
    expect((await del(ada, q('2026-11-22 12:15'))).status).toBe(404);
    expect((await del(bob, q('2026-11-22 12:00'))).status).toBe(404);
    const ok = await del(ada, q('2026-11-22 12:00'));
    expect(ok.body).toEqual({ success: true, data: { id } });
    expect((await del(ada, q('2026-11-22 12:00'))).status).toBe(404);
  });

  it('E6.10 E3.11 asParticipantId needs the onbehalfmeeting right', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const bob = await makePerson(t.ctx, event.id);
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    const body = offTime(event.id, '2026-11-22 13:00', '2026-11-22 13:15', { asParticipantId: bob.id });
    expect((await addBreak(ada, body)).status).toBe(403);
    const ok = await addBreak(boss, body);
    expect(ok.body.data).toMatchObject({ participantId: bob.id });
    const removed = await api(t.app, {
      method: 'DELETE',
      url: '/api/v1/event/schedule/participantOff',
      headers: boss.headers,
      payload: {
        eventId: event.id,
        id: ok.body.data!.id,
        startTime: '2026-11-22 13:00',
        asParticipantId: bob.id,
      },
    });
    expect(removed.status).toBe(200);
  });
});

describe('speakers (E3.24, E9.39)', () => {
  it('E3.24 lists speakers by surname; hidden ones only for organizers; detail shows visible sessions', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    const zed = await makePerson(t.ctx, event.id, { name: 'Zed', surname: 'Zulu', isSpeaker: true });
    const amy = await makePerson(t.ctx, event.id, { name: 'Amy', surname: 'Alpha' });
    const shy = await makePerson(t.ctx, event.id, {
      name: 'Shy',
      surname: 'Mid',
      isSpeaker: true,
      visible: false,
    });
    const open = await createSession(t.ctx, event.id, { name: 'Open talk', sdt: at(60), edt: at(90) });
    const hidden = await createSession(t.ctx, event.id, { name: 'Secret talk', hidden: true });
    await addPerson(t.ctx, open.id, amy.id, 'speaker');
    await addPerson(t.ctx, hidden.id, amy.id, 'moderator');
    const speakers = (who: Person) =>
      api<Speaker[]>(t.app, {
        method: 'GET',
        url: `/api/v1/event/${event.id}/speakers`,
        headers: who.headers,
      });
    expect((await speakers(ada)).body.data?.map((s) => s.surname)).toEqual(['Alpha', 'Zulu']);
    expect((await speakers(boss)).body.data?.map((s) => [s.surname, s.showSpeaker])).toEqual([
      ['Alpha', true],
      ['Mid', false],
      ['Zulu', true],
    ]);
    const detail = (who: Person, id: number) =>
      api<SpeakerDetail>(t.app, {
        method: 'GET',
        url: `/api/v1/event/${event.id}/speakers/${id}`,
        headers: who.headers,
      });
    expect((await detail(ada, amy.id)).body.data).toMatchObject({
      name: 'Amy',
      sessions: [expect.objectContaining({ id: open.id, role: 'speaker' })],
    });
    expect((await detail(boss, amy.id)).body.data?.sessions).toHaveLength(2);
    expect((await detail(ada, shy.id)).status).toBe(404);
    expect((await detail(ada, zed.id)).body.data?.sessions).toEqual([]);
    expect((await detail(ada, ada.id)).status).toBe(404);
  });
});
