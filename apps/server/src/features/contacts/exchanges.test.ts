import {
  type ContactChangedPayload,
  type ContactDetails,
  type ContactLookup,
  type ContactPage,
  type ContactRequest,
  type ContactRequestList,
  RecordType,
  realtimeRoom,
  type ScanContactResult,
} from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeParticipant, makePerson, makeSlots, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { apiAs, roomPayloads, useTestApp } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';
import { waitFor } from '../../../test/smtp';
import { holdLock } from '../../db/advisory-locks';
import { linkHeldMeetings } from './exchanges.service';

const t = useTestApp();

const api = apiAs(t);

let ticket = 0;
async function setup() {
  const event = await makeEvent(t.ctx);
  const me = await makePerson(t.ctx, event.id, { name: 'Mia', company: 'Mia Co' });
  const other = await makePerson(t.ctx, event.id, {
    name: 'Otto',
    company: 'Otto GmbH',
    phone: '+49 30 1234',
  });
  const code = `TCK-X${++ticket}-${Date.now()}`;
  await t.ctx.db.updateTable('participants').set({ ticket_id: code }).where('id', '=', other.id).execute();
  return { event, me, other, code };
}

const scan = (who: Person, eventId: number, code: string, note?: string) =>
  api<ScanContactResult>(who, 'POST', '/contact/scan', { eventId, code, ...(note ? { note } : {}) });

/** The contact.changed records pushed to the user's room, oldest first. */
const pushed = (userId: number) =>
  roomPayloads<ContactChangedPayload>(t, realtimeRoom.user(userId), RecordType.ContactChanged);

describe('contact exchange (E4.62)', () => {
  it('E1.11 E4.62 scanning a badge sends a request: sent for me, received for them, details only once accepted', async () => {
    const { event, me, other, code } = await setup();
    const res = await scan(
      me,
      event.id,
      `https://foyer.example/event/${event.id}/tickets/${code}`,
      'Met at the bar',
    );
    expect(res.status).toBe(200);
    const contact = res.body.data?.contact as ContactDetails;
    expect(res.body.data).toMatchObject({ matched: true, created: true });
    // One-sided: the public card, no way to reach them yet.
    expect(contact).toMatchObject({
      firstName: 'Otto',
      company: 'Otto GmbH',
      participantId: other.id,
      exchange: 'sent',
      source: 'badge',
      emails: [],
      phones: [],
    });
    expect(contact.notes.map((n) => n.note)).toEqual(['Met at the bar']);

    const mine = (await api<ContactRequestList>(me, 'GET', '/contact/requests')).body.data;
    expect(mine?.sent.map((r) => r.person.fullName)).toEqual(['Otto Tester']);
    const theirs = (await api<ContactRequestList>(other, 'GET', `/contact/requests?eventId=${event.id}`)).body
      .data;
    expect(theirs?.received).toHaveLength(1);
    const request = theirs?.received[0] as ContactRequest;
    expect(request).toMatchObject({ state: 'received', person: { participantId: me.id, company: 'Mia Co' } });
    expect(JSON.stringify(request)).not.toContain(me.email); // the request shows no e-mail
    // Nobody else answers it; I cannot answer my own request.
    expect((await api(me, 'POST', `/contact/requests/${request.id}`, { accept: true })).status).toBe(409);
    const stranger = await makePerson(t.ctx, event.id);
    expect((await api(stranger, 'POST', `/contact/requests/${request.id}`, { accept: true })).status).toBe(
      404,
    );
    expect((await api(other, 'POST', `/contact/requests/${request.id}`, { accept: 'yes' })).status).toBe(400);

    const accepted = await api<ContactRequest>(other, 'POST', `/contact/requests/${request.id}`, {
      accept: true,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ state: 'accepted' });
    expect((await api(other, 'POST', `/contact/requests/${request.id}`, { accept: false })).status).toBe(409);

    // Both sides now see each other's details.
    const myView = (await api<ContactDetails>(me, 'GET', `/contact/${contact.id}`)).body.data;
    expect(myView).toMatchObject({ exchange: 'accepted', emails: [other.email], phones: ['0049301234'] });
    const theirList = (await api<ContactPage>(other, 'GET', '/contact')).body.data?.items ?? [];
    expect(theirList).toHaveLength(1);
    expect(theirList[0]).toMatchObject({
      participantId: me.id,
      exchange: 'accepted',
      email: me.email,
      source: 'exchange',
    });

    // Each side heard of it live: the request, then the answer, as their GET routes show them.
    const toOther = await pushed(other.userId);
    expect(toOther.map((p) => p.request.state)).toEqual(['received', 'accepted']);
    expect(toOther.at(-1)?.contact).toEqual(theirList[0]);
    const toMe = await pushed(me.userId);
    expect(toMe.map((p) => p.request.state)).toEqual(['sent', 'accepted']);
    const { notes: _notes, ...myCard } = myView as ContactDetails;
    expect(toMe.at(-1)?.contact).toEqual(myCard);
  });

  it('E4.62 a rejected request stays rejected when scanned again; scanning back someone who asked accepts', async () => {
    const { event, me, other, code } = await setup();
    await scan(me, event.id, code);
    const request = (await api<ContactRequestList>(other, 'GET', '/contact/requests')).body.data?.received[0];
    await api(other, 'POST', `/contact/requests/${request?.id}`, { accept: false });
    const again = await scan(me, event.id, code);
    expect(again.body.data).toMatchObject({ created: false, contact: { exchange: 'rejected', emails: [] } });
    expect((await api<ContactRequestList>(other, 'GET', '/contact/requests')).body.data?.received).toEqual(
      [],
    );

    // A third person asks me; I scan them back: both wanted it.
    const third = await makePerson(t.ctx, event.id, { name: 'Tia' });
    const myTicket = `TCK-ME-${Date.now()}`;
    const theirTicket = `TCK-TIA-${Date.now()}`;
    await t.ctx.db.updateTable('participants').set({ ticket_id: myTicket }).where('id', '=', me.id).execute();
    await t.ctx.db
      .updateTable('participants')
      .set({ ticket_id: theirTicket })
      .where('id', '=', third.id)
      .execute();
    expect((await scan(third, event.id, myTicket)).body.data?.contact.exchange).toBe('sent');
    expect((await scan(me, event.id, theirTicket)).body.data?.contact.exchange).toBe('accepted');
    const thirdView = (await api<ContactPage>(third, 'GET', '/contact')).body.data?.items[0];
    expect(thirdView).toMatchObject({ exchange: 'accepted', email: me.email });
  });

  it('E4.62 two people scanning each other at the same moment end with one accepted exchange', async () => {
    const { event, me, other, code } = await setup();
    const myTicket = `TCK-MUT-${Date.now()}`;
    await t.ctx.db.updateTable('participants').set({ ticket_id: myTicket }).where('id', '=', me.id).execute();
    const [a, b] = await Promise.all([scan(me, event.id, code), scan(other, event.id, myTicket)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await t.ctx.db
      .selectFrom('contact_exchanges')
      .selectAll()
      .where((eb) => eb.or([eb('user_low', '=', me.userId), eb('user_high', '=', me.userId)]))
      .execute();
    expect(rows.map((r) => r.state)).toEqual(['accepted']);
  });

  it('E7.54 a badge lookup shows no e-mail or phone before the exchange is accepted', async () => {
    const { event, me, code } = await setup();
    const found = await api<ContactLookup>(me, 'GET', `/contact/lookup?eventId=${event.id}&code=${code}`);
    expect(found.body.data).toMatchObject({
      firstName: 'Otto',
      emails: [],
      phones: [],
      existingContactId: null,
    });
    const scanned = await scan(me, event.id, code);
    const again = await api<ContactLookup>(me, 'GET', `/contact/lookup?eventId=${event.id}&code=${code}`);
    expect(again.body.data?.existingContactId).toBe(scanned.body.data?.contact.id);
  });

  it("meeting partners join each other's contacts once their meeting is over, once", async () => {
    t.setNow(new Date('2030-05-01T07:00:00Z'));
    try {
      const event = await makeEvent(t.ctx);
      const [slot] = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 1);
      const ana = await makePerson(t.ctx, event.id, { name: 'Ana', phone: '+1 555 0100' });
      const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
      const meetings = meetingsApi(t.app, event.id);
      const sent = await meetings.invite(ana, ben, 'Coffee?');
      expect((await meetings.confirm(ben, sent.body.data?.id as number, slot?.id as number)).status).toBe(
        200,
      );
      await t.app.bus.idle();

      // Not over yet: nothing.
      t.setNow(new Date('2030-05-01T09:15:00Z'));
      await linkHeldMeetings(t.ctx, t.app.bus);
      expect((await api<ContactPage>(ana, 'GET', '/contact')).body.data?.items).toEqual([]);

      t.setNow(new Date('2030-05-01T10:00:00Z'));
      let linked = 0;
      for (
        let run = await linkHeldMeetings(t.ctx, t.app.bus);
        run > 0;
        run = await linkHeldMeetings(t.ctx, t.app.bus)
      )
        linked += run; // in batches: earlier files' meetings share this database
      expect(linked).toBeGreaterThanOrEqual(1);
      expect(await linkHeldMeetings(t.ctx, t.app.bus)).toBe(0); // idempotent: each meeting once
      const anas = (await api<ContactPage>(ana, 'GET', '/contact')).body.data?.items ?? [];
      const bens = (await api<ContactPage>(ben, 'GET', '/contact')).body.data?.items ?? [];
      expect(anas).toHaveLength(1);
      expect(anas[0]).toMatchObject({
        participantId: ben.id,
        exchange: 'accepted',
        email: ben.email,
        source: 'meeting',
      });
      expect(bens[0]).toMatchObject({ participantId: ana.id, exchange: 'accepted', phone: '0015550100' });
      expect((await pushed(ben.userId)).map((p) => p.request.state)).toEqual(['accepted']);
    } finally {
      t.setNow(new Date());
    }
  });

  it('a listed person without an account is a contact without an exchange', async () => {
    const { event, me } = await setup();
    const listed = await makeParticipant(t.ctx, event.id, null, {
      ticket_id: `TCK-L-${Date.now()}`,
      company: 'Listed Ltd',
    });
    const res = await scan(me, event.id, listed.ticket_id as string);
    expect(res.body.data?.contact).toMatchObject({
      participantId: listed.id,
      exchange: null,
      company: 'Listed Ltd',
    });
    expect((await api<ContactRequestList>(me, 'GET', '/contact/requests')).body.data?.sent).toEqual([]);
  });
});

/** PGlite runs one transaction at a time: only PostgreSQL lets the job and a scan interleave. */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'contacts beside the meeting-contacts job (PostgreSQL)',
  () => {
    const held = useHeldTransactions(() => t.ctx.db);

    it('E4.62 a badge scanned while the job links the same two people: both finish, one accepted exchange', async () => {
      t.setNow(new Date('2031-03-02T07:00:00Z'));
      try {
        const event = await makeEvent(t.ctx, { start: new Date('2031-03-02T08:00:00Z') });
        const [slot] = await makeSlots(t.ctx, event.id, new Date('2031-03-02T09:00:00Z'), 1);
        const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
        const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
        const code = `TCK-J-${Date.now()}`;
        await t.ctx.db
          .updateTable('participants')
          .set({ ticket_id: code })
          .where('id', '=', ana.id)
          .execute();
        const meetings = meetingsApi(t.app, event.id);
        const sent = await meetings.invite(ana, ben, 'Coffee?');
        expect((await meetings.confirm(ben, sent.body.data?.id as number, slot?.id as number)).status).toBe(
          200,
        );
        await t.app.bus.idle();
        t.setNow(new Date('2031-03-02T09:15:00Z'));
        while ((await linkHeldMeetings(t.ctx, t.app.bus)) > 0); // earlier files' meetings, not this one
        t.setNow(new Date('2031-03-02T10:00:00Z'));

        // Ana's contact book is busy (another of her scans) as the job starts on her meeting with Ben.
        const { release, done } = await held.hold(async (trx) => {
          await holdLock(trx, 'contactBook', ana.userId);
        });
        const linking = linkHeldMeetings(t.ctx, t.app.bus);
        await waitFor(async () => (await held.lockWaiters()) >= 1, 10_000, 'the job waiting for Ana’s book');
        let answered = false;
        const scanning = scan(ben, event.id, code).finally(() => {
          answered = true;
        });
        await waitFor(async () => answered || (await held.lockWaiters()) >= 2, 10_000, 'the scan');
        release();
        await done;

        expect((await scanning).status).toBe(200);
        expect(await linking).toBeGreaterThanOrEqual(1);
        const exchanges = await t.ctx.db
          .selectFrom('contact_exchanges')
          .select('state')
          .where('user_low', '=', Math.min(ana.userId, ben.userId))
          .where('user_high', '=', Math.max(ana.userId, ben.userId))
          .execute();
        expect(exchanges).toEqual([{ state: 'accepted' }]);
        const anas = (await api<ContactPage>(ana, 'GET', '/contact')).body.data?.items ?? [];
        const bens = (await api<ContactPage>(ben, 'GET', '/contact')).body.data?.items ?? [];
        expect(anas.map((c) => c.participantId)).toEqual([ben.id]);
        expect(bens.map((c) => c.participantId)).toEqual([ana.id]);
      } finally {
        t.setNow(new Date());
      }
    });
  },
);
