import type { MeetingStatusResult, ParticipantProfile } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeBooth, makeEvent, makePerson, makeType, type Person } from '../../../test/factories';
import { call, useTestApp } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';

/**
 * A hidden profile (visible false) is seen by organizers and by people who already deal with the
 * person, as in the directory (E6.01); a guessed id tells nobody else their name (issue 10).
 */
const t = useTestApp();

const get = <T>(who: Person, url: string) =>
  call<T>(t.app, { method: 'GET', url: `/api/v1${url}`, headers: who.headers });
const status = (who: Person, eventId: number, id: number) =>
  get<MeetingStatusResult>(who, `/event/meeting/status?eventId=${eventId}&participantId=${id}`);
const profile = (who: Person, eventId: number, id: number) =>
  get<ParticipantProfile>(who, `/event/participant/${id}?eventId=${eventId}`);
const openChat = (who: Person, eventId: number, id: number) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/chat/room',
    headers: who.headers,
    payload: { eventId, type: 'private', members: [id] },
  });
const hide = (p: Person) =>
  t.ctx.db.updateTable('participants').set({ visible: false }).where('id', '=', p.id).execute();

async function setup() {
  const event = await makeEvent(t.ctx);
  const me = await makePerson(t.ctx, event.id, { name: 'Me' });
  const shy = await makePerson(t.ctx, event.id, {
    name: 'Shy',
    company: 'Secret Co',
    jobTitle: 'Spy',
    visible: false,
  });
  const org = await makePerson(t.ctx, event.id, { name: 'Org', organizer: true });
  return { event, me, shy, org };
}

describe('hidden profiles', () => {
  it('E6.01 meeting status of a hidden profile tells an attendee nothing (no name, company, title, photo)', async () => {
    const { event, me, shy, org } = await setup();
    const r = await status(me, event.id, shy.id);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'notFound', person: null });
    expect(JSON.stringify(r.body)).not.toContain('Secret Co');
    // Organizers see everyone.
    expect((await status(org, event.id, shy.id)).body.data?.person).toMatchObject({
      name: 'Shy',
      company: 'Secret Co',
    });
  });

  it('E6.01 slots, meeting requests and chats to a hidden profile are "not found" to an attendee', async () => {
    const { event, me, shy } = await setup();
    const slots = await get<{ opponentName: string | null }>(
      me,
      `/event/meeting/slots?eventId=${event.id}&participantId=${shy.id}`,
    );
    expect(slots.status).toBe(404);
    const invited = await meetingsApi(t.app, event.id).invite(me, shy, 'Hi');
    expect(invited.status).toBe(404);
    expect(JSON.stringify(invited.body)).not.toContain('Shy');
    expect((await openChat(me, event.id, shy.id)).status).toBe(404);
    expect(await t.ctx.db.selectFrom('invitations').select('id').execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('chat_rooms').select('id').execute()).toEqual([]);
    expect((await profile(me, event.id, shy.id)).status).toBe(404);
  });

  it('E6.01 someone who already deals with a person keeps seeing them after they hide their profile', async () => {
    const { event, me, org } = await setup();
    const ben = await makePerson(t.ctx, event.id, { name: 'Ben', company: 'Known Ltd' });
    const stranger = await makePerson(t.ctx, event.id, { name: 'Stranger' });
    const invited = await meetingsApi(t.app, event.id).invite(ben, me, 'Coffee?');
    expect(invited.status).toBe(200);
    await hide(ben);
    expect((await status(me, event.id, ben.id)).body.data).toMatchObject({
      status: expect.not.stringMatching(/^notFound$/),
      person: { name: 'Ben', company: 'Known Ltd' },
    });
    expect((await profile(me, event.id, ben.id)).status).toBe(200);
    expect((await status(stranger, event.id, ben.id)).body.data?.person).toBeNull();
    expect((await profile(stranger, event.id, ben.id)).status).toBe(404);

    // A chat room in common counts too.
    const carol = await makePerson(t.ctx, event.id, { name: 'Carol' });
    expect((await openChat(org, event.id, carol.id)).status).toBe(200);
    await hide(carol);
    expect((await profile(org, event.id, carol.id)).status).toBe(200);
    const chatter = await makePerson(t.ctx, event.id, { name: 'Chatter' });
    await hide(chatter);
    expect((await openChat(carol, event.id, chatter.id)).status).toBe(404);
  });

  it('E6.17 in a restricted event, meeting status hides the types the caller may not see', async () => {
    const event = await makeEvent(t.ctx, { restricted: true });
    const vip = await makeType(t.ctx, event.id, { name: 'VIP' });
    const visitor = await makeType(t.ctx, event.id, { name: 'Visitor', invitationRights: [] });
    const me = await makePerson(t.ctx, event.id, { typeId: visitor.id });
    const boss = await makePerson(t.ctx, event.id, { name: 'Boss', typeId: vip.id });
    expect((await status(me, event.id, boss.id)).body.data).toMatchObject({
      status: 'notFound',
      person: null,
    });
  });

  it('E6.01 E2.56 a booth team member who hid their profile is listed to the team and organizers only', async () => {
    const { event, me, org } = await setup();
    const booth = await makeBooth(t.ctx, event.id);
    const owner = await makePerson(t.ctx, event.id, { name: 'Owner', boothId: booth.id, boothRole: 'owner' });
    await makePerson(t.ctx, event.id, {
      name: 'Quiet',
      boothId: booth.id,
      boothRole: 'user',
      visible: false,
    });
    const team = async (who: Person) =>
      (
        await get<{ members: { name: string }[] }>(who, `/event/booth/${booth.id}?eventId=${event.id}`)
      ).body.data?.members.map((m) => m.name);
    expect(await team(me)).toEqual(['Owner']);
    expect(await team(owner)).toEqual(['Owner', 'Quiet']);
    expect(await team(org)).toEqual(['Owner', 'Quiet']);
  });
});
