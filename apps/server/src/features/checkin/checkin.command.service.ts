import { randomUUID } from 'node:crypto';
import {
  type CheckInAnswer,
  type CheckInCommand,
  type CheckInRequest,
  type checkInCommandQuery,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Bus } from '../../events/bus';
import { defineProcessor } from '../../events/bus.handlers';
import { AppError } from '../../http/errors';
import { applyPrepared, prepareScan, requireCheckInStaff } from './checkin.service';
import * as repo from './checkin.sync.repository';

/**
 * Check-in commands (E4.77–E4.79, E7.88; docs/decisions/024-check-in-commands.md): a scan with a
 * command id is applied once per (device, command id), in the same store as the offline queue's
 * scans (checkin_sync), so a resend after a lost answer, or the same scan synced later from the
 * device's queue, gets the first answer back instead of a second change (a second toggle would let
 * the person out again). Asked with `Prefer: respond-async`, the server answers with the command at
 * once and applies it after, through the outbox: the result is stored with the change it made and
 * recorded on the caller's own room (`checkIn.command`).
 */

/** A scan's device in the store: the one it names, else the caller (`:` is never in a device id). */
export const commandDevice = (userId: number, deviceId: string | undefined) => deviceId ?? `user:${userId}`;

const pending = (commandId: string): CheckInCommand => ({
  commandId,
  executed: false,
  result: null,
  error: null,
});

function commandOf(commandId: string, item: repo.StoredItem | null): CheckInCommand {
  if (!item) return pending(commandId);
  return item.status === 'done'
    ? { commandId, executed: true, result: item.result, error: null }
    : { commandId, executed: true, result: null, error: item.error };
}

/** The synchronous form with a command id: the result, applied once; a stored answer is given back. */
export async function checkInOnce(
  ctx: AppContext,
  userId: number,
  input: CheckInRequest & { commandId: string },
  bus?: Pick<Bus, 'emit'>,
): Promise<CheckInAnswer> {
  const { eventId, commandId } = input;
  // Staff first: a stored answer names the person scanned, and the device and command ids are
  // the client's own, not tied to the caller.
  const staff = await requireCheckInStaff(ctx, eventId, userId);
  const device = commandDevice(userId, input.deviceId);
  const known = (await repo.storedResults(ctx.db, eventId, device, [commandId])).get(commandId);
  // The refusals (not staff, finished, unknown ticket) store nothing: a resend is asked again.
  const prepared = known === undefined ? await prepareScan(ctx, userId, input, staff) : null;
  const item = await ctx.db.transaction().execute(async (trx): Promise<repo.StoredItem | null> => {
    if (!prepared || !(await repo.claim(trx, eventId, device, commandId, ctx.now()))) {
      return repo.readResult(trx, eventId, device, commandId);
    }
    const done: repo.StoredItem = {
      status: 'done',
      result: await applyPrepared(trx, bus, input, prepared, ctx.now()),
    };
    await repo.storeResult(trx, eventId, device, commandId, done);
    return done;
  });
  // Known but not applied yet (queued asynchronously) or failed there: the command says so.
  return item?.status === 'done' ? item.result : commandOf(commandId, item);
}

/**
 * The asynchronous form (E4.77): a staff member's scan is stored as a command and queued in one
 * transaction; the answer is the command, not executed yet (or, for a command id already known,
 * what became of it).
 */
export async function queueCheckIn(
  ctx: AppContext,
  userId: number,
  input: CheckInRequest,
  bus: Pick<Bus, 'emit'>,
): Promise<CheckInCommand> {
  await requireCheckInStaff(ctx, input.eventId, userId);
  const commandId = input.commandId ?? `cmd-${randomUUID()}`;
  const device = commandDevice(userId, input.deviceId);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.claim(trx, input.eventId, device, commandId, ctx.now()))) {
      return commandOf(commandId, await repo.readResult(trx, input.eventId, device, commandId));
    }
    await bus.emit(
      {
        type: 'checkin.command',
        eventId: input.eventId,
        userId,
        deviceId: device,
        commandId,
        request: input,
      },
      trx,
    );
    return pending(commandId);
  });
}

/** GET /event/participant/checkIn/command: what became of a command (check-in staff of the event). */
export async function readCommand(
  ctx: AppContext,
  userId: number,
  query: z.output<typeof checkInCommandQuery>,
): Promise<CheckInCommand> {
  await requireCheckInStaff(ctx, query.eventId, userId);
  const device = commandDevice(userId, query.deviceId);
  const stored = await repo.storedCommand(ctx.db, query.eventId, device, query.commandId);
  if (stored === undefined) throw AppError.notFound('Command not found');
  return commandOf(query.commandId, stored);
}

/**
 * Executes queued check-in commands (E4.78, E4.79): the scan under the caller's rights at the time it
 * runs, its answer stored in the transaction that made the change, and one `checkIn.command` record
 * on the caller's room with that transaction's progress. A retry after a crash finds the stored
 * answer and only records it.
 */
export function checkInCommandProcessor(app: FastifyInstance) {
  const { ctx } = app;
  return defineProcessor({
    name: 'checkin.command',
    events: ['checkin.command'],
    async handle(event, meta) {
      const { eventId, deviceId, commandId, userId } = event;
      const stored = await repo.storedCommand(ctx.db, eventId, deviceId, commandId);
      if (stored === undefined) return; // pruned (30 days): nothing to answer
      let prepared: Awaited<ReturnType<typeof prepareScan>> | null = null;
      let refused: repo.StoredItem | null = null;
      if (stored === null) {
        try {
          prepared = await prepareScan(ctx, userId, event.request);
        } catch (error) {
          if (!(error instanceof AppError)) throw error; // retried by the outbox
          refused = { status: 'failed', error: { code: error.code, msg: error.message } };
        }
      }
      await ctx.db.transaction().execute(async (trx) => {
        let item = await repo.readResult(trx, eventId, deviceId, commandId, { forUpdate: true });
        if (item === null) {
          item = prepared
            ? {
                status: 'done',
                result: await applyPrepared(trx, app.bus, event.request, prepared, ctx.now()),
              }
            : refused;
          if (item) await repo.storeResult(trx, eventId, deviceId, commandId, item);
        }
        const command = commandOf(commandId, item);
        await app.realtime.publish(realtimeRoom.user(userId), RecordType.CheckInCommand, command, trx);
        await meta.doneWith(trx);
      });
    },
  });
}
