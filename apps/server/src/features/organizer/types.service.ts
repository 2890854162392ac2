import {
  type ConsoleCategory,
  type ConsoleParticipantType,
  type categoryGroupInput,
  duplicateOptionName,
  LOCALES,
  type participantTypeInput,
  type TypesAndCategories,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { requireConsole } from './organizer.access';
import { keepTypes } from './people.repository';
import * as repo from './types.repository';

type TypeInput = z.output<typeof participantTypeInput>;
type GroupInput = z.output<typeof categoryGroupInput>;

/** The stored texts as the contract has them (only the app's languages, only non-empty). */
export function textsOf(raw: unknown): ConsoleParticipantType['texts'] {
  if (!raw || typeof raw !== 'object') return {};
  const out: ConsoleParticipantType['texts'] = {};
  for (const lang of LOCALES) {
    const text = (raw as Record<string, unknown>)[lang];
    if (typeof text === 'string' && text) out[lang] = text;
  }
  return out;
}

function toType(row: repo.TypeWithCount): ConsoleParticipantType {
  return {
    id: row.id,
    name: row.name,
    ticketType: row.ticket_type,
    priority: row.priority,
    maxMeetingCount: row.max_meeting_count,
    invitationRights: row.invitation_rights,
    disableGuest: row.disable_guest,
    atRegistration: row.at_registration,
    allowedToModify: row.allowed_to_modify,
    participantCount: Number(row.participant_count ?? 0),
    texts: textsOf(row.texts),
  };
}

async function categoriesOf(db: Executor, eventId: number): Promise<ConsoleCategory[]> {
  const rows = await repo.listCategories(db, eventId);
  return rows
    .filter((row) => row.parent_id === null)
    .map((group) => ({
      id: group.id,
      name: group.name,
      kind: group.kind,
      type: group.type,
      isMulti: group.is_multi,
      maxSelectable: group.max_selectable,
      required: group.required,
      isPrivate: group.is_private,
      options: rows.filter((r) => r.parent_id === group.id).map((r) => ({ id: r.id, name: r.name })),
    }));
}

/** GET /organizer/event/:eventId/types. */
export async function listTypesAndCategories(
  ctx: AppContext,
  userId: number,
  eventId: number,
): Promise<TypesAndCategories> {
  await requireConsole(ctx.db, eventId, userId, 'event');
  const [types, categories] = await Promise.all([
    repo.listTypes(ctx.db, eventId),
    categoriesOf(ctx.db, eventId),
  ]);
  return { types: types.map(toType), categories };
}

/** In the save's transaction: the types the rights name are held until it commits (keepTypes). */
async function typeValues(trx: Transaction<DB>, eventId: number, input: TypeInput): Promise<repo.TypeValues> {
  if (input.invitationRights) {
    const named = [...new Set(input.invitationRights)];
    if ((await keepTypes(trx, eventId, named)) !== named.length) {
      throw AppError.badRequest('Invitation rights name a type of another event', {
        invitationRights: 'organizer.types.error.unknownType',
      });
    }
  }
  return {
    name: input.name,
    ticket_type: input.ticketType ?? input.name,
    priority: input.priority,
    max_meeting_count: input.maxMeetingCount,
    invitation_rights:
      input.invitationRights === null ? null : JSON.stringify([...new Set(input.invitationRights)]),
    disable_guest: input.disableGuest,
    at_registration: input.atRegistration,
    allowed_to_modify: input.allowedToModify,
    // Empty names are no translation: the default name shows instead.
    texts: JSON.stringify(Object.fromEntries(Object.entries(input.texts).filter(([, text]) => text))),
  };
}

async function presentType(db: Executor, eventId: number, typeId: number): Promise<ConsoleParticipantType> {
  const row = (await repo.listTypes(db, eventId)).find((t) => t.id === typeId);
  if (!row) throw AppError.notFound('Participant type not found');
  return toType(row);
}

export async function createType(ctx: AppContext, userId: number, eventId: number, input: TypeInput) {
  await requireConsole(ctx.db, eventId, userId, 'event');
  const { id } = await ctx.db
    .transaction()
    .execute(async (trx) => repo.insertType(trx, eventId, await typeValues(trx, eventId, input)));
  return presentType(ctx.db, eventId, id);
}

export async function updateType(
  ctx: AppContext,
  userId: number,
  eventId: number,
  typeId: number,
  input: TypeInput,
) {
  await requireConsole(ctx.db, eventId, userId, 'event');
  const result = await ctx.db
    .transaction()
    .execute(async (trx) => repo.updateType(trx, eventId, typeId, await typeValues(trx, eventId, input)));
  if (Number(result.numUpdatedRows) === 0) throw AppError.notFound('Participant type not found');
  return presentType(ctx.db, eventId, typeId);
}

/** A type with people needs a `moveTo` type of the same event; nobody is left with a dangling type. */
export async function deleteType(
  ctx: AppContext,
  userId: number,
  eventId: number,
  typeId: number,
  moveTo: number | undefined,
): Promise<null> {
  await requireConsole(ctx.db, eventId, userId, 'event');
  await ctx.db.transaction().execute(async (trx) => {
    const held = await repo.lockTypes(trx, eventId, moveTo === undefined ? [typeId] : [typeId, moveTo]);
    if (!held.includes(typeId)) throw AppError.notFound('Participant type not found');
    const count = await repo.countTypeParticipants(trx, typeId);
    if (moveTo !== undefined) {
      if (moveTo === typeId || !held.includes(moveTo)) {
        throw AppError.badRequest('Choose another type of this event', {
          moveTo: 'organizer.types.error.unknownType',
        });
      }
    } else if (count > 0) {
      throw AppError.conflict(`${count} participants have this type: choose a type to move them to`);
    }
    await repo.moveTypeParticipants(trx, typeId, moveTo ?? null);
    await repo.deleteType(trx, eventId, typeId, moveTo ?? null, ctx.now());
  });
  return null;
}

function groupValues(input: GroupInput): repo.GroupValues {
  const duplicate = duplicateOptionName(input.options);
  if (duplicate) {
    throw AppError.badRequest(`Two options are named ${duplicate}`, {
      options: 'organizer.types.error.duplicateOption',
    });
  }
  if (input.type === 'select' && input.options.length === 0) {
    throw AppError.badRequest('A choice group needs at least one option', {
      options: 'organizer.error.fieldOptions',
    });
  }
  return {
    name: input.name,
    kind: input.kind,
    type: input.type,
    is_multi: input.isMulti,
    max_selectable: input.isMulti ? input.maxSelectable : 1,
    required: input.required,
    is_private: input.isPrivate,
  };
}

async function presentGroup(db: Executor, eventId: number, groupId: number): Promise<ConsoleCategory> {
  const group = (await categoriesOf(db, eventId)).find((c) => c.id === groupId);
  if (!group) throw AppError.notFound('Category not found');
  return group;
}

export async function createGroup(ctx: AppContext, userId: number, eventId: number, input: GroupInput) {
  await requireConsole(ctx.db, eventId, userId, 'event');
  const values = groupValues(input);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const { id } = await repo.insertGroup(trx, eventId, values);
    for (const option of input.options) await repo.insertOption(trx, eventId, { ...values, id }, option.name);
    return id;
  });
  return presentGroup(ctx.db, eventId, id);
}

/** Options keep their ids (and so everyone's choices); options left out are removed and unset. */
export async function updateGroup(
  ctx: AppContext,
  userId: number,
  eventId: number,
  groupId: number,
  input: GroupInput,
) {
  await requireConsole(ctx.db, eventId, userId, 'event');
  const values = groupValues(input);
  await ctx.db.transaction().execute(async (trx) => {
    // The group held: a second save (a double click) waits and then finds this one's new options,
    // and a delete beside it either waits or has happened (404), never a foreign-key failure.
    if (!(await repo.findGroup(trx, eventId, groupId, 'lock'))) throw AppError.notFound('Category not found');
    const existing = await repo.optionsOf(trx, groupId);
    const known = new Set(existing.map((o) => o.id));
    if (input.options.some((o) => o.id !== undefined && !known.has(o.id))) {
      throw AppError.badRequest('An option belongs to another group', {
        options: 'organizer.types.error.unknownOption',
      });
    }
    await repo.updateGroup(trx, groupId, values);
    const kept = new Set(input.options.flatMap((o) => (o.id === undefined ? [] : [o.id])));
    await repo.deleteCategories(
      trx,
      eventId,
      existing.filter((o) => !kept.has(o.id)).map((o) => o.id),
    );
    for (const option of input.options) {
      if (option.id === undefined)
        await repo.insertOption(trx, eventId, { ...values, id: groupId }, option.name);
      else await repo.renameOption(trx, option.id, option.name);
    }
  });
  return presentGroup(ctx.db, eventId, groupId);
}

export async function deleteGroup(
  ctx: AppContext,
  userId: number,
  eventId: number,
  groupId: number,
): Promise<null> {
  await requireConsole(ctx.db, eventId, userId, 'event');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findGroup(trx, eventId, groupId, 'lock'))) throw AppError.notFound('Category not found');
    const options = await repo.optionsOf(trx, groupId);
    await repo.deleteCategories(trx, eventId, [...options.map((o) => o.id), groupId]);
  });
  return null;
}
