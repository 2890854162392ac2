import {
  type Clash,
  clashesOf,
  findClashes,
  ProgrammeErrorCode,
  type ProgrammeSession,
  type ProgrammeSessionInput,
} from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import type { Transaction, Updateable } from 'kysely';
import type { AppContext } from '../../context';
import { holdLock } from '../../db/advisory-locks';
import type { DB, SessionsTable } from '../../db/schema';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import { sanitizeRichText } from '../../http/rich-text';
import { type AgendaEvents, agendaEvents, refreshAgendas } from '../agenda/agenda.events';
import { requireConsole } from './organizer.access';
import { peopleBySession, toProgrammeSession } from './programme.present';
import * as repo from './programme.repository';
import { sharedRoom } from './programme.service';

/** What session writes need besides the database: the agenda's live pushes and the event bus. */
export interface ProgrammeDeps {
  ctx: AppContext;
  events: AgendaEvents;
  bus: Pick<Bus, 'emit'>;
}

export const programmeDeps = (app: FastifyInstance): ProgrammeDeps => ({
  ctx: app.ctx,
  events: agendaEvents(app),
  bus: app.bus,
});

const NEW_SESSION = 0;

/**
 * Checks that the room, track, people and types the body names belong to the event. The room and
 * the track are read FOR SHARE, in the transaction that saves the session: deleting either waits
 * for the save (and then finds the session in the room), and a room's capacity cannot change
 * between this read and the save.
 */
async function checkReferences(db: Transaction<DB>, eventId: number, input: ProgrammeSessionInput) {
  const room = input.locationId === null ? null : await sharedRoom(db, eventId, input.locationId);
  if (input.trackId !== null && !(await repo.findTrack(db, eventId, input.trackId, 'share'))) {
    throw AppError.badRequest('No such track in this event', {
      trackId: 'organizer.programme.error.unknownTrack',
    });
  }
  const personIds = [...new Set(input.speakers.map((s) => s.participantId))];
  const found = await repo.existingParticipants(db, eventId, personIds);
  if (found.size !== personIds.length) {
    throw AppError.badRequest('A speaker is not a participant of this event', {
      speakers: 'organizer.programme.error.unknownSpeaker',
    });
  }
  const typeIds = [...new Set(input.allowedTypeIds)];
  if ((await repo.existingTypes(db, eventId, typeIds)).size !== typeIds.length) {
    throw AppError.badRequest('A participant type is not of this event', {
      allowedTypeIds: 'organizer.programme.error.unknownType',
    });
  }
  return { roomCapacity: room?.capacity ?? null };
}

/** The clashes the saved session would have with the others (none when the body allows them). */
async function clashesFor(
  trx: Transaction<DB>,
  eventId: number,
  sessionId: number,
  parentId: number | null,
  input: ProgrammeSessionInput,
): Promise<Clash[]> {
  const sdt = new Date(input.sdt);
  const edt = new Date(input.edt);
  const others = (await repo.listSessions(trx, eventId, { overlapping: { sdt, edt } })).filter(
    (s) => s.id !== sessionId,
  );
  const people = peopleBySession(
    await repo.listSessionPeople(
      trx,
      others.map((s) => s.id),
    ),
  );
  const candidates = [
    { id: sessionId, parentId, sdt, edt, locationId: input.locationId, speakers: input.speakers },
    ...others.map((s) => ({
      id: s.id,
      parentId: s.parent_id,
      sdt: s.sdt,
      edt: s.edt,
      locationId: s.location_id,
      speakers: people.get(s.id) ?? [],
    })),
  ];
  return clashesOf(findClashes(candidates), sessionId);
}

function clashError(clashes: Clash[], sessionId: number): AppError {
  const fields: Record<string, string> = {};
  for (const clash of clashes) {
    const other = clash.sessionIds[0] === sessionId ? clash.sessionIds[1] : clash.sessionIds[0];
    if (clash.kind === 'room') fields[`room.${other}`] = 'organizer.programme.clash.room';
    else fields[`speaker.${other}.${clash.participantId}`] = 'organizer.programme.clash.speaker';
  }
  return new AppError(
    409,
    ProgrammeErrorCode.Clash,
    `The session clashes with ${clashes.length} other booking(s); send allowClash: true to save anyway`,
    fields,
  );
}

const columnsOf = (input: ProgrammeSessionInput, now: Date): Updateable<SessionsTable> => ({
  name: input.name,
  type: input.type,
  // E2.71: the description is rich text, cleaned before it is stored.
  description: sanitizeRichText(input.description ?? ''),
  sdt: new Date(input.sdt),
  edt: new Date(input.edt),
  location_id: input.locationId,
  track_id: input.trackId,
  capacity: input.capacity,
  hidden: input.hidden,
  restricted: input.restricted,
  allowed_type_ids: [...new Set(input.allowedTypeIds)],
  external_link: input.externalLink,
  offline_link: input.offlineLink,
  on_site: input.onSite,
  needs_approval: input.needsApproval,
  updated_at: now,
});

async function readSession(db: Transaction<DB>, eventId: number, sessionId: number) {
  const [row] = await repo.listSessions(db, eventId, { ids: [sessionId] });
  if (!row) throw AppError.notFound('Session not found');
  const people = peopleBySession(await repo.listSessionPeople(db, [sessionId]));
  return toProgrammeSession(row, people.get(sessionId) ?? []);
}

/**
 * The event's session saves one after another, first of all they take: a save's clash check reads
 * the sessions committed, so two saves at once (a double click, two organizers) each found the room
 * or speaker free and both booked it. Saves with allowClash take it too, or a check beside one
 * would miss it.
 */
function holdProgramme(trx: Transaction<DB>, eventId: number): Promise<void> {
  return holdLock(trx, 'programme', eventId);
}

/** POST /organizer/event/:eventId/sessions. */
export async function createSession(
  deps: ProgrammeDeps,
  userId: number,
  eventId: number,
  input: ProgrammeSessionInput,
): Promise<ProgrammeSession> {
  const { ctx } = deps;
  await requireConsole(ctx.db, eventId, userId, 'programme');
  return ctx.db.transaction().execute(async (trx) => {
    await holdProgramme(trx, eventId);
    await checkReferences(trx, eventId, input);
    if (!input.allowClash) {
      const clashes = await clashesFor(trx, eventId, NEW_SESSION, null, input);
      if (clashes.length > 0) throw clashError(clashes, NEW_SESSION);
    }
    const { id } = await repo.insertSession(trx, {
      ...columnsOf(input, ctx.now()),
      event_id: eventId,
      name: input.name,
      sdt: new Date(input.sdt),
      edt: new Date(input.edt),
      images: '{}',
    });
    await repo.replaceSessionPeople(
      trx,
      id,
      input.speakers.map((s) => ({ participant_id: s.participantId, role: s.role })),
    );
    return readSession(trx, eventId, id);
  });
}

/**
 * PUT /organizer/event/:eventId/sessions/:sessionId. The capacity may not drop below the places
 * held. Everyone holding a place sees the change in their open agenda at once; a new time also
 * notifies them (rescheduled_session, in-app and by e-mail per their preferences).
 */
export async function updateSession(
  deps: ProgrammeDeps,
  userId: number,
  eventId: number,
  sessionId: number,
  input: ProgrammeSessionInput,
): Promise<ProgrammeSession> {
  const { ctx } = deps;
  const { me } = await requireConsole(ctx.db, eventId, userId, 'programme');
  return ctx.db.transaction().execute(async (trx) => {
    await holdProgramme(trx, eventId);
    // The room before the session's row, in the order a join takes them (takeSeat).
    const { roomCapacity } = await checkReferences(trx, eventId, input);
    const current = await repo.lockSession(trx, eventId, sessionId);
    if (!current) throw AppError.notFound('Session not found');
    const effective = input.capacity ?? roomCapacity;
    if (effective !== null && effective < current.used_capacity) {
      throw AppError.badRequest(
        `The capacity cannot be below the ${current.used_capacity} places already taken`,
        input.capacity === null
          ? { locationId: 'organizer.programme.error.roomTooSmall' }
          : { capacity: 'organizer.programme.error.capacityBelowJoined' },
      );
    }
    if (!input.allowClash) {
      const clashes = await clashesFor(trx, eventId, sessionId, current.parent_id, input);
      if (clashes.length > 0) throw clashError(clashes, sessionId);
    }
    await repo.updateSession(trx, sessionId, columnsOf(input, ctx.now()));
    await repo.replaceSessionPeople(
      trx,
      sessionId,
      input.speakers.map((s) => ({ participant_id: s.participantId, role: s.role })),
    );
    const moved =
      new Date(current.sdt).getTime() !== Date.parse(input.sdt) ||
      new Date(current.edt).getTime() !== Date.parse(input.edt);
    await tellAudience(deps, trx, { eventId, sessionId, actorId: me.id, kind: moved ? 'moved' : 'edited' });
    return readSession(trx, eventId, sessionId);
  });
}

/** DELETE /organizer/event/:eventId/sessions/:sessionId: a soft delete; those in it are told. */
export async function deleteSession(
  deps: ProgrammeDeps,
  userId: number,
  eventId: number,
  sessionId: number,
): Promise<{ id: number }> {
  const { ctx } = deps;
  const { me } = await requireConsole(ctx.db, eventId, userId, 'programme');
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockSession(trx, eventId, sessionId);
    if (!current) throw AppError.notFound('Session not found');
    await repo.markSessionDeleted(trx, sessionId, ctx.now());
    await tellAudience(deps, trx, { eventId, sessionId, actorId: me.id, kind: 'cancelled' });
  });
  return { id: sessionId };
}

/**
 * Live pushes and notifications for a change attendees see: each person holding a place gets an
 * agenda refresh on their own room; a move or a cancellation also goes out as session.changed
 * (the notifications processor turns it into in-app notices and e-mails after the commit).
 */
export async function tellAudience(
  deps: ProgrammeDeps,
  trx: Transaction<DB>,
  change: { eventId: number; sessionId: number; actorId: number; kind: 'moved' | 'edited' | 'cancelled' },
): Promise<void> {
  const audience = await repo.sessionAudience(trx, change.sessionId);
  await refreshAgendas(deps, trx, change.eventId, audience);
  if (change.kind === 'edited' || audience.length === 0) return;
  const emit = async (
    kind: 'rescheduled_session' | 'session_cancelled' | 'cancel_session',
    participantIds: number[],
  ) => {
    if (participantIds.length === 0) return;
    await deps.bus.emit(
      {
        type: 'session.changed',
        kind,
        eventId: change.eventId,
        sessionId: change.sessionId,
        participantIds,
        actorId: change.actorId,
        message: null,
      },
      trx,
    );
  };
  const joined = audience.filter((p) => p.status === 'joined').map((p) => p.id);
  const waiting = audience.filter((p) => p.status === 'waiting').map((p) => p.id);
  if (change.kind === 'moved') {
    await emit('rescheduled_session', [...joined, ...waiting]);
  } else {
    await emit('session_cancelled', joined);
    await emit('cancel_session', waiting);
  }
}
