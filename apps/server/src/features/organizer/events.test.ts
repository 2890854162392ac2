import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ConsoleEvent,
  type ConsoleEventDetails,
  type DomainLookupResult,
  type EventDetails,
  RecordType,
} from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeUser } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { apiAs, call, useTestApp } from '../../../test/helper';
import { pngDataUrl } from '../../../test/images';

const t = useTestApp();

const req = apiAs(t);

const newEvent = {
  name: 'Harbour Summit',
  eventType: 'hybrid',
  timezone: 'Europe/Istanbul',
  sdt: '2027-05-10T06:00:00.000Z',
  edt: '2027-05-11T15:00:00.000Z',
  domain: 'harbour',
};

const fileOf = (url: string) => join(t.ctx.config.dataDir, url.replace(/^\/uploads\//, 'uploads/'));

async function owner() {
  const user = await makeUser(t.ctx, {
    username: `owner-${Date.now()}@example.test`,
    name: 'Olga',
    surname: 'Owner',
  });
  const created = await req<ConsoleEventDetails>(user, 'POST', '/organizer/event', newEvent);
  expect(created.status).toBe(200);
  return { user, event: created.body.data! };
}

describe('organizer console: events', () => {
  it('creates an event owned by the caller, with default participant types, listed in the console', async () => {
    const { user, event } = await owner();
    expect(event).toMatchObject({
      name: 'Harbour Summit',
      role: 'owner',
      domain: 'harbour',
      participantCount: 1,
    });
    const details = await req<EventDetails>(user, 'GET', `/event/${event.id}`);
    expect(details.body.data?.me).toMatchObject({
      organizer: true,
      organizerRole: 'owner',
      checkInAdmin: true,
    });
    expect(details.body.data?.participantTypes.map((p) => p.name)).toEqual([
      'Attendee',
      'Speaker',
      'Exhibitor',
    ]);
    const list = await req<ConsoleEvent[]>(user, 'GET', '/organizer/event');
    expect(list.body.data?.map((e) => e.id)).toContain(event.id);
  });

  it('refuses a taken or reserved domain label and an end before the start, with field errors', async () => {
    await owner();
    const other = await makeUser(t.ctx, { username: `other-${Date.now()}@example.test` });
    const taken = await req(other, 'POST', '/organizer/event', newEvent);
    expect(taken.status).toBe(400);
    expect(taken.body.error?.fields).toEqual({ domain: 'organizer.error.domainTaken' });
    const reserved = await req(other, 'POST', '/organizer/event', { ...newEvent, domain: 'www' });
    expect(reserved.body.error?.fields).toEqual({ domain: 'organizer.error.domainReserved' });
    const backwards = await req(other, 'POST', '/organizer/event', {
      ...newEvent,
      domain: undefined,
      edt: '2027-05-09T06:00:00.000Z',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error?.fields?.edt).toBe('validation.error.endBeforeStart');
  });

  it('edits branding, the registration form and translations, and tells open screens live', async () => {
    const { user, event } = await owner();
    const before = await t.ctx.db
      .selectFrom('realtime_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('room', '=', `newEvents/${event.id}`)
      .executeTakeFirstOrThrow();
    const updated = await req<ConsoleEventDetails>(user, 'PUT', `/organizer/event/${event.id}`, {
      colors: { primary: '#0b7285' },
      registrationForm: [
        { fieldName: 'diet', label: 'Diet', type: 'select', required: true, dataList: ['Any', 'Vegan'] },
      ],
      translation: { tr: { name: 'Liman Zirvesi' } },
      languages: ['en', 'tr'],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      colors: { primary: '#0b7285' },
      languages: ['en', 'tr'],
      translation: { tr: { name: 'Liman Zirvesi' } },
    });
    const form = await call<{ event: { registrationForm: unknown[] } }>(t.app, {
      method: 'GET',
      url: `/api/v1/event/${event.id}/public`,
    });
    expect(form.body.data?.event.registrationForm).toHaveLength(1);
    const records = await t.ctx.db
      .selectFrom('realtime_events')
      .select(['type'])
      .where('room', '=', `newEvents/${event.id}`)
      .execute();
    expect(records.length).toBe(Number(before.n) + 1);
    expect(records.at(-1)?.type).toBe(RecordType.EventChanged);
  });

  it('E5.02 saves requiredLabel per registration field and the public event gives it back', async () => {
    const { user, event } = await owner();
    const registrationForm = [
      { fieldName: 'diet', label: 'Diet', type: 'text', required: true, requiredLabel: true },
      { fieldName: 'company', type: 'text', required: false, requiredLabel: true },
      { fieldName: 'city', type: 'text', required: false },
    ];
    const saved = await req<ConsoleEventDetails>(user, 'PUT', `/organizer/event/${event.id}`, {
      registrationForm,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data?.registrationForm).toEqual(registrationForm);
    const stored = await t.ctx.db
      .selectFrom('events')
      .select('registration_form')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(stored.registration_form.map((f) => f.requiredLabel)).toEqual([true, true, undefined]);
    const inConsole = await req<ConsoleEventDetails>(user, 'GET', `/organizer/event/${event.id}`);
    expect(inConsole.body.data?.registrationForm).toEqual(registrationForm);
    const open = await call<DomainLookupResult>(t.app, {
      method: 'GET',
      url: `/api/v1/event/${event.id}/public`,
    });
    expect(open.status).toBe(200);
    expect(open.body.data?.event.registrationForm).toEqual(registrationForm);
  });

  it('a select field without options and two fields with one name are refused, and change nothing', async () => {
    const { user, event } = await owner();
    const noOptions = await req(user, 'PUT', `/organizer/event/${event.id}`, {
      registrationForm: [{ fieldName: 'diet', type: 'select', required: false }],
    });
    expect(noOptions.body.error?.fields).toEqual({ registrationForm: 'organizer.error.fieldOptions' });
    const twice = await req(user, 'PUT', `/organizer/event/${event.id}`, {
      registrationForm: [
        { fieldName: 'a', type: 'text', required: false },
        { fieldName: 'a', type: 'text', required: true },
      ],
    });
    expect(twice.body.error?.fields).toEqual({ registrationForm: 'organizer.error.duplicateField' });
    const after = await req<ConsoleEventDetails>(user, 'GET', `/organizer/event/${event.id}`);
    expect(after.body.data?.registrationForm).toEqual([]);
  });

  it('an attendee, an organizer of another event and a check-in admin may not edit the event', async () => {
    const { event } = await owner();
    const attendee = await makePerson(t.ctx, event.id, {});
    const staff = await makePerson(t.ctx, event.id, { checkInAdmin: true });
    const elsewhere = await makeEvent(t.ctx);
    const otherOrganizer = await makePerson(t.ctx, elsewhere.id, { organizer: true, organizerRole: 'owner' });
    for (const who of [attendee, staff, otherOrganizer]) {
      const res = await req(who, 'PUT', `/organizer/event/${event.id}`, { name: 'Hijacked' });
      expect(res.status).toBe(403);
    }
    // Check-in staff see the event in their console (for the door), with their role.
    const staffList = await req<ConsoleEvent[]>(staff, 'GET', '/organizer/event');
    expect(staffList.body.data?.find((e) => e.id === event.id)?.role).toBe('checkin');
    const unchanged = await t.ctx.db
      .selectFrom('events')
      .select('name')
      .where('id', '=', event.id)
      .executeTakeFirst();
    expect(unchanged?.name).toBe('Harbour Summit');
  });

  it('duplicates the set-up at new dates without people (a new logo on the copy leaves the original’s file), and only the owner archives', async () => {
    const { user, event } = await owner();
    const admin = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'admin' });
    const typesOf = (eventId: number) =>
      t.ctx.db
        .selectFrom('participant_types')
        .select(['id', 'name', 'invitation_rights'])
        .where('event_id', '=', eventId)
        .orderBy('id')
        .execute();
    const [firstType, ...moreTypes] = await typesOf(event.id);
    const lastType = moreTypes.at(-1);
    if (!firstType || !lastType) throw new Error('a new event has at least two types');
    // The first type may invite people of the last (a type written before it is copied).
    await t.ctx.db
      .updateTable('participant_types')
      .set({ invitation_rights: JSON.stringify([lastType.id]) })
      .where('id', '=', firstType.id)
      .execute();
    await t.ctx.db
      .insertInto('sessions')
      .values({
        event_id: event.id,
        name: 'Keynote',
        sdt: '2027-05-10T07:00:00Z',
        edt: '2027-05-10T08:00:00Z',
        images: '{}',
        restricted: true,
        allowed_type_ids: [lastType.id],
      })
      .execute();
    const logo = await req(user, 'POST', `/organizer/event/${event.id}/image`, {
      kind: 'logo',
      dataUrl: pngDataUrl(300, 300),
    });
    expect(logo.status).toBe(200);
    const copy = await req<ConsoleEventDetails>(user, 'POST', `/organizer/event/${event.id}/duplicate`, {
      name: 'Harbour Summit 2028',
      sdt: '2028-05-10T06:00:00.000Z',
    });
    expect(copy.status).toBe(200);
    expect(copy.body.data).toMatchObject({
      participantCount: 1,
      realEdt: '2028-05-11T15:00:00.000Z',
      domain: null,
    });
    const sessions = await t.ctx.db
      .selectFrom('sessions')
      .select(['name', 'sdt', 'allowed_type_ids'])
      .where('event_id', '=', copy.body.data!.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(new Date(sessions[0]!.sdt).toISOString()).toBe('2028-05-10T07:00:00.000Z');
    // Type ids in the copy name the copy's types, not the original's.
    const copiedTypes = await typesOf(copy.body.data!.id);
    const copyOf = (name: string) => copiedTypes.find((type) => type.name === name)?.id;
    expect(copiedTypes.find((type) => type.name === firstType.name)?.invitation_rights).toEqual([
      copyOf(lastType.name),
    ]);
    expect(sessions[0]!.allowed_type_ids).toEqual([copyOf(lastType.name)]);

    // The copy starts with the original's logo; a new logo on the copy leaves the original's file.
    const imagesOf = async (id: number) =>
      (await t.ctx.db.selectFrom('events').select('images').where('id', '=', id).executeTakeFirstOrThrow())
        .images as Record<string, string>;
    const original = (await imagesOf(event.id)).logo as string;
    expect((await imagesOf(copy.body.data!.id)).logo).toBe(original);
    const replaced = await req(user, 'POST', `/organizer/event/${copy.body.data!.id}/image`, {
      kind: 'logo',
      dataUrl: pngDataUrl(200, 200),
    });
    expect(replaced.status).toBe(200);
    expect(existsSync(fileOf(original))).toBe(true);
    // Once no event shows it, a replaced logo's file goes.
    await req(user, 'POST', `/organizer/event/${event.id}/image`, {
      kind: 'logo',
      dataUrl: pngDataUrl(100, 100),
    });
    expect(existsSync(fileOf(original))).toBe(false);

    expect((await req(admin, 'POST', `/organizer/event/${event.id}/archive`)).status).toBe(403);
    const archived = await req<ConsoleEventDetails>(user, 'POST', `/organizer/event/${event.id}/archive`);
    expect(archived.body.data?.archived).toBe(true);
  });
});

/** A copy made beside an image upload. PGlite runs one transaction at a time: only PostgreSQL lets them meet. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a duplicate beside an upload (PostgreSQL)', () => {
  const held = useHeldTransactions(() => t.ctx.db);

  it('a copy made while a new logo is being saved starts with the new logo, not the file the upload removes', async () => {
    // Made without the console's create call: this file uses up its per-minute allowance.
    const event = await makeEvent(t.ctx);
    const user = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const newLogo = '/uploads/events/new-logo.png';
    // The upload (events.service.ts uploadEventImage), not committed yet: the event held, its logo set.
    const copy = await held.behind(
      async (trx) => {
        await trx.selectFrom('events').select('id').where('id', '=', event.id).forUpdate().execute();
        await trx
          .updateTable('events')
          .set({ images: JSON.stringify({ logo: newLogo }) })
          .where('id', '=', event.id)
          .execute();
      },
      () =>
        req<ConsoleEventDetails>(user, 'POST', `/organizer/event/${event.id}/duplicate`, {
          name: 'Harbour Summit, again',
          sdt: '2028-05-10T06:00:00.000Z',
        }),
    );
    expect(copy.status).toBe(200);
    const row = await t.ctx.db
      .selectFrom('events')
      .select('images')
      .where('id', '=', copy.body.data!.id)
      .executeTakeFirstOrThrow();
    expect(row.images).toMatchObject({ logo: newLogo });
  });
});
