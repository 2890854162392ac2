import type { EventDetails, RegisterResult, RegistrationField, WizardState } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeCategory, makeEvent, makePerson, makeType, tokenHeaders } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, createTestApp, type TestApp } from '../../../test/helper';

/** Issue 15, onboarding: one industry question, and "the event profile was filled" kept on the server. */
const FORM: RegistrationField[] = [
  {
    fieldName: 'industry',
    label: 'Industry',
    type: 'select',
    required: true,
    dataList: ['Fintech', 'Health'],
  },
];

describe('onboarding', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  async function eventWithIndustry() {
    const event = await makeEvent(t.ctx, { registration_form: JSON.stringify(FORM) });
    await makeType(t.ctx, event.id, { name: 'Attendee', atRegistration: true });
    const industry = await makeCategory(t.ctx, event.id, {
      name: 'Industry',
      maxSelectable: 1,
      isMulti: false,
    });
    const fintech = await makeCategory(t.ctx, event.id, { name: 'Fintech', parentId: industry.id });
    const health = await makeCategory(t.ctx, event.id, { name: 'Health', parentId: industry.id });
    return { event, industry, fintech, health };
  }
  const register = (eventId: number, industry: string) =>
    call<RegisterResult>(t.app, {
      method: 'POST',
      url: '/api/v1/event/register',
      payload: {
        eventId,
        name: 'Ada',
        surname: 'Lovelace',
        email: 'ada@example.com',
        password: 'Correct horse 1',
        consent: true,
        fields: { industry },
      },
    });
  async function wizardOf(eventId: number) {
    const row = await t.ctx.db.selectFrom('participants').select('user_id').executeTakeFirstOrThrow();
    const headers = await tokenHeaders(t.ctx, row.user_id!);
    const res = await call<WizardState>(t.app, {
      method: 'GET',
      url: `/api/v1/event/participant/wizard?eventId=${eventId}`,
      headers,
    });
    return res.body.data!;
  }

  it('E3.06 the industry answered at registration is the profile’s Industry: the wizard shows it chosen', async () => {
    const { event, industry, fintech, health } = await eventWithIndustry();
    expect((await register(event.id, 'Health')).status).toBe(200);
    const wizard = await wizardOf(event.id);
    // E3.06: a category question with its kind, limits, privacy, and its options (subCategories).
    expect(wizard.categories.find((c) => c.categoryId === industry.id)).toEqual({
      categoryId: industry.id,
      name: 'Industry',
      type: 'select',
      isMulti: false,
      maxSelectableOptionCount: 1,
      required: false,
      isPrivate: false,
      subCategories: [
        { categoryId: fintech.id, name: 'Fintech' },
        { categoryId: health.id, name: 'Health' },
      ],
    });
    const answer = wizard.profile.categories.find((c) => c.categoryId === industry.id);
    expect(answer?.selectedCategoryIds).toEqual([health.id]);
  });

  it('an answer that is not one of the category’s options is left for the wizard to ask', async () => {
    const { event, industry } = await eventWithIndustry();
    await t.ctx.db
      .updateTable('events')
      .set({
        registration_form: JSON.stringify([{ ...FORM[0], dataList: ['Fintech', 'Health', 'Mining'] }]),
      })
      .where('id', '=', event.id)
      .execute();
    expect((await register(event.id, 'Mining')).status).toBe(200);
    const wizard = await wizardOf(event.id);
    expect(wizard.profile.categories.find((c) => c.categoryId === industry.id)).toBeUndefined();
  });

  it('A4.43 E4.82 finishing the wizard marks the profile filled on the server, once, for every device', async () => {
    const { event } = await eventWithIndustry();
    const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
    const details = async () =>
      (
        await call<EventDetails>(t.app, {
          method: 'GET',
          url: `/api/v1/event/${event.id}`,
          headers: ana.headers,
        })
      ).body.data!.me!;
    expect(await details()).toMatchObject({ profileFilled: false, profileComplete: false });

    const put = (payload: Record<string, unknown>) =>
      call(t.app, {
        method: 'PUT',
        url: '/api/v1/event/participant',
        headers: ana.headers,
        payload: { eventId: event.id, ...payload },
      });
    expect((await put({ company: 'Engines' })).status).toBe(200);
    expect((await details()).profileFilled).toBe(false);
    expect((await put({ offer: 'Looms', seek: 'Cards', jobTitle: 'Analyst', finished: true })).status).toBe(
      200,
    );
    const row = await t.ctx.db
      .selectFrom('participants')
      .select('profile_filled_at')
      .where('id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(row.profile_filled_at).toBeInstanceOf(Date);
    expect(await details()).toMatchObject({ profileFilled: true });
    // Finishing again keeps the first time.
    await put({ finished: true });
    const again = await t.ctx.db
      .selectFrom('participants')
      .select('profile_filled_at')
      .where('id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(again.profile_filled_at?.getTime()).toBe(row.profile_filled_at?.getTime());
    // Only `true` is a finish.
    expect((await put({ finished: false })).status).toBe(400);
  });

  /** PGlite runs one transaction at a time: only PostgreSQL lets the registration meet the delete. */
  describe.skipIf(!process.env.TEST_DATABASE_URL)('beside a category’s delete (PostgreSQL)', () => {
    const held = useHeldTransactions(() => t.ctx.db);

    it('E3.06 an answer whose option is being deleted is left for the wizard, never kept as a removed category', async () => {
      const { event, health } = await eventWithIndustry();
      // The console's delete of "Health" in flight (types.repository deleteCategories): the option
      // held FOR UPDATE, then its row gone; nobody had it yet, so there is nothing to unset.
      const registered = await held.behind(
        async (trx) => {
          await trx.selectFrom('categories').select('id').where('id', '=', health.id).forUpdate().execute();
          await trx.deleteFrom('categories').where('id', '=', health.id).execute();
        },
        () => register(event.id, 'Health'),
      );
      expect(registered.status).toBe(200);
      const row = await t.ctx.db
        .selectFrom('participants')
        .select('category_ids')
        .where('event_id', '=', event.id)
        .executeTakeFirstOrThrow();
      expect(row.category_ids ?? []).not.toContain(health.id);
    });
  });
});
