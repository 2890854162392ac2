import {
  type JoinTableResult,
  MeetingErrorCode,
  POPUP_TABLE_PRESENCE_MS,
  RecordType,
  realtimeRoom,
  TABLE_SEATS,
  TableErrorCode,
  type TablePresence,
  type TableRequest,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { requireMembership } from '../access/event-access';
import * as repo from './tables.repository';

/**
 * A booth's popup meeting tables (E2.56) and who sits at them (E7.87
 * videoRooms/{roomId}/participantState). A person who joined sends a heartbeat while the booth page
 * is open and counts as present while the last one is within POPUP_TABLE_PRESENCE_MS (A9.35). The
 * heartbeats live in the database, so every server process counts the same people; each change is
 * a realtime record on the table's room, written in the change's transaction.
 */

/** What table calls need (the routes pass the booths' own deps). */
export interface TableDeps {
  ctx: AppContext;
  realtime?: Realtime | undefined;
}

type TableLike = { id: number; video_room: string; capacity: number | null };
type TableRow = NonNullable<Awaited<ReturnType<typeof repo.findTable>>>;

const iso = (d: Date | string) => new Date(d).toISOString();
const windowStart = (now: Date) => new Date(now.getTime() - POPUP_TABLE_PRESENCE_MS);
const seatsOf = (table: { capacity: number | null }) => table.capacity ?? TABLE_SEATS;

function toPresence(
  table: TableLike,
  here: readonly { last_seen_at: Date | string }[],
  now: Date,
): TablePresence {
  return {
    roomId: table.video_room,
    meetingId: table.id,
    seats: seatsOf(table),
    at: now.toISOString(),
    here: here.map((p) => iso(p.last_seen_at)),
  };
}

/** Who is at each of these tables now, for the booth detail: a lookup by table. */
export async function presenceOf(
  db: Executor,
  tables: readonly TableLike[],
  now: Date,
): Promise<(table: TableLike) => TablePresence> {
  const rows = await repo.presentAt(
    db,
    tables.map((t) => t.id),
    windowStart(now),
  );
  return (table) =>
    toPresence(
      table,
      rows.filter((r) => r.meeting_id === table.id),
      now,
    );
}

/** The caller's participant record and the table: 404 for a room that is no table of this event. */
async function tableFor(deps: TableDeps, userId: number, input: TableRequest) {
  const { me } = await requireMembership(deps.ctx.db, input.eventId, userId);
  const table = await repo.findTable(deps.ctx.db, input.eventId, input.roomId);
  if (!table) throw AppError.notFound('Table not found');
  return { me, table };
}

async function heldTable(trx: Transaction<DB>, found: TableRow): Promise<TableRow> {
  const table = await repo.lockTable(trx, found.id);
  if (!table) throw AppError.notFound('Table not found');
  return table;
}

function assertOpen(table: TableRow, now: Date) {
  if (table.status === 'cancelled' || new Date(table.edt) <= now)
    throw AppError.conflict('This table is over', TableErrorCode.TableOver);
}

async function publish(deps: TableDeps, trx: Transaction<DB>, table: TableRow, now: Date) {
  const here = await repo.presentAt(trx, [table.id], windowStart(now));
  const presence = toPresence(table, here, now);
  await deps.realtime?.publish(
    realtimeRoom.videoRoomParticipantState(table.video_room),
    RecordType.VideoRoomParticipantState,
    presence,
    trx,
  );
  return presence;
}

/** Takes or keeps the caller's seat; 409 when all seats are taken by others. */
async function sit(deps: TableDeps, meId: number, found: TableRow): Promise<TablePresence> {
  const now = deps.ctx.now();
  // A table already over is refused without a transaction (a stale tab's heartbeats)…
  assertOpen(found, now);
  return deps.ctx.db.transaction().execute(async (trx) => {
    // …and one cancelled or given fewer seats while this request was on its way: decided on the held row.
    const table = await heldTable(trx, found);
    assertOpen(table, now);
    await repo.dropExpired(trx, table.id, windowStart(now));
    const here = await repo.presentAt(trx, [table.id], windowStart(now));
    const seated = here.some((p) => p.participant_id === meId);
    if (!seated && here.length >= seatsOf(table))
      throw new AppError(409, MeetingErrorCode.TableFull, `This table is full (${seatsOf(table)} seats)`);
    await repo.markPresent(trx, table.id, meId, now);
    return publish(deps, trx, table, now);
  });
}

/** POST /event/booth/table/join: a seat at the table and its video call (E2.56). */
export async function joinTable(
  deps: TableDeps,
  userId: number,
  input: TableRequest,
): Promise<JoinTableResult> {
  const { me, table } = await tableFor(deps, userId, input);
  const presence = await sit(deps, me.id, table);
  return {
    videoUrl: deps.ctx.config.videoUrlTemplate.replaceAll('{room}', encodeURIComponent(table.video_room)),
    presence,
  };
}

/** POST /event/booth/table/heartbeat: still at the table (A9.35); a lapsed seat is taken again if free. */
export async function tableHeartbeat(
  deps: TableDeps,
  userId: number,
  input: TableRequest,
): Promise<TablePresence> {
  const { me, table } = await tableFor(deps, userId, input);
  return sit(deps, me.id, table);
}

/** POST /event/booth/table/leave: the seat is free at once. */
export async function leaveTable(
  deps: TableDeps,
  userId: number,
  input: TableRequest,
): Promise<TablePresence> {
  const { me, table } = await tableFor(deps, userId, input);
  const now = deps.ctx.now();
  return deps.ctx.db.transaction().execute(async (trx) => {
    const held = await heldTable(trx, table);
    await repo.markGone(trx, held.id, me.id);
    return publish(deps, trx, held, now);
  });
}
