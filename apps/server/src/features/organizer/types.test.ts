import type {
  ConsoleCategory,
  ConsoleParticipantType,
  EventDetails,
  ImportJob,
  TypesAndCategories,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  makeBooth,
  makeCategory,
  makeEvent,
  makePerson,
  makeType,
  makeUser,
  type Person,
  tokenHeaders,
} from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, useTestApp } from '../../../test/helper';
import type { DB } from '../../db/schema';
import { deleteBoothCategory } from './exhibitors.repository';
import { deleteCategories, deleteType, lockTypes, moveTypeParticipants } from './types.repository';

const t = useTestApp();

const req = <T>(who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call<T>(t.app, {
    method,
    url: `/api/v1/organizer/event${url}`,
    headers: who.headers,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

async function setup() {
  const event = await makeEvent(t.ctx);
  const organizer = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'admin' });
  return { event, organizer };
}

describe('organizer console: participant types and categories', () => {
  it('E3.05 E6.15 adds a type with limits and invitation rights, and counts its people', async () => {
    const { event, organizer } = await setup();
    const vip = await req<ConsoleParticipantType>(organizer, 'POST', `/${event.id}/types`, {
      name: 'VIP',
      maxMeetingCount: 20,
      disableGuest: true,
      atRegistration: false,
    });
    expect(vip.status).toBe(200);
    const buyer = await req<ConsoleParticipantType>(organizer, 'POST', `/${event.id}/types`, {
      name: 'Buyer',
      invitationRights: [vip.body.data!.id],
      atRegistration: true,
    });
    expect(buyer.body.data).toMatchObject({
      name: 'Buyer',
      invitationRights: [vip.body.data!.id],
      ticketType: 'Buyer',
    });
    await makePerson(t.ctx, event.id, { typeId: vip.body.data!.id });
    const list = await req<TypesAndCategories>(organizer, 'GET', `/${event.id}/types`);
    expect(list.body.data?.types.find((x) => x.name === 'VIP')).toMatchObject({
      maxMeetingCount: 20,
      disableGuest: true,
      participantCount: 1,
    });
  });

  it('E3.05 a type has its name per language: kept, empty ones dropped, unknown languages refused, shown to attendees', async () => {
    const { event, organizer } = await setup();
    const made = await req<ConsoleParticipantType>(organizer, 'POST', `/${event.id}/types`, {
      name: 'Buyer',
      texts: { tr: ' Alıcı ', ru: 'Покупатель', es: '' },
    });
    expect(made.status).toBe(200);
    expect(made.body.data?.texts).toEqual({ tr: 'Alıcı', ru: 'Покупатель' });
    const unknown = await req(organizer, 'POST', `/${event.id}/types`, {
      name: 'X',
      texts: { de: 'Käufer' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.fields).toEqual({ 'texts.de': 'validation.error.language' });
    expect(unknown.body.error?.msg).toBe('texts.de: Unknown language');
    const tooLong = await req(organizer, 'POST', `/${event.id}/types`, {
      name: 'X',
      texts: { tr: 'x'.repeat(101) },
    });
    expect(tooLong.status).toBe(400);
    const edited = await req<ConsoleParticipantType>(
      organizer,
      'PUT',
      `/${event.id}/types/${made.body.data!.id}`,
      {
        name: 'Buyer',
        texts: { tr: 'Satın alan' },
      },
    );
    expect(edited.body.data?.texts).toEqual({ tr: 'Satın alan' });
    const details = await call<EventDetails>(t.app, {
      method: 'GET',
      url: `/api/v1/event/${event.id}`,
      headers: organizer.headers,
    });
    expect(details.body.data?.participantTypes.find((x) => x.name === 'Buyer')?.texts).toEqual({
      tr: 'Satın alan',
    });
  });

  it('refuses invitation rights naming another event’s type, and deleting a type with people unless they move (door areas then let their new type in)', async () => {
    const { event, organizer } = await setup();
    const elsewhere = await makeEvent(t.ctx);
    const foreign = await makeType(t.ctx, elsewhere.id);
    const bad = await req(organizer, 'POST', `/${event.id}/types`, {
      name: 'X',
      invitationRights: [foreign.id],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ invitationRights: 'organizer.types.error.unknownType' });

    const a = await makeType(t.ctx, event.id, { name: 'A' });
    const b = await makeType(t.ctx, event.id, { name: 'B' });
    const person = await makePerson(t.ctx, event.id, { typeId: a.id });
    expect((await req(organizer, 'DELETE', `/${event.id}/types/${a.id}`)).status).toBe(409);
    expect((await req(organizer, 'DELETE', `/${event.id}/types/${a.id}?moveTo=${foreign.id}`)).status).toBe(
      400,
    );
    // A door area and a session let type A in: after the move they let B in (its people are B now).
    const hall = await t.ctx.db
      .insertInto('locations')
      .values({ event_id: event.id, name: 'Hall A' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const area = await t.ctx.db
      .insertInto('checkin_areas')
      .values({
        event_id: event.id,
        entity_type: 'location',
        entity_id: hall.id,
        configured: true,
        allowed_type_ids: [a.id],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await req(organizer, 'DELETE', `/${event.id}/types/${a.id}?moveTo=${b.id}`)).status).toBe(200);
    const moved = await t.ctx.db
      .selectFrom('participants')
      .select('type_id')
      .where('id', '=', person.id)
      .executeTakeFirst();
    expect(moved?.type_id).toBe(b.id);
    const door = await t.ctx.db
      .selectFrom('checkin_areas')
      .select('allowed_type_ids')
      .where('id', '=', area.id)
      .executeTakeFirstOrThrow();
    expect(door.allowed_type_ids).toEqual([b.id]);
  });

  it('saves a category group as a whole: kept options keep their ids, removed ones are unset on people', async () => {
    const { event, organizer } = await setup();
    const created = await req<ConsoleCategory>(organizer, 'POST', `/${event.id}/categories`, {
      name: 'Industry',
      options: [{ name: 'Fintech' }, { name: 'Health' }],
      required: true,
    });
    expect(created.status).toBe(200);
    const [fintech, health] = created.body.data!.options;
    const person = await makePerson(t.ctx, event.id, { categoryIds: [fintech!.id, health!.id] });
    const updated = await req<ConsoleCategory>(
      organizer,
      'PUT',
      `/${event.id}/categories/${created.body.data!.id}`,
      {
        name: 'Sector',
        options: [{ id: fintech!.id, name: 'Financial technology' }, { name: 'Education' }],
      },
    );
    expect(updated.body.data?.name).toBe('Sector');
    expect(updated.body.data?.options.map((o) => o.name)).toEqual(['Financial technology', 'Education']);
    expect(updated.body.data?.options[0]?.id).toBe(fintech!.id);
    const row = await t.ctx.db
      .selectFrom('participants')
      .select('category_ids')
      .where('id', '=', person.id)
      .executeTakeFirst();
    expect(row?.category_ids).toEqual([fintech!.id]);

    const twice = await req(organizer, 'PUT', `/${event.id}/categories/${created.body.data!.id}`, {
      name: 'Sector',
      options: [{ name: 'A' }, { name: 'a' }],
    });
    expect(twice.body.error?.fields).toEqual({ options: 'organizer.types.error.duplicateOption' });
    expect((await req(organizer, 'DELETE', `/${event.id}/categories/${created.body.data!.id}`)).status).toBe(
      200,
    );
    const after = await t.ctx.db
      .selectFrom('participants')
      .select('category_ids')
      .where('id', '=', person.id)
      .executeTakeFirst();
    expect(after?.category_ids).toEqual([]);
  });

  it('an attendee, a check-in admin and an organizer of another event are refused', async () => {
    const { event } = await setup();
    const group = await makeCategory(t.ctx, event.id, { name: 'Topic' });
    const attendee = await makePerson(t.ctx, event.id, {});
    const staff = await makePerson(t.ctx, event.id, { checkInAdmin: true });
    const other = await makePerson(t.ctx, (await makeEvent(t.ctx)).id, { organizer: true });
    for (const who of [attendee, staff, other]) {
      expect((await req(who, 'GET', `/${event.id}/types`)).status).toBe(403);
      expect((await req(who, 'POST', `/${event.id}/types`, { name: 'Sneaky' })).status).toBe(403);
      expect((await req(who, 'DELETE', `/${event.id}/categories/${group.id}`)).status).toBe(403);
    }
  });
});

/**
 * A category group saved twice at once (a double click on Save). PGlite runs one transaction at a
 * time: only PostgreSQL lets one save wait on the other, so this runs there.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a category group saved twice at once (PostgreSQL)', () => {
  const held = useHeldTransactions(() => t.ctx.db);

  it('E6.15 the second save replaces the first one’s new option instead of adding a copy', async () => {
    const { event, organizer } = await setup();
    const created = await req<ConsoleCategory>(organizer, 'POST', `/${event.id}/categories`, {
      name: 'Industry',
      options: [{ name: 'Health' }],
    });
    const group = created.body.data!;
    // The first save, in flight: the group held, its new option written, not committed yet.
    const second = await held.behind(
      async (trx) => {
        await trx.selectFrom('categories').select('id').where('id', '=', group.id).forUpdate().execute();
        await trx
          .insertInto('categories')
          .values({ event_id: event.id, parent_id: group.id, kind: group.kind, name: 'Fintech' })
          .execute();
      },
      () =>
        req(organizer, 'PUT', `/${event.id}/categories/${group.id}`, {
          name: 'Industry',
          options: [{ id: group.options[0]!.id, name: 'Health' }, { name: 'Fintech' }],
        }),
    );
    expect(second.status).toBe(200);
    const options = await t.ctx.db
      .selectFrom('categories')
      .select('name')
      .where('parent_id', '=', group.id)
      .orderBy('name')
      .execute();
    expect(options.map((o) => o.name)).toEqual(['Fintech', 'Health']);
  });

  it('E6.15 a type deleted while someone is being given it: refused (they have it), not silently unset', async () => {
    const { event, organizer } = await setup();
    const speaker = await makeType(t.ctx, event.id, { name: 'Speaker' });
    const person = await makePerson(t.ctx, event.id);
    // Another organizer gives the person the type (people.service.ts), not committed yet.
    const deleted = await held.behind(
      async (trx) => {
        await trx
          .updateTable('participants')
          .set({ type_id: speaker.id })
          .where('id', '=', person.id)
          .execute();
      },
      () => req(organizer, 'DELETE', `/${event.id}/types/${speaker.id}`),
    );
    expect(deleted.status).toBe(409);
    const row = await t.ctx.db
      .selectFrom('participants')
      .select('type_id')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(row.type_id).toBe(speaker.id);
  });

  it('E6.15 giving people a type whose delete is in flight is a field error after it, never a broken foreign key: edit, bulk, invite, add, import', async () => {
    const { event, organizer } = await setup();
    const person = await makePerson(t.ctx, event.id);
    const api = (method: 'POST' | 'PUT', url: string, payload: object) =>
      call<ImportJob>(t.app, {
        method,
        url: `/api/v1${url}`,
        headers: organizer.headers,
        payload: payload as Record<string, unknown>,
      });
    const writers: [string, (typeId: number) => ReturnType<typeof api>][] = [
      ['edit', (typeId) => api('PUT', `/organizer/event/${event.id}/participants/${person.id}`, { typeId })],
      [
        'bulk',
        (typeId) =>
          api('POST', `/organizer/event/${event.id}/participants/bulk`, {
            ids: [person.id],
            action: 'setType',
            typeId,
          }),
      ],
      [
        'invite',
        (typeId) =>
          api('POST', '/event/participant/invite', {
            eventId: event.id,
            name: 'In',
            surname: 'Vited',
            email: `invited-${typeId}@x.test`,
            present: 'venue',
            typeId,
          }),
      ],
      [
        'add',
        (typeId) =>
          api('POST', '/event/participant', {
            eventId: event.id,
            participants: [{ name: 'Ad', surname: 'Ded', email: `added-${typeId}@x.test`, typeId }],
          }),
      ],
    ];
    const deleteInFlight = (typeId: number) => async (trx: Transaction<DB>) => {
      // As the delete does (types.service.ts): the type held, its people counted (none), then gone.
      await trx.selectFrom('participant_types').select('id').where('id', '=', typeId).forUpdate().execute();
      await trx.deleteFrom('participant_types').where('id', '=', typeId).execute();
    };
    for (const [name, write] of writers) {
      const type = await makeType(t.ctx, event.id, { name: `Gone ${name}` });
      const answer = await held.behind(deleteInFlight(type.id), () => write(type.id));
      expect(answer.status, name).toBe(400);
      expect(answer.body.error?.fields, name).toEqual({ typeId: 'organizer.people.error.type' });
    }
    // An import whose file names the type: the job fails, saying why, and writes nobody.
    const type = await makeType(t.ctx, event.id, { name: 'Gone import' });
    const csv = 'email,name,surname,company,type\nimported@x.test,Im,Ported,,Gone import\n';
    const job = await held.behind(deleteInFlight(type.id), () =>
      api('POST', `/organizer/event/${event.id}/import/commit`, {
        kind: 'attendees',
        fileName: 'people.csv',
        contentBase64: Buffer.from(csv).toString('base64'),
        mapping: ['email', 'name', 'surname', 'company', 'type'],
      }),
    );
    // The console says the import failed and nothing changed; a new try reports the row's type unknown.
    expect(job.body.data?.state).toBe('failed');
    const failed = await t.ctx.db
      .selectFrom('import_jobs')
      .select('failure')
      .where('id', '=', job.body.data?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(failed.failure).toMatch(/^A participant type the file names was deleted meanwhile/);
    const people = await t.ctx.db
      .selectFrom('participants')
      .select(['email', 'type_id'])
      .where('event_id', '=', event.id)
      .orderBy('id')
      .execute();
    expect(people.map((p) => p.email)).toEqual([organizer.email, person.email]);
    expect(people.every((p) => p.type_id === null)).toBe(true);
  });

  it('A7.21 E6.15 joining a public event while its registration type is being deleted joins as the next type offered', async () => {
    const event = await makeEvent(t.ctx, { public_event: true });
    const first = await makeType(t.ctx, event.id, { name: 'Early', atRegistration: true, priority: 1 });
    const next = await makeType(t.ctx, event.id, { name: 'Regular', atRegistration: true, priority: 2 });
    const user = await makeUser(t.ctx);
    const joined = await held.behind(
      async (trx) => {
        await trx
          .selectFrom('participant_types')
          .select('id')
          .where('id', '=', first.id)
          .forUpdate()
          .execute();
        await trx.deleteFrom('participant_types').where('id', '=', first.id).execute();
      },
      async () =>
        call<EventDetails>(t.app, {
          method: 'GET',
          url: `/api/v1/event/${event.id}?attendEvent=true`,
          headers: await tokenHeaders(t.ctx, user.id),
        }),
    );
    expect(joined.status).toBe(200);
    expect(joined.body.data?.me?.typeId).toBe(next.id);
  });

  it('E6.15 a session, door area or type’s invitation rights naming a type whose delete (moving its people) is in flight is refused after it, not left naming the deleted type', async () => {
    const { event, organizer } = await setup();
    const admin = (method: 'POST' | 'PUT', url: string, payload: object) =>
      req(organizer, method, url, payload);
    const room = await t.ctx.db
      .insertInto('locations')
      .values({ event_id: event.id, name: 'Hall D' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const writers: [string, (typeId: number) => ReturnType<typeof admin>, string][] = [
      [
        'session',
        (typeId) =>
          admin('POST', `/${event.id}/sessions`, {
            name: `Closed ${typeId}`,
            sdt: '2030-05-01T09:00:00.000Z',
            edt: '2030-05-01T10:00:00.000Z',
            restricted: true,
            allowedTypeIds: [typeId],
            allowClash: true,
          }),
        'allowedTypeIds',
      ],
      [
        'door area',
        (typeId) =>
          admin('POST', `/${event.id}/door/areas`, {
            entityType: 'location',
            entityId: room.id,
            allowedTypeIds: [typeId],
          }),
        'allowedTypeIds',
      ],
      [
        'type rights',
        (typeId) =>
          admin('POST', `/${event.id}/types`, { name: `Invites ${typeId}`, invitationRights: [typeId] }),
        'invitationRights',
      ],
    ];
    const target = await makeType(t.ctx, event.id, { name: 'Everyone' });
    for (const [name, write, field] of writers) {
      const gone = await makeType(t.ctx, event.id, { name: `Old ${name}` });
      // The type's delete, moving its people to another type (types.service.ts), not committed yet.
      const answer = await held.behind(
        async (trx) => {
          await lockTypes(trx, event.id, [gone.id, target.id]);
          await moveTypeParticipants(trx, gone.id, target.id);
          await deleteType(trx, event.id, gone.id, target.id, new Date());
        },
        () => write(gone.id),
      );
      expect(answer.status, name).toBe(400);
      expect(Object.keys(answer.body.error?.fields ?? {}), name).toEqual([field]);
    }
    const named = await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(named).toEqual([]);
  });

  it('E6.20 E5.04 a category deleted while a person (by an organizer or themself) or a booth is being given it: the save after it is refused, nobody keeps the deleted id', async () => {
    const { event, organizer } = await setup();
    const person = await makePerson(t.ctx, event.id);
    const group = await makeCategory(t.ctx, event.id, { name: 'Industry' });
    const option = await makeCategory(t.ctx, event.id, { name: 'Fintech', parentId: group.id });
    // The group's delete (types.service.ts deleteGroup), not committed yet.
    const edit = await held.behind(
      async (trx) => {
        await trx.selectFrom('categories').select('id').where('id', '=', group.id).forUpdate().execute();
        await deleteCategories(trx, event.id, [option.id, group.id]);
      },
      () => req(organizer, 'PUT', `/${event.id}/participants/${person.id}`, { categoryIds: [option.id] }),
    );
    expect(edit.status).toBe(400);
    expect(edit.body.error?.fields).toEqual({ categories: 'organizer.people.error.category' });
    // A booth given a booth category whose delete is in flight.
    const booth = await makeBooth(t.ctx, event.id);
    const boothGroup = await makeCategory(t.ctx, event.id, { name: 'Halls', kind: 'booth' });
    const saved = await held.behind(
      async (trx) => {
        await deleteBoothCategory(trx, event.id, boothGroup.id);
      },
      () => req(organizer, 'PUT', `/${event.id}/booths/${booth.id}`, { categoryIds: [boothGroup.id] }),
    );
    expect(saved.status).toBe(400);
    const rows = await Promise.all([
      t.ctx.db
        .selectFrom('participants')
        .select('category_ids')
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow(),
      t.ctx.db
        .selectFrom('booths')
        .select('category_ids')
        .where('id', '=', booth.id)
        .executeTakeFirstOrThrow(),
    ]);
    expect(rows.map((row) => row.category_ids)).toEqual([[], []]);
    // The person choosing an option for themself while the organizer removes it.
    const topics = await makeCategory(t.ctx, event.id, { name: 'Topics' });
    const dropped = await makeCategory(t.ctx, event.id, { name: 'Dropped', parentId: topics.id });
    const own = await held.behind(
      async (trx) => {
        await trx.selectFrom('categories').select('id').where('id', '=', topics.id).forUpdate().execute();
        await deleteCategories(trx, event.id, [dropped.id]);
      },
      () =>
        call(t.app, {
          method: 'PUT',
          url: '/api/v1/event/participant',
          headers: person.headers,
          payload: {
            eventId: event.id,
            categories: [{ categoryId: topics.id, selectedCategoryIds: [dropped.id] }],
          },
        }),
    );
    expect(own.status).toBe(400);
    const after = await t.ctx.db
      .selectFrom('participants')
      .select('category_ids')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(after.category_ids).toEqual([]);
  });
});
