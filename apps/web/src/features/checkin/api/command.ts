import {
  type CheckInCommand,
  type CheckInResult,
  type RealtimeRecord,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import { ApiError } from '../../../lib/api-client';
import type { RealtimeClient } from '../../../lib/realtime';

export interface CommandWaitOptions {
  /** The signed-in user, whose own room carries the command's record. */
  userId: number;
  /** The socket; without one (not connected yet, no WebSocket) the command is only read over HTTP. */
  client: RealtimeClient | null;
  /** GET /event/participant/checkIn/command for this command. */
  read(): Promise<CheckInCommand>;
  /** Give up after this long (the caller then treats the scan as not answered). */
  timeoutMs: number;
  /** How often the command is read over HTTP meanwhile, beside the record (a lost socket). */
  pollMs?: number;
}

/** The error a failed command carries, as the call would have failed (E4.79). */
export class CommandFailed extends ApiError {
  constructor(code: string, message: string) {
    super(409, code, message);
    this.name = 'CommandFailed';
  }
}

/** An executed command's result, or its error as a CommandFailed (E4.79); null while it waits. */
export function executedOutcome(state: CheckInCommand): CheckInResult | CommandFailed | null {
  if (!state.executed) return null;
  return state.result ?? new CommandFailed(state.error?.code ?? 'UNKNOWN', state.error?.msg ?? '');
}

/** The command did not say it was executed in time. */
export class CommandTimeout extends Error {
  constructor(readonly commandId: string) {
    super(`Check-in command ${commandId} was not answered in time`);
    this.name = 'CommandTimeout';
  }
}

/**
 * E4.78, E4.79: an asynchronous check-in command (the server answered with its id) settles once a
 * `checkIn.command` record on the user's room says it was executed: resolves with the result, or
 * fails with the record's error. The command is also read over HTTP when the room is on (a record
 * written before that is not delivered again) and every `pollMs` while the socket is away.
 */
export function awaitCheckInCommand(
  command: CheckInCommand,
  options: CommandWaitOptions,
): Promise<CheckInResult> {
  const { client, userId, read, timeoutMs, pollMs = 2_000 } = options;
  return new Promise<CheckInResult>((resolve, reject) => {
    let done = false;
    const stops: (() => void)[] = [];
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      for (const stop of stops) stop();
      outcome();
    };
    const settle = (state: CheckInCommand) => {
      const outcome = state.commandId === command.commandId ? executedOutcome(state) : null;
      if (outcome instanceof CommandFailed) finish(() => reject(outcome));
      else if (outcome) finish(() => resolve(outcome));
    };
    const readNow = () => {
      read().then(settle, () => undefined); // a failed read: the record or the next read answers
    };

    settle(command);
    if (done) return;
    const timer = setTimeout(() => finish(() => reject(new CommandTimeout(command.commandId))), timeoutMs);
    stops.push(() => clearTimeout(timer));
    if (client) {
      stops.push(
        client.subscribe<CheckInCommand>(
          realtimeRoom.user(userId),
          (record: RealtimeRecord<CheckInCommand>) => {
            if (record.type === RecordType.CheckInCommand) settle(record.payload);
          },
          { onReady: readNow },
        ),
      );
    } else readNow();
    const poll = setInterval(() => {
      if (!client?.connected) readNow();
    }, pollMs);
    stops.push(() => clearInterval(poll));
  });
}
