import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { type BusyRow, busySql, lockParticipantAgenda } from './attendance.repository';

export type { BusyRow } from './attendance.repository';

/**
 * What occupies a participant's time. Agenda collisions ("You are busy", E4.49, E5.11), the agenda
 * list and the calendar feed all read from these sources, so a feature that puts something into
 * people's agendas (1:1 meetings) adds ONE source here and every rule sees it:
 *
 *   registerAgendaSource({ name: 'meetings', busySql: (pid, range) => sql`SELECT …`, calendar: … });
 *
 * Registered by the feature's plugin when the app is built (before it serves requests). The
 * built-in source covers sessions the participant is in (joined or waiting, unless added with
 * block: false), sessions they present or moderate, and their off-times.
 */
export interface BusyInterval {
  /** Which source it came from: 'session', 'offTime', or a registered source's name. */
  kind: string;
  id: number;
  name: string;
  sdt: Date;
  edt: Date;
  /** The session (and its parent) behind it, so joining that very session is no collision. */
  sessionId: number | null;
  parentSessionId: number | null;
}

export interface CalendarEntry {
  uid: string;
  name: string;
  sdt: Date;
  edt: Date;
  description?: string;
  location?: string;
  url?: string;
  tentative?: boolean;
  updatedAt?: Date;
}

/** An item another feature puts into the agenda list (E3.10), e.g. a booked 1:1 meeting. */
export interface SourceAgendaItem {
  participantId: number;
  id: number;
  name: string;
  sdt: Date;
  edt: Date;
  location: string | null;
  meeting: {
    kind: 'meeting' | 'table';
    withName: string | null;
    withParticipantId: number | null;
    /** The table at the meeting point (issue 15); null online and for popup tables. */
    table: number | null;
  };
}

export interface AgendaSource {
  name: string;
  /** What the source shows in the participants' agenda lists; absent when it shows nothing. */
  agendaItems?(db: Executor, participantIds: readonly number[]): Promise<SourceAgendaItem[]>;
  /**
   * Items of the participant (a value, or a column of an outer query) overlapping [sdt, edt)
   * (half-open, as everywhere in the agenda), as a SELECT whose rows have the built-in source's
   * shape (BusyRow). All sources are read as one query (allBusySql): one round trip per busy check,
   * and nested in the sessions list's caller-state query. Values in it must be integers or dates
   * (the list runs it as a prepared statement, prepared.ts); constants go in as `sql.lit`.
   */
  busySql(participantId: RawBuilder<number>, range: { sdt: Date; edt: Date }): RawBuilder<BusyRow>;
  /** Items for the participant's calendar feed; absent when the source adds none. */
  calendar?(db: Executor, participantId: number): Promise<CalendarEntry[]>;
}

const extraSources: AgendaSource[] = [];

export function registerAgendaSource(source: AgendaSource): void {
  if (extraSources.some((s) => s.name === source.name)) return;
  extraSources.push(source);
}

export function registeredAgendaSources(): readonly AgendaSource[] {
  return extraSources;
}

/**
 * Serializes every change to one participant's agenda: check-then-write of collisions is only
 * race-free under this lock. Anything that books a participant's time takes it first, inside its
 * transaction (held to commit), before it locks a session row.
 */
export async function lockAgenda(trx: Transaction<DB>, participantId: number): Promise<void> {
  await lockParticipantAgenda(trx, participantId);
}

/** Rows of the built-in source (attendance.repository busySql) as intervals. */
export function toBusyIntervals(rows: readonly BusyRow[]): BusyInterval[] {
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    name: r.name,
    sdt: new Date(r.sdt),
    edt: new Date(r.edt),
    sessionId: r.session_id,
    parentSessionId: r.parent_session_id,
  }));
}

/**
 * The busy rows of every source, the built-in one (sessions attended or presented, off-times) and
 * the registered ones, as one SELECT to run or to nest.
 */
export function allBusySql(participantId: RawBuilder<number>, range: { sdt: Date; edt: Date }) {
  return extraSources.reduce(
    (all, source) => sql<BusyRow>`${all} UNION ALL ${source.busySql(participantId, range)}`,
    busySql(participantId, range),
  );
}

/** Intervals of several sources as one list, by start. */
export function byStart(...lists: BusyInterval[][]): BusyInterval[] {
  return lists.flat().sort((a, b) => a.sdt.getTime() - b.sdt.getTime());
}

/** Every busy interval of the participant within the range, from all sources, by start: one query. */
export async function listBusyIntervals(
  db: Executor,
  participantId: number,
  range: { sdt: Date; edt: Date },
): Promise<BusyInterval[]> {
  const { rows } = await allBusySql(sql`${participantId}`, range).execute(db);
  return byStart(toBusyIntervals(rows));
}

/** Whether an interval belongs to the given session family (the session itself or its parent/slot). */
export function isSameSession(interval: BusyInterval, sessionId: number, parentId: number | null): boolean {
  if (interval.sessionId === null) return false;
  return (
    interval.sessionId === sessionId ||
    interval.parentSessionId === sessionId ||
    (parentId !== null && interval.sessionId === parentId)
  );
}

/**
 * The one collision check (E4.34, E4.49, E5.11): what in the participant's agenda overlaps
 * [sdt, edt), ignoring the session being booked. Call it inside the transaction that writes the
 * booking, after lockAgenda().
 */
export async function findAgendaCollisions(
  trx: Executor,
  participantId: number,
  sdt: Date,
  edt: Date,
  options: { excludeSessionId?: number; excludeParentId?: number | null } = {},
): Promise<BusyInterval[]> {
  const found = await listBusyIntervals(trx, participantId, { sdt, edt });
  const exclude = options.excludeSessionId;
  if (exclude === undefined) return found;
  return found.filter((i) => !isSameSession(i, exclude, options.excludeParentId ?? null));
}
