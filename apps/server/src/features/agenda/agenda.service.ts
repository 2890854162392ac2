import {
  AGENDA_MAX_ACTIVE_EVENTS,
  type AgendaItem,
  type AgendaResult,
  type ParticipantOffDeleteRequest,
  type ParticipantOffRequest,
  parseUtcDateTime,
  type SessionRole,
} from '@foyer/contract';
import type { AppContext } from '../../context';
import type { ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';
import type { AgendaEvents } from './agenda.events';
import { assertMayActFor, viewerOf } from './agenda.policy';
import * as repo from './agenda.repository';
import { findAgendaCollisions, lockAgenda, registeredAgendaSources } from './agenda-sources';
import { findEventParticipant } from './attendance.repository';
import { conflict } from './booking';
import type { Viewer } from './sessions.visibility';

const iso = (value: Date | string) => new Date(value).toISOString();

type Owner = { participantId: number; eventId: number; eventName: string };

/**
 * E3.10: the agenda items of the given participant records: one item per session (the person's
 * attendance and roles merged; a role shows as offType), and one per off-time, by start. `reader`:
 * someone else reads them (E6.10), who is shown only the sessions they may see themselves (E6.02).
 */
export async function agendaItemsOf(
  db: AppContext['db'],
  owners: Owner[],
  reader?: Viewer,
): Promise<AgendaItem[]> {
  const ids = owners.map((o) => o.participantId);
  const byParticipant = new Map(owners.map((o) => [o.participantId, o]));
  const [sessions, offTimes] = await Promise.all([
    repo.findAgendaSessions(db, ids, reader),
    repo.findOffTimes(db, ids),
  ]);
  const items = new Map<string, AgendaItem>();
  for (const row of sessions) {
    const owner = byParticipant.get(row.participant_id)!;
    const key = `${row.participant_id}:${row.id}`;
    const item: AgendaItem = items.get(key) ?? {
      type: 'session',
      id: row.id,
      eid: row.event_id,
      eventName: owner.eventName,
      rsesId: row.id,
      sdefId: row.parent_id ?? row.id,
      name: row.name,
      sdt: iso(row.sdt),
      edt: iso(row.edt),
      offType: null,
      isOffTime: false,
      buttonShow: true,
      status: null,
      roles: [],
      onSite: row.on_site,
      location: row.location,
      participantId: row.participant_id,
    };
    if (row.status) item.status = row.status;
    if (row.role) {
      item.roles.push(row.role as SessionRole);
      item.offType ??= row.role;
    }
    items.set(key, item);
  }
  for (const off of offTimes) {
    const owner = byParticipant.get(off.participant_id)!;
    items.set(`off:${off.id}`, offTimeItem(off, owner));
  }
  // Items of other features (1:1 meetings and reserved tables).
  const extra = await Promise.all(
    registeredAgendaSources().map((source) => source.agendaItems?.(db, ids) ?? []),
  );
  for (const row of extra.flat()) {
    const owner = byParticipant.get(row.participantId);
    if (!owner) continue;
    items.set(`meeting:${row.participantId}:${row.id}`, {
      type: 'meeting',
      id: row.id,
      eid: owner.eventId,
      eventName: owner.eventName,
      rsesId: null,
      sdefId: null,
      name: row.name,
      sdt: iso(row.sdt),
      edt: iso(row.edt),
      offType: null,
      isOffTime: false,
      buttonShow: false,
      status: null,
      roles: [],
      onSite: false,
      location: row.location,
      participantId: row.participantId,
      meeting: row.meeting,
    });
  }
  return [...items.values()].sort((a, b) => a.sdt.localeCompare(b.sdt) || a.id - b.id);
}

function offTimeItem(
  off: { id: number; participant_id: number; sdt: Date | string; edt: Date | string },
  owner: Owner,
): AgendaItem {
  return {
    type: 'offTime',
    id: off.id,
    eid: owner.eventId,
    eventName: owner.eventName,
    rsesId: null,
    sdefId: null,
    name: 'Break',
    sdt: iso(off.sdt),
    edt: iso(off.edt),
    offType: 'break',
    isOffTime: true,
    buttonShow: false,
    status: null,
    roles: [],
    onSite: false,
    location: null,
    participantId: off.participant_id,
  };
}

/** GET /event/agenda (A2.09, E2.29–E2.31): one event's agenda, or across the active events (A9.47). */
export async function getMyAgenda(
  ctx: AppContext,
  userId: number,
  eventId: number | undefined,
): Promise<AgendaResult> {
  if (eventId !== undefined) await requireMembership(ctx.db, eventId, userId);
  const rows = await repo.findAgendaParticipants(ctx.db, userId, {
    eventId,
    now: ctx.now(),
    limit: AGENDA_MAX_ACTIVE_EVENTS,
  });
  const owners = rows.map((r) => ({
    participantId: r.participant_id,
    eventId: r.event_id,
    eventName: r.event_name,
  }));
  return { items: await agendaItemsOf(ctx.db, owners) };
}

/** GET /event/agenda?participantId (E6.10 show agenda): another participant's agenda of one event. */
export async function getAgendaOf(
  ctx: AppContext,
  userId: number,
  eventId: number,
  participantId: number,
): Promise<AgendaResult> {
  const { event, me, target } = await agendaOwner(ctx, userId, eventId, participantId);
  const owner = { participantId: target.id, eventId: event.id, eventName: event.name };
  // The right shows the person's agenda, not the sessions hidden from the reader (E6.02, E6.16).
  const reader = target.id === me.id ? undefined : viewerOf(me);
  return { items: await agendaItemsOf(ctx.db, [owner], reader) };
}

async function agendaOwner(
  ctx: AppContext,
  userId: number,
  eventId: number,
  asParticipantId: number | undefined,
) {
  const { event, me } = await requireMembership(ctx.db, eventId, userId);
  const targetId = asParticipantId ?? me.id;
  assertMayActFor(me, targetId);
  const target: ParticipantRow | undefined =
    targetId === me.id ? me : await findEventParticipant(ctx.db, event.id, targetId);
  if (!target) throw AppError.notFound('Participant not found');
  return { event, me, target };
}

/** POST /event/schedule/participantOff (E7.24): a break; it may not overlap the agenda. */
export async function createOffTime(
  ctx: AppContext,
  events: AgendaEvents,
  userId: number,
  input: ParticipantOffRequest,
): Promise<AgendaItem> {
  const { event, me, target } = await agendaOwner(ctx, userId, input.eventId, input.asParticipantId);
  const sdt = parseUtcDateTime(input.startTime);
  const edt = parseUtcDateTime(input.endTime);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockAgenda(trx, target.id);
    if ((await findAgendaCollisions(trx, target.id, sdt, edt)).length > 0) throw conflict('Busy');
    const inserted = await repo.insertOffTime(trx, {
      participantId: target.id,
      sdt,
      edt,
      createdBy: me.id === target.id ? null : me.id,
      now: ctx.now(),
    });
    await events.agendaChanged(trx, target.user_id, { eventId: event.id, participantId: target.id });
    return inserted;
  });
  return offTimeItem(row, { participantId: target.id, eventId: event.id, eventName: event.name });
}

/** DELETE /event/schedule/participantOff (E7.25): by id and its start time (UTC yyyy-LL-dd HH:mm). */
export async function removeOffTime(
  ctx: AppContext,
  events: AgendaEvents,
  userId: number,
  input: ParticipantOffDeleteRequest,
): Promise<{ id: number }> {
  const { event, target } = await agendaOwner(ctx, userId, input.eventId, input.asParticipantId);
  const sdt = parseUtcDateTime(input.startTime);
  return ctx.db.transaction().execute(async (trx) => {
    const deleted = await repo.deleteOffTime(trx, target.id, input.id, sdt);
    if (!deleted) throw AppError.notFound('Off-time not found');
    await events.agendaChanged(trx, target.user_id, { eventId: event.id, participantId: target.id });
    return { id: deleted.id };
  });
}
