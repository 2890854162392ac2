import {
  findClashes,
  MEETING_SLOT_SESSION_TYPE,
  type MeetingSlotsResult,
  type meetingSlotsRequest,
  type Programme,
  ProgrammeErrorCode,
  type ProgrammeRoom,
  type ProgrammeTrack,
  type programmeRoomRequest,
  type programmeTrackRequest,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { holdLock } from '../../db/advisory-locks';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { requireConsole } from './organizer.access';
import { peopleBySession, toProgrammeSession, toRoom, toTrack } from './programme.present';
import * as repo from './programme.repository';

/** GET /organizer/event/:eventId/programme: everything the programme screen shows, clashes included. */
export async function getProgramme(ctx: AppContext, userId: number, eventId: number): Promise<Programme> {
  const { event } = await requireConsole(ctx.db, eventId, userId, 'programme');
  const [rooms, tracks, rows] = await Promise.all([
    repo.listRooms(ctx.db, eventId),
    repo.listTracks(ctx.db, eventId),
    repo.listSessions(ctx.db, eventId),
  ]);
  const people = peopleBySession(
    await repo.listSessionPeople(
      ctx.db,
      rows.map((r) => r.id),
    ),
  );
  const sessions = rows.map((row) => toProgrammeSession(row, people.get(row.id) ?? []));
  return {
    timezone: event.timezone,
    eventSdt: event.real_sdt.toISOString(),
    eventEdt: event.real_edt.toISOString(),
    rooms: rooms.map(toRoom),
    tracks: tracks.map(toTrack),
    sessions,
    clashes: findClashes(sessions),
  };
}

const capacityError = (used: number) =>
  AppError.badRequest(`The capacity cannot be below the ${used} places already taken`, {
    capacity: 'organizer.programme.error.capacityBelowJoined',
  });

type Named = 'locations' | 'tracks';

const nameTaken = (table: Named) =>
  new AppError(
    409,
    ProgrammeErrorCode.NameTaken,
    `The event has a ${table === 'locations' ? 'room' : 'track'} of this name already`,
    {
      name:
        table === 'locations'
          ? 'organizer.programme.error.roomNameTaken'
          : 'organizer.programme.error.trackNameTaken',
    },
  );

/**
 * Adds or renames a room or track in a transaction that holds the programme's turn (as session saves
 * and sessions files do), after checking that no other of the event's has its name. The unique index
 * (migration 0038) stays the last word: a refusal by it is the same 409.
 */
async function withFreeName<T>(
  ctx: AppContext,
  table: Named,
  eventId: number,
  name: { value: string; exceptId: number | null },
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await holdLock(trx, 'programme', eventId);
      if (await repo.isNameTaken(trx, table, eventId, name.value, name.exceptId)) throw nameTaken(table);
      return work(trx);
    });
  } catch (error) {
    if (isUniqueViolation(error, repo.NAME_INDEX[table])) throw nameTaken(table);
    throw error;
  }
}

/** POST /organizer/event/:eventId/rooms: 409 when the event has a room of the name. */
export async function createRoom(
  ctx: AppContext,
  userId: number,
  eventId: number,
  input: z.output<typeof programmeRoomRequest>,
): Promise<ProgrammeRoom> {
  await requireConsole(ctx.db, eventId, userId, 'programme');
  return withFreeName(ctx, 'locations', eventId, { value: input.name, exceptId: null }, async (trx) =>
    toRoom(await repo.insertRoom(trx, eventId, input.name, input.capacity)),
  );
}

async function requireRoom(db: Executor, eventId: number, roomId: number, lock?: 'lock') {
  const room = await repo.findRoom(db, eventId, roomId, lock);
  if (!room) throw AppError.notFound('Room not found');
  return room;
}

/**
 * PUT /organizer/event/:eventId/rooms/:roomId. Sessions without a capacity of their own take the
 * room's: it may not drop below the places any of them already holds. 409 when another room of the
 * event has the name (a room may take another spelling of its own).
 */
export async function updateRoom(
  ctx: AppContext,
  userId: number,
  eventId: number,
  roomId: number,
  input: z.output<typeof programmeRoomRequest>,
): Promise<ProgrammeRoom> {
  await requireConsole(ctx.db, eventId, userId, 'programme');
  return withFreeName(ctx, 'locations', eventId, { value: input.name, exceptId: roomId }, async (trx) => {
    // Held before counting: a join (takeSeat) reads the room FOR SHARE before it counts its seats, so
    // it either counts before this change and is counted below, or waits and sees the new capacity.
    await requireRoom(trx, eventId, roomId, 'lock');
    if (input.capacity !== null) {
      const fullest = (await repo.sessionsUsingRoomCapacity(trx, roomId))[0];
      if (fullest && fullest.used_capacity > input.capacity) throw capacityError(fullest.used_capacity);
    }
    const room = await repo.updateRoom(trx, roomId, input.name, input.capacity);
    return toRoom({ ...room, session_count: await repo.countRoomSessions(trx, roomId) });
  });
}

/** DELETE /organizer/event/:eventId/rooms/:roomId: refused while a live session is in the room. */
export async function deleteRoom(
  ctx: AppContext,
  userId: number,
  eventId: number,
  roomId: number,
): Promise<{ id: number }> {
  await requireConsole(ctx.db, eventId, userId, 'programme');
  await ctx.db.transaction().execute(async (trx) => {
    // Held before counting: a session saved into the room meanwhile reads it FOR SHARE, so it is
    // either counted here or told the room is gone (never put in a room deleted under it).
    await requireRoom(trx, eventId, roomId, 'lock');
    const inUse = await repo.countRoomSessions(trx, roomId);
    if (inUse > 0) {
      throw AppError.conflict(
        `${inUse} session(s) still take place in this room: move or delete them first`,
        ProgrammeErrorCode.RoomInUse,
      );
    }
    await repo.deleteRoom(trx, roomId);
  });
  return { id: roomId };
}

/** POST /organizer/event/:eventId/tracks: 409 when the event has a track of the name. */
export async function createTrack(
  ctx: AppContext,
  userId: number,
  eventId: number,
  input: z.output<typeof programmeTrackRequest>,
): Promise<ProgrammeTrack> {
  await requireConsole(ctx.db, eventId, userId, 'programme');
  return withFreeName(ctx, 'tracks', eventId, { value: input.name, exceptId: null }, async (trx) =>
    toTrack(await repo.insertTrack(trx, eventId, input.name, input.color)),
  );
}

async function requireTrack(db: Executor, eventId: number, trackId: number, lock?: 'lock') {
  const track = await repo.findTrack(db, eventId, trackId, lock);
  if (!track) throw AppError.notFound('Track not found');
  return track;
}

/**
 * PUT /organizer/event/:eventId/tracks/:trackId. The track is held while it is renamed: one deleted
 * meanwhile is a 404 (its UPDATE found no row and answered a 500 before). 409 when another track of
 * the event has the name.
 */
export async function updateTrack(
  ctx: AppContext,
  userId: number,
  eventId: number,
  trackId: number,
  input: z.output<typeof programmeTrackRequest>,
): Promise<ProgrammeTrack> {
  await requireConsole(ctx.db, eventId, userId, 'programme');
  return withFreeName(ctx, 'tracks', eventId, { value: input.name, exceptId: trackId }, async (trx) => {
    await requireTrack(trx, eventId, trackId, 'lock');
    const track = await repo.updateTrack(trx, trackId, input.name, input.color);
    const counted = (await repo.listTracks(trx, eventId)).find((t) => t.id === trackId);
    return toTrack({ ...track, session_count: counted?.session_count ?? 0 });
  });
}

/** DELETE /organizer/event/:eventId/tracks/:trackId: its sessions stay, without a track. */
export async function deleteTrack(
  ctx: AppContext,
  userId: number,
  eventId: number,
  trackId: number,
): Promise<{ id: number }> {
  await requireConsole(ctx.db, eventId, userId, 'programme');
  await requireTrack(ctx.db, eventId, trackId);
  await repo.deleteTrack(ctx.db, trackId);
  return { id: trackId };
}

/** At most this many slots in one request (31 days of 5-minute slots would be 8 928). */
const MAX_SLOTS = 2000;

/**
 * POST /organizer/event/:eventId/meeting-slots (E3.08): back-to-back slots from `from` to `to` on each
 * day, wall-clock times in the event's zone; slots that already exist at the same times are skipped.
 */
export async function generateMeetingSlots(
  ctx: AppContext,
  userId: number,
  eventId: number,
  input: z.output<typeof meetingSlotsRequest>,
): Promise<MeetingSlotsResult> {
  const { event } = await requireConsole(ctx.db, eventId, userId, 'programme');
  const slots: { sdt: Date; edt: Date }[] = [];
  for (const day of [...new Set(input.days)].sort()) {
    const start = DateTime.fromISO(`${day}T${input.from}`, { zone: event.timezone });
    const end = DateTime.fromISO(`${day}T${input.to}`, { zone: event.timezone });
    for (
      let at = start;
      at.plus({ minutes: input.minutes }) <= end;
      at = at.plus({ minutes: input.minutes })
    ) {
      slots.push({ sdt: at.toJSDate(), edt: at.plus({ minutes: input.minutes }).toJSDate() });
    }
  }
  if (slots.length > MAX_SLOTS) {
    throw AppError.badRequest(`At most ${MAX_SLOTS} slots at once`, {
      minutes: 'organizer.programme.error.tooManySlots',
    });
  }
  return ctx.db.transaction().execute(async (trx) => {
    // One generation of the event's slots at a time: a second submit (a double click on a slow
    // answer) finds the first one's slots and skips them instead of making each one twice.
    await holdLock(trx, 'meetingSlots', eventId);
    // FOR SHARE: a room deleted meanwhile is refused here, not after the slots went into it.
    if (input.locationId !== null) await sharedRoom(trx, eventId, input.locationId);
    const existing = await repo.existingSlotTimes(trx, eventId, MEETING_SLOT_SESSION_TYPE);
    const fresh = slots.filter((s) => !existing.has(`${s.sdt.getTime()}-${s.edt.getTime()}`));
    const created = await repo.insertSessions(
      trx,
      fresh.map((s) => ({
        event_id: eventId,
        name: input.name || '1:1 meeting',
        type: MEETING_SLOT_SESSION_TYPE,
        sdt: s.sdt,
        edt: s.edt,
        location_id: input.locationId,
        images: '{}',
        updated_at: ctx.now(),
      })),
    );
    return { created, skipped: slots.length - fresh.length };
  });
}

/**
 * The room a form names, read FOR SHARE in the caller's transaction (deleting it or changing its
 * capacity waits for the write); 400 when it is no room of this event.
 */
export async function sharedRoom(trx: Executor, eventId: number, roomId: number) {
  const room = await repo.findRoom(trx, eventId, roomId, 'share');
  if (!room) {
    throw AppError.badRequest('No such room in this event', {
      locationId: 'organizer.programme.error.unknownRoom',
    });
  }
  return room;
}
