import {
  emailSchema,
  IMPORT_MAX_ERRORS,
  type ImportField,
  type ImportMapping,
  type ImportRowError,
  type ImportValidation,
  isHttpUrl,
  PROGRAMME_MAX_CAPACITY,
  type SessionRole,
  sessionRoleSchema,
} from '@foyer/contract';
import { DateTime } from 'luxon';
import { importErrorKey } from './import.validate';

/**
 * Row checks of a sessions or speakers import (decision 016, extended): pure, so validate and commit
 * apply the same rules. Row numbers are the spreadsheet's (header = row 1); message keys live under
 * organizer.import.error.
 */

export const programmeErrorKey = {
  ...importErrorKey,
  time: 'organizer.import.error.time',
  endBeforeStart: 'organizer.import.error.endBeforeStart',
  capacity: 'organizer.import.error.capacity',
  capacityBelowJoined: 'organizer.import.error.capacityBelowJoined',
  duplicateId: 'organizer.import.error.duplicateId',
  sessionType: 'organizer.import.error.sessionType',
  url: 'organizer.import.error.url',
  unknownSession: 'organizer.import.error.unknownSession',
  role: 'organizer.import.error.role',
} as const;

const MAX_LENGTH: Partial<Record<ImportField, number>> = {
  externalId: 200,
  name: 200,
  start: 50,
  end: 50,
  room: 200,
  track: 100,
  capacity: 20,
  description: 20_000,
  type: 20,
  videoUrl: 2_000,
  email: 254,
  surname: 100,
  company: 200,
  jobTitle: 200,
  sessionExternalIds: 2_000,
  role: 50,
};

export interface Checked<T> {
  records: T[];
  summary: ImportValidation;
}

type Cell = (field: ImportField) => string;
type Fail = (field: ImportField, message: string) => void;

/** Runs `check` on every row with its cells by field; a row with any error is left out and listed. */
function checkRows<T>(
  rows: readonly string[][],
  mapping: ImportMapping,
  rowNumbers: readonly number[],
  check: (cell: Cell, fail: Fail) => T | null,
): Checked<T> {
  const column = new Map<ImportField, number>();
  mapping.forEach((field, index) => {
    if (field) column.set(field, index);
  });
  const records: T[] = [];
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  let badCount = 0;
  rows.forEach((row, i) => {
    const rowErrors: ImportRowError[] = [];
    const rowNumber = rowNumbers[i] ?? i + 2;
    const fail: Fail = (field, message) => rowErrors.push({ row: rowNumber, field, message });
    const cell: Cell = (field) => {
      const index = column.get(field);
      return index === undefined ? '' : (row[index] ?? '');
    };
    for (const field of column.keys()) {
      if (cell(field).length > (MAX_LENGTH[field] ?? 200)) fail(field, programmeErrorKey.tooLong);
    }
    const record = check(cell, fail);
    if (rowErrors.length > 0 || record === null) {
      badCount++;
      errorCount += rowErrors.length;
      for (const error of rowErrors) if (errors.length < IMPORT_MAX_ERRORS) errors.push(error);
      return;
    }
    records.push(record);
  });
  return {
    records,
    summary: { rowCount: rows.length, goodCount: records.length, badCount, errors, errorCount },
  };
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A start or end: `yyyy-MM-dd HH:mm[:ss]` (or with a T) is a wall-clock time in the event's zone; an
 * ISO instant with Z or an offset is taken as such. A time the zone skips (the spring-forward gap) is
 * refused rather than shifted; an ambiguous autumn time takes the earlier instant.
 */
export function parseEventTime(text: string, zone: string): Date | null {
  const wall = WALL_CLOCK.exec(text);
  let time: DateTime | null = null;
  if (wall) {
    const [y, mo, d, h, mi, s] = wall.slice(1).map((part) => Number(part ?? 0));
    const parts = { year: y!, month: mo!, day: d!, hour: h!, minute: mi!, second: s! };
    try {
      time = DateTime.fromObject(parts, { zone });
    } catch {
      return null;
    }
    if (!time.isValid) return null;
    const back = time.toObject();
    if (back.year !== parts.year || back.month !== parts.month || back.day !== parts.day) return null;
    if (back.hour !== parts.hour || back.minute !== parts.minute) return null;
  } else if (WITH_OFFSET.test(text)) {
    time = DateTime.fromISO(text, { setZone: true });
  }
  if (!time?.isValid || time.year < 1970 || time.year > 2999) return null;
  return time.toJSDate();
}

export interface SessionRecord {
  externalId: string;
  name: string;
  sdt: Date;
  edt: Date;
  /** Room and track names; empty keeps the session's current one (a new session has none). */
  room: string;
  track: string;
  /** null: keep (a new session is unlimited). */
  capacity: number | null;
  description: string;
  type: 'session' | 'break' | null;
  videoUrl: string | null;
}

/** An existing session a file may name by its key: what moving it to another room depends on. */
export interface KeyedSession {
  usedCapacity: number;
  /** Its own capacity (null: it takes its room's). */
  capacity: number | null;
  locationId: number | null;
}

/** What a sessions file is checked against: the event's zone, and places taken per existing key. */
export interface SessionContext {
  zone: string;
  usedCapacity: ReadonlyMap<string, number>;
  /** The sessions by key, and the rooms by the names the file gives (as the write matches them). */
  sessions?: ReadonlyMap<string, KeyedSession>;
  rooms?: ReadonlyMap<string, { id: number; capacity: number | null }>;
  /** The spreadsheet's row numbers (`ParsedFile.rowNumbers`); without them, i + 2. */
  rowNumbers?: readonly number[];
}

export function validateSessionRows(
  rows: readonly string[][],
  mapping: ImportMapping,
  context: SessionContext,
): Checked<SessionRecord> {
  const seen = new Set<string>();
  return checkRows(rows, mapping, context.rowNumbers ?? [], (cell, fail) => {
    const externalId = cell('externalId');
    if (externalId === '') fail('externalId', programmeErrorKey.required);
    else if (seen.has(externalId)) fail('externalId', programmeErrorKey.duplicateId);
    seen.add(externalId);
    const name = cell('name');
    if (name === '') fail('name', programmeErrorKey.required);

    const time = (field: 'start' | 'end') => {
      const text = cell(field);
      const at = text === '' ? null : parseEventTime(text, context.zone);
      if (!at) fail(field, text === '' ? programmeErrorKey.required : programmeErrorKey.time);
      return at;
    };
    const sdt = time('start');
    const edt = time('end');
    if (sdt && edt && edt.getTime() <= sdt.getTime()) fail('end', programmeErrorKey.endBeforeStart);

    let capacity: number | null = null;
    const capacityText = cell('capacity');
    if (capacityText !== '') {
      capacity = /^\d{1,6}$/.test(capacityText) ? Number(capacityText) : Number.NaN;
      if (!(capacity >= 1 && capacity <= PROGRAMME_MAX_CAPACITY))
        fail('capacity', programmeErrorKey.capacity);
      else if (capacity < (context.usedCapacity.get(externalId) ?? 0)) {
        fail('capacity', programmeErrorKey.capacityBelowJoined);
      }
    }
    // A session moved to another room with no capacity of its own takes the room's: the console
    // refuses a room with fewer places than people who joined (roomTooSmall), and so does a file.
    const current = context.sessions?.get(externalId);
    const room = cell('room') === '' ? undefined : context.rooms?.get(cell('room'));
    if (current && room && room.id !== current.locationId && room.capacity !== null) {
      const own = capacity !== null && !Number.isNaN(capacity) ? capacity : current.capacity;
      if (own === null && room.capacity < current.usedCapacity) {
        fail('room', programmeErrorKey.capacityBelowJoined);
      }
    }
    const typeText = cell('type').toLowerCase();
    if (typeText !== '' && typeText !== 'session' && typeText !== 'break') {
      fail('type', programmeErrorKey.sessionType);
    }
    const videoUrl = cell('videoUrl');
    if (videoUrl !== '' && !isHttpUrl(videoUrl)) fail('videoUrl', programmeErrorKey.url);

    if (!sdt || !edt) return null;
    return {
      externalId,
      name,
      sdt,
      edt,
      room: cell('room'),
      track: cell('track'),
      capacity,
      description: cell('description'),
      type: typeText === '' ? null : (typeText as 'session' | 'break'),
      videoUrl: videoUrl === '' ? null : videoUrl,
    };
  });
}

export interface SpeakerRecord {
  email: string;
  name: string;
  surname: string;
  company: string;
  jobTitle: string;
  sessionIds: number[];
  role: SessionRole;
}

/** What a speakers file is checked against: live sessions by external id, known live e-mails. */
export interface SpeakerContext {
  sessions: ReadonlyMap<string, number>;
  knownEmails: ReadonlySet<string>;
  /** Lower-case e-mails of people removed from the event (an import leaves them removed). */
  removed?: ReadonlySet<string>;
  /** The spreadsheet's row numbers (`ParsedFile.rowNumbers`); without them, i + 2. */
  rowNumbers?: readonly number[];
}

/** The external ids of a `sessionExternalIds` cell: separated by ; or , and spaces, each once. */
export const splitExternalIds = (text: string) => [
  ...new Set(
    text
      .split(/[;,]/)
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  ),
];

export function validateSpeakerRows(
  rows: readonly string[][],
  mapping: ImportMapping,
  context: SpeakerContext,
): Checked<SpeakerRecord> {
  const seen = new Set<string>();
  return checkRows(rows, mapping, context.rowNumbers ?? [], (cell, fail) => {
    const parsedEmail = emailSchema.safeParse(cell('email'));
    const email = parsedEmail.success ? parsedEmail.data : null;
    if (!email) fail('email', cell('email') === '' ? programmeErrorKey.required : programmeErrorKey.email);
    else if (seen.has(email)) fail('email', programmeErrorKey.duplicate);
    else if (context.removed?.has(email)) fail('email', programmeErrorKey.removed);
    if (email) seen.add(email);
    // A new person needs a name; a known one keeps theirs.
    if (email && cell('name') === '' && !context.knownEmails.has(email))
      fail('name', programmeErrorKey.required);

    const sessionIds: number[] = [];
    for (const externalId of splitExternalIds(cell('sessionExternalIds'))) {
      const id = context.sessions.get(externalId);
      if (id === undefined) fail('sessionExternalIds', programmeErrorKey.unknownSession);
      else sessionIds.push(id);
    }
    const roleText = cell('role').toLowerCase();
    const role = roleText === '' ? 'speaker' : sessionRoleSchema.options.find((r) => r === roleText);
    if (!role) fail('role', programmeErrorKey.role);

    if (!email || !role) return null;
    return {
      email,
      name: cell('name'),
      surname: cell('surname'),
      company: cell('company'),
      jobTitle: cell('jobTitle'),
      sessionIds: [...new Set(sessionIds)],
      role,
    };
  });
}
