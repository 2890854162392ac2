import {
  ParticipantErrorCode,
  type ParticipantProfile,
  type Recommendation,
  type Search2Response,
  searchRowsToCards,
} from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeParticipant, makePerson, type Person } from '../../../test/factories';
import { call, useTestApp } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';
import { hashPassword } from '../auth/password';

/** A deleted account (A4.34, A7.10) is gone for attendees everywhere (E3.02). */
const t = useTestApp();

const search = (who: Person, eventId: number, query?: string) =>
  call<Search2Response>(t.app, {
    method: 'POST',
    url: '/api/v1/event/participant/search2',
    headers: who.headers,
    payload: { eventId, ...(query ? { query } : {}) },
  });
const names = (r: { body: { data?: Search2Response } }) =>
  searchRowsToCards(r.body.data as Search2Response).map((c) => c.name);
const profile = (who: Person, eventId: number, id: number) =>
  call<ParticipantProfile>(t.app, {
    method: 'GET',
    url: `/api/v1/event/participant/${id}?eventId=${eventId}`,
    headers: who.headers,
  });
const deleteAccount = async (who: Person) => {
  // Deleting an account asks for its password (issue 10); factory people have none yet.
  const password = 'Correct horse 1';
  await t.ctx.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', who.userId)
    .execute();
  const r = await call(t.app, {
    method: 'DELETE',
    url: '/api/v1/user',
    headers: who.headers,
    payload: { confirm: 'delete', password },
  });
  expect(r.status).toBe(200);
};

async function setup() {
  const event = await makeEvent(t.ctx);
  const me = await makePerson(t.ctx, event.id, { name: 'Me' });
  const gone = await makePerson(t.ctx, event.id, { name: 'Gone', company: 'Vanished Ltd' });
  const org = await makePerson(t.ctx, event.id, { name: 'Org', organizer: true });
  return { event, me, gone, org };
}

describe('deleted accounts', () => {
  it('A4.34 E3.02 deleting an account marks its participant records deleted, in every event', async () => {
    const { event, gone } = await setup();
    const other = await makeEvent(t.ctx);
    await makeParticipant(t.ctx, other.id, {
      id: gone.userId,
      username: 'g2@example.test',
      name: 'Gone',
      surname: 'T',
    });
    await deleteAccount(gone);
    const rows = await t.ctx.db
      .selectFrom('participants')
      .select(['event_id', 'user_id', 'state'])
      .where('name', '=', 'Gone')
      .orderBy('event_id')
      .execute();
    expect(rows).toEqual([
      { event_id: event.id, user_id: null, state: 'deleted' },
      { event_id: other.id, user_id: null, state: 'deleted' },
    ]);
  });

  it('E3.02 E7.32 an attendee no longer finds a deleted account in search2 nor opens its profile', async () => {
    const { event, me, gone } = await setup();
    expect(names(await search(me, event.id, 'Vanished'))).toEqual(['Gone']);
    await deleteAccount(gone);
    const after = await search(me, event.id);
    expect(names(after)).not.toContain('Gone');
    expect(after.body.data?.matches).toBe(2);
    expect(names(await search(me, event.id, 'Vanished'))).toEqual([]);
    expect((await profile(me, event.id, gone.id)).status).toBe(404);
  });

  it('E3.02 E6.01 organizers keep a deleted account in search2 and its profile, marked deleted and not invitable', async () => {
    const { event, me, gone, org } = await setup();
    await deleteAccount(gone);
    const cards = searchRowsToCards((await search(org, event.id)).body.data as Search2Response);
    expect(cards.find((c) => c.name === 'Gone')).toMatchObject({ deleted: true, canInvite: false });
    expect(cards.find((c) => c.name === 'Me')).toMatchObject({ deleted: false, canInvite: true });
    const opened = await profile(org, event.id, gone.id);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ name: 'Gone', deleted: true, canInvite: false, userId: null });
    expect((await profile(org, event.id, me.id)).body.data?.deleted).toBe(false);
  });

  it('E3.02 a deleted account is not among the people to meet', async () => {
    const { event, me, gone } = await setup();
    await t.ctx.db.updateTable('participants').set({ offer: 'robots', seek: 'robots' }).execute();
    const recommended = async () =>
      (
        await call<Recommendation[]>(t.app, {
          method: 'GET',
          url: `/api/v1/event/participant/recommendations?eventId=${event.id}`,
          headers: me.headers,
        })
      ).body.data?.map((r) => r.participant.id);
    expect(await recommended()).toContain(gone.id);
    await deleteAccount(gone);
    expect(await recommended()).not.toContain(gone.id);
  });

  it('E3.02 E4.20 meeting requests, slots, pre-booking and chats with a deleted account are refused with MST-00615', async () => {
    const { event, me, gone, org } = await setup();
    await deleteAccount(gone);
    const meetings = meetingsApi(t.app, event.id);
    const refused = (r: { status: number; body: { error?: { code: string; msg: string } } }) => {
      expect(r.status).toBe(410);
      expect(r.body.error).toEqual({
        code: ParticipantErrorCode.AccountDeleted,
        msg: 'This person has deleted their account',
      });
    };
    refused(await meetings.invite(me, gone, 'Coffee?'));
    refused(await meetings.invite(org, gone, 'Coffee?'));
    refused(await meetings.prebook(org, 999, me, gone));
    refused(
      await call(t.app, {
        method: 'GET',
        url: `/api/v1/event/meeting/slots?eventId=${event.id}&participantId=${gone.id}`,
        headers: org.headers,
      }),
    );
    refused(
      await call(t.app, {
        method: 'POST',
        url: '/api/v1/chat/room',
        headers: org.headers,
        payload: { eventId: event.id, type: 'private', members: [gone.id] },
      }),
    );
    expect(await t.ctx.db.selectFrom('invitations').select('id').execute()).toEqual([]);
    // An id nobody has is still "not found".
    expect((await meetings.invite(me, { ...gone, id: 999_999 })).status).toBe(404);
  });
});
