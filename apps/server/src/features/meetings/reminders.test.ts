import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent, makePerson, makeSlots } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';
import type { Sms } from '../../sms/sms';
import { runMeetingReminders } from './reminders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.app.bus.idle();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => t.setNow(new Date('2030-05-01T07:00:00Z')));

/** Runs the job and waits until the notifications processor has sent what it sends. */
async function run(): Promise<number> {
  const n = await runMeetingReminders(t.ctx, t.app.bus);
  await t.app.bus.idle();
  return n;
}

/** Reminder e-mails and SMS (other notifications — the invitation itself — write rows too). */
async function reminders() {
  const { rows } = await sql<{ channel: string; recipient: string }>`
    SELECT o.channel, o.recipient FROM outbox o
     WHERE (o.channel = 'email' AND o.subject = 'Your meeting starts in 1 hour')
        OR (o.channel = 'sms' AND o.body_text LIKE 'Your meeting starts in 1 hour%')
     ORDER BY o.id`.execute(t.ctx.db);
  return { email: rows.filter((r) => r.channel === 'email'), sms: rows.filter((r) => r.channel === 'sms') };
}

async function meetingAtNine() {
  const event = await makeEvent(t.ctx);
  const slots = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 4);
  const api = meetingsApi(t.app, event.id);
  const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
  const ben = await makePerson(t.ctx, event.id, { name: 'Ben', phone: '+4915100000' });
  const invitationId = (await api.invite(ana, ben)).body.data!.id;
  await api.confirm(ben, invitationId, slots[0]!.id);
  await t.app.bus.idle();
  return { slots, api, ana, ben, invitationId };
}

describe('meeting reminders (1 hour before, e-mail and SMS)', () => {
  it('reminds each person once, by e-mail, and by SMS where a phone is known', async () => {
    await meetingAtNine();
    t.setNow(new Date('2030-05-01T07:59:00Z'));
    expect(await run()).toBe(0);
    t.setNow(new Date('2030-05-01T08:00:30Z'));
    expect(await run()).toBe(2);
    const sent = await reminders();
    expect(sent.email).toHaveLength(2);
    expect(sent.sms.map((r) => r.recipient)).toEqual(['+4915100000']);
    t.setNow(new Date('2030-05-01T08:10:00Z'));
    expect(await run()).toBe(0);
    expect((await reminders()).email).toHaveLength(2);
  });

  it('is idempotent when several instances run the job at once', async () => {
    await meetingAtNine();
    t.setNow(new Date('2030-05-01T08:30:00Z'));
    const counts = await Promise.all([
      runMeetingReminders(t.ctx, t.app.bus),
      runMeetingReminders(t.ctx, t.app.bus),
      runMeetingReminders(t.ctx, t.app.bus),
    ]);
    await t.app.bus.idle();
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    const sent = await reminders();
    expect(sent.email).toHaveLength(2);
    expect(sent.sms).toHaveLength(1);
  });

  it('skips cancelled meetings, reminds again after a reschedule, and honours preferences and the gateway', async () => {
    const { slots, api, ana, ben, invitationId } = await meetingAtNine();
    const texts: Sms[] = [];
    vi.spyOn(t.app.sms, 'send').mockImplementation(async (sms) => void texts.push(sms));
    await t.ctx.db
      .updateTable('users')
      .set({ notification_preferences: JSON.stringify([{ type: 'meeting_reminder', channels: ['sms'] }]) })
      .where('id', '=', ben.userId)
      .execute();
    t.setNow(new Date('2030-05-01T08:30:00Z'));
    expect(await run()).toBe(2);
    expect(texts.map((s) => s.to)).toEqual(['+4915100000']);
    expect((await reminders()).email).toHaveLength(1); // Ana only: Ben wants SMS only
    const request = await api.reschedule(ana, invitationId, slots[2]!.id);
    await api.confirmReschedule(ben, request.body.data!.id);
    t.setNow(new Date('2030-05-01T09:30:00Z'));
    expect(await run()).toBe(2);
    await api.cancel(ana, invitationId);
    expect(await run()).toBe(0);
  });
});
