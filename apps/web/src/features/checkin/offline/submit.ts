import {
  type CheckInAnswer,
  type CheckInCommand,
  type CheckInEntityType,
  type CheckInOutcome,
  type CheckInResult,
  checkInAreaKey,
  isCheckInCommand,
  type ScanMethod,
  type ScanType,
  ticketIdFromCode,
} from '@foyer/contract';
import { ApiError, api } from '../../../lib/api-client';
import { CommandFailed, CommandTimeout, executedOutcome } from '../api/command';
import { readDevice } from '../lib/device';
import type { PendingScan } from './db';
import { queueScan } from './queue';
import { findTicket, markInside, personOf } from './snapshot';
import { syncNow } from './sync';

export type { PendingScan } from './db';

/** One scan as the panel sends it (api/checkin.ts' CheckInInput has this shape). */
export interface DoorScanInput {
  entityType: CheckInEntityType;
  entityId: number | null;
  checkIn: boolean;
  /** One of the two: the scanned ticket, or the person picked at the desk or from a profile. */
  ticketId?: string;
  participantId?: number;
  /** E4.71 fast scan: in when out, out when in. */
  toggle?: boolean;
  scanType?: ScanType;
  scanMethod?: ScanMethod;
  deviceId?: string;
  deviceLabel?: string;
}

/** What the door gets back for one scan: the server's answer, or a scan queued offline. */
export type DoorAnswer = { kind: 'done'; result: CheckInResult } | { kind: 'pending'; scan: PendingScan };

/** A scan the server has not answered within this time is kept on the device instead. */
export const SCAN_TIMEOUT_MS = 10_000;

/**
 * Waits for a check-in command the server answered asynchronously (E4.78, E4.79: api/command.ts).
 * Without one, such an answer counts as not answered, and the scan is queued under its id.
 */
export type AwaitCommand = (command: CheckInCommand, deviceId: string) => Promise<CheckInResult>;

/**
 * The one way the scanner sends a scan. Online it is the check-in call; when the network is away
 * (the browser says so, the call cannot reach the server, or it hangs) the scan is answered from
 * the device's snapshot as `pending`, queued with the device id and a nonce, and synced later.
 * The online call carries the same device id and nonce as its command id (E4.77), so a scan the
 * server did apply before its answer was lost is not applied a second time by the sync (a second
 * toggle would let the person out again). A scan that cannot be queued (nobody picked, no ticket
 * id) fails as the call did.
 */
export async function submitCheckIn(
  eventId: number,
  input: DoorScanInput,
  awaitCommand?: AwaitCommand,
): Promise<DoorAnswer> {
  const nonce = newNonce();
  const deviceId = input.deviceId ?? readDevice().id;
  const sent = { ...input, deviceId };
  if (typeof navigator === 'undefined' || navigator.onLine !== false) {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), SCAN_TIMEOUT_MS);
    try {
      const answer = await api<CheckInAnswer>('/event/participant/checkIn', {
        method: 'POST',
        body: { ...body(eventId, sent), commandId: nonce },
        signal: timeout.signal,
      });
      const result = isCheckInCommand(answer) ? await settleCommand(answer, deviceId, awaitCommand) : answer;
      void remember(eventId, result);
      return { kind: 'done', result };
    } catch (error) {
      // No answer, or a gateway's in place of ours (the venue's network is up, the way out is not).
      const away =
        error instanceof CommandTimeout ||
        (error instanceof ApiError && [0, 502, 503, 504].includes(error.status)) ||
        (timeout.signal.aborted && (error as Error).name === 'AbortError');
      if (!away) throw error;
    } finally {
      clearTimeout(timer);
    }
  }
  const scan = await queueOffline(eventId, sent, nonce).catch(() => null);
  if (!scan) throw new ApiError(0, 'NETWORK', 'Please check network connection.');
  return { kind: 'pending', scan };
}

/** A command answer: its result when executed, else what the wait gives (E4.78, E4.79). */
function settleCommand(
  command: CheckInCommand,
  deviceId: string,
  awaitCommand: AwaitCommand | undefined,
): Promise<CheckInResult> {
  const outcome = executedOutcome(command);
  if (outcome instanceof CommandFailed) return Promise.reject(outcome);
  if (outcome) return Promise.resolve(outcome);
  if (!awaitCommand) return Promise.reject(new CommandTimeout(command.commandId));
  return awaitCommand(command, deviceId);
}

function body(eventId: number, input: DoorScanInput) {
  return {
    eventId,
    entityType: input.entityType,
    ...(input.entityId !== null ? { entityId: input.entityId } : {}),
    checkIn: input.checkIn,
    ...(input.ticketId !== undefined ? { ticketId: input.ticketId } : {}),
    ...(input.participantId !== undefined ? { participantId: input.participantId } : {}),
    ...(input.toggle ? { toggle: true } : {}),
    ...(input.scanType ? { scanType: input.scanType } : {}),
    ...(input.scanMethod ? { scanMethod: input.scanMethod } : {}),
    ...(input.deviceId ? { deviceId: input.deviceId } : {}),
    ...(input.deviceLabel?.trim() ? { deviceLabel: input.deviceLabel.trim() } : {}),
  };
}

const insideAfter: Partial<Record<CheckInOutcome, boolean>> = {
  checkedIn: true,
  alreadyCheckedIn: true,
  checkedOut: false,
  alreadyCheckedOut: false,
};

/** The server's answer also tells the snapshot who is inside now. */
async function remember(eventId: number, result: CheckInResult): Promise<void> {
  const inside = insideAfter[result.outcome];
  if (inside === undefined) return;
  await markInside(
    eventId,
    result.person.participantId,
    checkInAreaKey(result.area.entityType, result.area.entityId),
    inside,
  ).catch(() => undefined); // no IndexedDB (private mode): nothing kept
}

function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `scan-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

async function queueOffline(
  eventId: number,
  input: DoorScanInput,
  nonce: string,
): Promise<PendingScan | null> {
  const ticket = await findTicket(eventId, input);
  const typed = input.ticketId !== undefined ? ticketIdFromCode(input.ticketId) : null;
  const ticketId = ticket?.ticketId ?? typed;
  if (!ticketId) return null;
  const areaKey = checkInAreaKey(input.entityType, input.entityId);
  const inside = ticket ? ticket.inside.includes(areaKey) : null;
  // A fast scan goes the way the snapshot says (in when out); unknown to it, the server decides.
  const checkIn = input.toggle ? (inside === null ? undefined : !inside) : input.checkIn;
  let expected: CheckInOutcome | null = null;
  if (inside !== null && checkIn !== undefined) {
    expected = checkIn
      ? inside
        ? 'alreadyCheckedIn'
        : 'checkedIn'
      : inside
        ? 'checkedOut'
        : 'alreadyCheckedOut';
  }
  const device = input.deviceLabel === undefined ? readDevice() : null;
  const scan: PendingScan = {
    nonce,
    eventId,
    deviceId: input.deviceId ?? device?.id ?? 'door-unknown',
    deviceLabel: (input.deviceLabel ?? device?.label ?? '').trim(),
    ticketId,
    ...(checkIn !== undefined ? { checkIn } : {}),
    ...(input.toggle ? { toggle: true } : {}),
    entityType: input.entityType,
    entityId: input.entityType === 'event' ? null : input.entityId,
    ...(input.scanMethod ? { scanMethod: input.scanMethod } : {}),
    scannedAt: new Date().toISOString(),
    person: ticket ? await personOf(eventId, ticket) : null,
    expected,
    state: 'pending',
  };
  await queueScan(scan);
  if (ticket && (expected === 'checkedIn' || expected === 'checkedOut')) {
    await markInside(eventId, ticket.participantId, areaKey, expected === 'checkedIn');
  }
  void syncNow();
  return scan;
}
