import {
  type ClientToServerEvents,
  ErrorCode,
  REALTIME_PATH,
  REALTIME_UNAUTHORIZED,
  type RealtimeRecord,
  type ServerToClientEvents,
  type SubscribeAck,
} from '@foyer/contract';
import { io, type Socket } from 'socket.io-client';
import { SeqOrder } from './realtime-order';

/**
 * The realtime client: one socket.io connection, any number of room subscriptions. Per room it
 * holds the seq it has delivered up to and hands records to the handlers exactly once, in seq
 * order: after a reconnect (or a server restart) it re-subscribes with that seq and gets what it
 * missed; a record that overtook an earlier one waits for it, and a hole still open `gapTimeoutMs`
 * after it was first seen is fetched from the server (realtime-order.ts). Framework-free; React uses
 * it through `use-realtime.ts`.
 */

/** Returns the current access token; `refresh: true` after the server refused it. null = signed out. */
export type GetToken = (options: { refresh: boolean }) => Promise<string | null>;

export type RecordHandler<P = unknown> = (record: RealtimeRecord<P>) => void;

export interface SubscribeOptions {
  /** The server refused the room (e.g. MST-00403) or the request. */
  onError?: (error: { code: string; msg: string }) => void;
  /** Records were lost beyond the server's retention: reload the room's state over HTTP. */
  onResync?: () => void;
  /**
   * The room is on: every record from now is delivered. What was written between the caller's
   * HTTP load and this moment is in neither, so a caller that loaded state first reloads it here.
   */
  onReady?: () => void;
}

export interface RealtimeClient {
  /** Listens to a room; returns the function that stops listening. */
  subscribe<P = unknown>(room: string, onRecord: RecordHandler<P>, options?: SubscribeOptions): () => void;
  readonly connected: boolean;
  /**
   * When the last record for the room came (ms since the epoch; 0: none known), whether anything
   * listened to it or not, or, for one written before this client first listened to the room, the
   * latest it may have been committed (the subscribe answer's `lastRecordAgeMs`, at most the time
   * that answer came): a screen that starts listening to a room may have loaded its data before
   * that record.
   */
  lastRecordAt(room: string): number;
  /** Disconnects for good (logout, A4.06). A new sign-in makes a new client. */
  close(): void;
}

export interface RealtimeOptions {
  /** Server origin; the page's own origin when absent. */
  url?: string;
  ackTimeoutMs?: number;
  gapTimeoutMs?: number;
}

interface RoomState {
  room: string;
  handlers: Set<RecordHandler>;
  options: Set<SubscribeOptions>;
  /** What was delivered (lastSeq) and what waits for a missing record. */
  order: SeqOrder;
  /** A subscribe is in flight. */
  subscribing: boolean;
  /** A subscribe the server could not answer now, asked again at this timer. */
  retryTimer?: ReturnType<typeof setTimeout>;
  /** The wait before that next ask: doubles while the server keeps failing it. */
  retryMs: number;
}

const RETRY_MAX_MS = 30_000;

/**
 * Refusals that say "not now" rather than "no" (the server failed, or this connection asked too
 * often): such a room is asked again after a wait, or it would stay off until the next reconnect,
 * its records held and its screen never told it is on.
 */
const PASSING_REFUSALS: ReadonlySet<string> = new Set([
  ErrorCode.Internal,
  ErrorCode.RateLimited,
  ErrorCode.Unavailable,
]);
const SUBSCRIBE_RETRY_MS = 1_000;

/** A throwing handler must not stop delivery to the others; its error still surfaces. */
function call(handler: RecordHandler, record: RealtimeRecord): void {
  try {
    handler(record);
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

/**
 * A record's age counts from its transaction's start, and the transaction commits later: the server
 * sets no time limit on a transaction, and none of Foyer's takes near this long.
 */
export const RECORD_COMMIT_MARGIN_MS = 60_000;

export function connectRealtime(getToken: GetToken, options: RealtimeOptions = {}): RealtimeClient {
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const gapTimeoutMs = options.gapTimeoutMs ?? 2_000;
  const rooms = new Map<string, RoomState>();
  const recordTimes = new Map<string, number>();
  let refreshNext = false;
  let signedOut = false;
  let closed = false;
  let retryMs = 1_000;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const socketOptions = {
    path: REALTIME_PATH,
    // WebSocket only: long-polling needs sticky sessions once several servers share one address.
    transports: ['websocket'],
    // A dropped connection (a server process restarted or killed behind the balancer) is tried
    // again after 75–225 ms, not socket.io's 0.5–1.5 s, then with its doubling backoff (up to 5 s):
    // what arrives meanwhile waits less. bench/scaleout.ts, a third of 2,000 clients dropped at
    // once: back after p50 0.8 s with this, 1.1 s with 250–750 ms; the rest is their handshake
    // and re-subscribe queued on the surviving processes.
    reconnectionDelay: 150,
    // Asked on every (re)connect, so a reconnect after a long break uses a fresh token.
    auth: (cb: (data: object) => void) => {
      const refresh = refreshNext;
      refreshNext = false;
      getToken({ refresh }).then(
        (token) => {
          signedOut = token === null;
          cb(token ? { token } : {});
        },
        () => cb({}),
      );
    },
  };
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = options.url
    ? io(options.url, socketOptions)
    : io(socketOptions);

  /** Delivers what is next in line, keeps what is ahead, drops what was delivered already. */
  function take(state: RoomState, record: RealtimeRecord): void {
    if (state.order.lastSeq === null || state.subscribing) state.order.hold(record);
    else state.order.take(record);
  }

  function newRoom(room: string): RoomState {
    const state: RoomState = {
      room,
      handlers: new Set(),
      options: new Set(),
      subscribing: false,
      retryMs: SUBSCRIBE_RETRY_MS,
      order: new SeqOrder({
        gapTimeoutMs,
        deliver: (record) => {
          for (const handler of [...state.handlers]) call(handler, record);
        },
        fetchGap: () => {
          // Not connected: the reconnect subscribes anyway. Subscribing: its answer fills the hole.
          if (rooms.get(room) === state && socket.connected && !state.subscribing)
            subscribeOnServer(room, state);
        },
      }),
    };
    return state;
  }

  function subscribeOnServer(room: string, state: RoomState): void {
    state.subscribing = true;
    const { order } = state;
    const since = order.lastSeq;
    socket
      .timeout(ackTimeoutMs)
      .emit(
        'subscribe',
        since === null ? { room } : { room, since },
        (err: Error | null, answer: SubscribeAck) => {
          if (rooms.get(room) !== state) return; // unsubscribed meanwhile
          if (err) {
            // No answer in time: ask again while connected; a reconnect asks anyway.
            if (socket.connected) subscribeOnServer(room, state);
            return;
          }
          state.subscribing = false;
          if (!answer.ok) {
            for (const o of state.options) o.onError?.(answer.error);
            if (PASSING_REFUSALS.has(answer.error.code)) subscribeLater(room, state);
            return;
          }
          state.retryMs = SUBSCRIBE_RETRY_MS;
          if (answer.truncated) {
            // What is missing is gone for good (or the server's data was reset): go on from what it has.
            order.lastSeq = answer.missed[0] ? answer.missed[0].seq - 1 : answer.lastSeq;
            for (const o of state.options) o.onResync?.();
          }
          const first = order.lastSeq === null;
          // The room's newest record, from before this client listened: the latest it may have
          // been committed (its age is from its transaction's start), on this client's clock, and
          // no later than this answer, which found it committed.
          if (first && typeof answer.lastRecordAgeMs === 'number') {
            const now = Date.now();
            noteRecordAt(room, Math.min(now, now - answer.lastRecordAgeMs + RECORD_COMMIT_MARGIN_MS));
          }
          if (first) order.start(answer.lastSeq);
          for (const record of answer.missed) order.hold(record);
          if (first) for (const o of state.options) o.onReady?.();
          order.drain();
          if (answer.more) subscribeOnServer(room, state);
        },
      );
  }

  /** Asks for the room again after its wait (doubling up to RETRY_MAX_MS), while still wanted. */
  function subscribeLater(room: string, state: RoomState): void {
    clearTimeout(state.retryTimer);
    state.retryTimer = setTimeout(() => {
      state.retryTimer = undefined;
      // Not connected: the reconnect asks anyway.
      if (rooms.get(room) === state && socket.connected && !state.subscribing) subscribeOnServer(room, state);
    }, state.retryMs);
    state.retryMs = Math.min(state.retryMs * 2, RETRY_MAX_MS);
  }

  socket.on('connect', () => {
    retryMs = 1_000;
    for (const [room, state] of rooms) {
      clearTimeout(state.retryTimer);
      subscribeOnServer(room, state);
    }
  });

  /** Notes that the room had a record at `at` (the latest of what is known), for lastRecordAt. */
  function noteRecordAt(room: string, at: number): void {
    const known = recordTimes.get(room) ?? 0;
    // A Map keeps insertion order: re-inserted, the room is the newest; the oldest go past 100.
    recordTimes.delete(room);
    recordTimes.set(room, Math.max(known, at));
    if (recordTimes.size > 100) recordTimes.delete(recordTimes.keys().next().value as string);
  }

  socket.on('record', (record) => {
    noteRecordAt(record.room, Date.now());
    const state = rooms.get(record.room);
    if (state) take(state, record);
  });

  /** Connects again later, with a refreshed token when asked (socket.io does not, after a refusal). */
  function retryLater(refresh: boolean): void {
    if (refresh) refreshNext = true;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (!closed) socket.connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  socket.on('connect_error', (error) => {
    // socket.io retries network failures by itself, but not a refusal by the server.
    if (socket.active || closed || signedOut) return;
    retryLater(error.message === REALTIME_UNAUTHORIZED);
  });

  socket.on('disconnect', (reason) => {
    // The server ended the connection itself (the account was deleted, the session ended), and
    // socket.io does not come back after that. Come back through a refreshed sign-in: it finds out
    // whether the session still holds, and if the server refuses it the app signs out (A4.09).
    if (reason === 'io server disconnect' && !closed) retryLater(true);
  });

  return {
    get connected() {
      return socket.connected;
    },
    lastRecordAt(room) {
      return recordTimes.get(room) ?? 0;
    },
    subscribe<P>(room: string, onRecord: RecordHandler<P>, subscribeOptions: SubscribeOptions = {}) {
      let state = rooms.get(room);
      const isNew = !state;
      if (!state) {
        state = newRoom(room);
        rooms.set(room, state);
      }
      const handler = onRecord as RecordHandler;
      state.handlers.add(handler);
      state.options.add(subscribeOptions);
      if (isNew && socket.connected) subscribeOnServer(room, state);
      // Joining a room another listener already has on: it is ready now.
      else if (state.order.lastSeq !== null && subscribeOptions.onReady)
        queueMicrotask(subscribeOptions.onReady);
      const subscribed = state;
      return () => {
        subscribed.handlers.delete(handler);
        subscribed.options.delete(subscribeOptions);
        if (subscribed.handlers.size > 0 || rooms.get(room) !== subscribed) return;
        subscribed.order.stop();
        clearTimeout(subscribed.retryTimer);
        rooms.delete(room);
        if (socket.connected) socket.emit('unsubscribe', { room }, () => {});
      };
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      for (const state of rooms.values()) {
        state.order.stop();
        clearTimeout(state.retryTimer);
      }
      rooms.clear();
      socket.disconnect();
    },
  };
}
