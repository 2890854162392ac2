import type { ImportMapping, ImportValidation } from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { holdLock } from '../../db/advisory-locks';
import type { DB } from '../../db/schema';
import { sanitizeRichText } from '../../http/rich-text';
import type { ParsedFile } from './import.parse';
import { emailsOf, removedEmails, sortedByEmail, upsertParticipants } from './import.repository';
import * as repo from './import-programme.repository';
import {
  type SessionRecord,
  type SpeakerRecord,
  validateSessionRows,
  validateSpeakerRows,
} from './import-programme.validate';
import type { ConsoleAccess } from './organizer.access';
import * as programmeRepo from './programme.repository';
import { type ProgrammeDeps, tellAudience } from './programme-sessions.service';

/**
 * Sessions and speakers from a file (issue 12, part 4; decision 016). A session is matched by its
 * external id, so a re-import changes nothing; a changed time tells those holding a place the way a
 * console edit does (tellAudience). A speaker is a participant upserted by e-mail like an attendee,
 * marked as a speaker and linked to the sessions the row names (links are only ever added).
 */

/** Rows per speaker upsert statement. */
const SPEAKER_BATCH = 1_000;

export interface WriteCounts {
  inserted: number;
  updated: number;
}

/** Writes the good rows inside the import's transaction, reporting rows done. */
export type ImportWriter = (
  trx: Transaction<DB>,
  deps: ProgrammeDeps,
  progress: (processed: number) => void,
) => Promise<WriteCounts>;

/** A checked file: its summary, how many rows will be written, and how. */
export interface PreparedImport {
  summary: ImportValidation;
  total: number;
  write: ImportWriter;
}

/** The cells of one column (none when the file's mapping skips it). */
const cellsOf = (rows: readonly string[][], column: number): string[] =>
  column < 0 ? [] : rows.map((row) => row[column] ?? '');

export async function prepareSessions(
  ctx: AppContext,
  access: ConsoleAccess,
  file: ParsedFile,
  mapping: ImportMapping,
): Promise<PreparedImport> {
  const keyed = await repo.sessionsByExternalId(ctx.db, access.event.id);
  const usedCapacity = new Map(keyed.map((s) => [s.external_id ?? '', s.used_capacity]));
  const sessions = new Map(
    keyed.map((s) => [
      s.external_id ?? '',
      { usedCapacity: s.used_capacity, capacity: s.capacity, locationId: s.location_id },
    ]),
  );
  const { records, summary } = validateSessionRows(file.rows, mapping, {
    zone: access.event.timezone,
    usedCapacity,
    sessions,
    rooms: await repo.roomsByName(ctx.db, access.event.id, cellsOf(file.rows, mapping.indexOf('room'))),
    rowNumbers: file.rowNumbers,
  });
  return {
    summary,
    total: records.length,
    write: (trx, deps, progress) => writeSessions(trx, deps, access, records, progress),
  };
}

const time = (value: Date | string) => new Date(value).getTime();

async function writeSessions(
  trx: Transaction<DB>,
  deps: ProgrammeDeps,
  access: ConsoleAccess,
  records: readonly SessionRecord[],
  progress: (processed: number) => void,
): Promise<WriteCounts> {
  const eventId = access.event.id;
  const now = deps.ctx.now();
  // The programme's turn first, as a console save takes it (decision 030): the same file committed
  // twice at once (a double click) ran side by side, each made the rooms and sessions the other had
  // not committed yet, and the second failed on the external ids' unique key. Now the second waits,
  // then reads the first's rows (each statement a new snapshot) and finds nothing left to do; a
  // console save's clash check also sees the sessions of an import in flight.
  await holdLock(trx, 'programme', eventId);
  const rooms = await repo.ensureNamed(
    trx,
    'locations',
    eventId,
    records.map((r) => r.room),
  );
  const tracks = await repo.ensureNamed(
    trx,
    'tracks',
    eventId,
    records.map((r) => r.track),
  );
  // The rooms are held FOR SHARE by ensureNamed: their capacities stay as read here until the commit.
  const roomCapacity = await repo.roomCapacities(trx, eventId);
  const existing = new Map(
    (await repo.sessionsByExternalId(trx, eventId, 'lock')).map((s) => [s.external_id, s]),
  );
  const counts: WriteCounts = { inserted: 0, updated: 0 };
  for (const [i, record] of records.entries()) {
    const locationId = record.room === '' ? null : (rooms.get(record.room) ?? null);
    const trackId = record.track === '' ? null : (tracks.get(record.track) ?? null);
    const current = existing.get(record.externalId);
    if (!current) {
      await programmeRepo.insertSession(trx, {
        event_id: eventId,
        external_id: record.externalId,
        name: record.name,
        type: record.type ?? 'session',
        description: sanitizeRichText(record.description),
        sdt: record.sdt,
        edt: record.edt,
        location_id: locationId,
        track_id: trackId,
        capacity: record.capacity,
        external_link: record.videoUrl,
        offline_link: null,
        images: '{}',
        updated_at: now,
      });
      counts.inserted++;
    } else if (!current.deleted) {
      // An empty optional cell keeps the session's value; a deleted session stays deleted.
      const next = {
        name: record.name,
        type: record.type ?? current.type,
        description: record.description === '' ? current.description : sanitizeRichText(record.description),
        location_id: locationId ?? current.location_id,
        track_id: trackId ?? current.track_id,
        // Below the places taken since the file was checked: the session keeps its capacity.
        capacity:
          record.capacity !== null && record.capacity < current.used_capacity
            ? current.capacity
            : (record.capacity ?? current.capacity),
        external_link: record.videoUrl ?? current.external_link,
      };
      // Into a room with fewer places than people joined since the file was checked: the session
      // keeps its room (the row is refused when the check already sees it).
      const intoRoom = next.location_id === null ? null : (roomCapacity.get(next.location_id) ?? null);
      if (
        next.location_id !== current.location_id &&
        next.capacity === null &&
        intoRoom !== null &&
        intoRoom < current.used_capacity
      ) {
        next.location_id = current.location_id;
      }
      const moved = time(current.sdt) !== record.sdt.getTime() || time(current.edt) !== record.edt.getTime();
      const edited = (Object.keys(next) as (keyof typeof next)[]).some((key) => next[key] !== current[key]);
      if (moved || edited) {
        await programmeRepo.updateSession(trx, current.id, {
          ...next,
          sdt: record.sdt,
          edt: record.edt,
          updated_at: now,
        });
        counts.updated++;
        await tellAudience(deps, trx, {
          eventId,
          sessionId: current.id,
          actorId: access.me.id,
          kind: moved ? 'moved' : 'edited',
        });
      }
    }
    progress(i + 1);
  }
  return counts;
}

export async function prepareSpeakers(
  ctx: AppContext,
  access: ConsoleAccess,
  file: ParsedFile,
  mapping: ImportMapping,
): Promise<PreparedImport> {
  const eventId = access.event.id;
  const keyed = await repo.sessionsByExternalId(ctx.db, eventId);
  const sessions = new Map(keyed.filter((s) => !s.deleted).map((s) => [s.external_id ?? '', s.id]));
  const emails = emailsOf(file.rows, mapping.indexOf('email'));
  const knownEmails = new Set((await repo.participantIdsByEmail(ctx.db, eventId, emails)).keys());
  const removed = await removedEmails(ctx.db, eventId, emails);
  const { records, summary } = validateSpeakerRows(file.rows, mapping, {
    sessions,
    knownEmails,
    removed,
    rowNumbers: file.rowNumbers,
  });
  return {
    summary,
    total: records.length,
    write: (trx, _deps, progress) => writeSpeakers(trx, eventId, records, progress),
  };
}

async function writeSpeakers(
  trx: Transaction<DB>,
  eventId: number,
  records: readonly SpeakerRecord[],
  progress: (processed: number) => void,
): Promise<WriteCounts> {
  const counts: WriteCounts = { inserted: 0, updated: 0 };
  // In e-mail order, as an attendee import writes people: two imports at once never deadlock.
  const sorted = sortedByEmail(records);
  for (let at = 0; at < sorted.length; at += SPEAKER_BATCH) {
    const batch = sorted.slice(at, at + SPEAKER_BATCH);
    const people = batch.map((r) => ({
      email: r.email,
      name: r.name,
      surname: r.surname,
      company: r.company,
      jobTitle: r.jobTitle,
      phone: '',
      city: '',
      website: '',
      typeId: null,
    }));
    const done = await upsertParticipants(trx, eventId, people, { speaker: true });
    const ids = await repo.participantIdsByEmail(
      trx,
      eventId,
      batch.map((r) => r.email),
    );
    const links = batch.flatMap((r) => {
      const participantId = ids.get(r.email);
      if (participantId === undefined) return [];
      return r.sessionIds.map((sessionId) => ({ sessionId, participantId, role: r.role }));
    });
    const linked = await repo.linkSessionPeople(trx, links);
    counts.inserted += done.inserted;
    counts.updated += done.updated;
    for (const r of batch) {
      const participantId = ids.get(r.email);
      if (participantId !== undefined && linked.has(participantId) && !done.changed.has(r.email)) {
        counts.updated++;
      }
    }
    progress(at + batch.length);
  }
  return counts;
}
