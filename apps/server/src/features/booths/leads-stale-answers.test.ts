import type { Lead, LeadList, LeadQuestion } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeBooth, makeEvent, makePerson, type Person } from '../../../test/factories';
import { apiAs, useTestApp } from '../../../test/helper';

const t = useTestApp();

const api = apiAs(t);

async function setup() {
  const event = await makeEvent(t.ctx);
  const booth = await makeBooth(t.ctx, event.id, 'Acme Rockets');
  const owner = await makePerson(t.ctx, event.id, { name: 'Olga', boothId: booth.id, boothRole: 'owner' });
  const member = await makePerson(t.ctx, event.id, { name: 'Max', boothId: booth.id, boothRole: 'user' });
  const visitor = await makePerson(t.ctx, event.id, { name: 'Vera' });
  const code = `TCK-STALE-${visitor.id}`;
  await t.ctx.db.updateTable('participants').set({ ticket_id: code }).where('id', '=', visitor.id).execute();
  return { event, owner, member, code };
}

const saveQuestions = async (who: Person, eventId: number, questions: Record<string, unknown>[]) => {
  const saved = await api<LeadQuestion[]>(who, 'PUT', '/event/lead/questions', { eventId, questions });
  expect(saved.status).toBe(200);
  return saved.body.data as LeadQuestion[];
};

describe('booth leads whose questions changed after they were answered', () => {
  it('a lead answered before its questions changed is still saved: unchanged answers are kept as they were', async () => {
    const { event, owner, member, code } = await setup();
    const [interest, size, timeline, budget] = await saveQuestions(owner, event.id, [
      { label: 'Interested in', kind: 'choice', options: ['Rockets', 'Fuel', 'Water'] },
      { label: 'Size', kind: 'choice', options: ['Small', 'Large'] },
      { label: 'Timeline', kind: 'text' },
      { label: 'Budget', kind: 'text' },
    ]);
    const [i, s, tl, b] = [interest, size, timeline, budget].map((q) => String(q?.id));
    const given = { [i!]: 'Water', [s!]: 'Large', [tl!]: 'Q3', [b!]: '10k' };
    const scanned = await api<Lead>(member, 'POST', '/event/lead/scan', {
      eventId: event.id,
      code,
      answers: given,
    });
    expect(scanned.body.data?.answers).toEqual(given);
    const lead = scanned.body.data as Lead;
    // The owner removes an option, renames another, makes a text question a choice, deletes one.
    await saveQuestions(owner, event.id, [
      { id: interest?.id, label: 'Interested in', kind: 'choice', options: ['Rockets', 'Fuel'] },
      { id: size?.id, label: 'Size', kind: 'choice', options: ['Small', 'Big'] },
      { id: timeline?.id, label: 'Timeline', kind: 'choice', options: ['Soon', 'Later'] },
    ]);
    const list = (await api<LeadList>(member, 'GET', `/event/lead?eventId=${event.id}`)).body.data;
    // Still shown as given for the questions still asked (the deleted one's goes with it).
    const shown = { [i!]: 'Water', [s!]: 'Large', [tl!]: 'Q3' };
    expect(list?.leads[0]?.answers).toEqual(shown);

    // The rating alone, a note alone, and the answers sent back as the form shows them all save.
    const rated = await api<Lead>(member, 'PUT', `/event/lead/${lead.id}`, { eventId: event.id, rating: 5 });
    expect(rated.status).toBe(200);
    const noted = await api<Lead>(member, 'POST', `/event/lead/${lead.id}/note`, {
      eventId: event.id,
      note: 'Call back',
    });
    expect(noted.status).toBe(200);
    const resent = await api<Lead>(member, 'PUT', `/event/lead/${lead.id}`, {
      eventId: event.id,
      rating: 4,
      answers: { ...shown, [b!]: '10k' },
    });
    expect(resent.status, JSON.stringify(resent.body.error)).toBe(200);
    expect(resent.body.data).toMatchObject({ rating: 4, answers: shown });
    // A second scan of the badge with its answers as they were saves too.
    const rescanned = await api<Lead>(member, 'POST', '/event/lead/scan', {
      eventId: event.id,
      code,
      answers: { [s!]: 'Large' },
    });
    expect(rescanned.status, JSON.stringify(rescanned.body.error)).toBe(200);

    // A changed answer must fit the question as it is now; a stale one can be cleared or replaced.
    const refused = await api(member, 'PUT', `/event/lead/${lead.id}`, {
      eventId: event.id,
      answers: { [s!]: 'Large', [i!]: 'Air' },
    });
    expect(refused.status).toBe(400);
    const edited = await api<Lead>(member, 'PUT', `/event/lead/${lead.id}`, {
      eventId: event.id,
      answers: { [i!]: 'Fuel', [s!]: '', [tl!]: 'Q3' },
    });
    expect(edited.status, JSON.stringify(edited.body.error)).toBe(200);
    expect(edited.body.data?.answers).toEqual({ [i!]: 'Fuel', [tl!]: 'Q3' });
  });
});
