import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { transactionStatus, watchTransaction } from './bus.commit';
import { type Handler, type Processor, type Registered, runHandlers, runTransient } from './bus.handlers';
import {
  type DomainEvent,
  type DomainEventType,
  TRANSIENT_EVENT_TYPES,
  UNORDERED_EVENT_TYPES,
} from './events';
import * as outbox from './outbox.repository';

export type { DomainEvent, DomainEventType, OutgoingMessage } from './events';

/**
 * The event bus (STYLE: side effects after writes go through one event bus and small processors),
 * backed by a durable outbox (decision 010). A feature emits what happened; processors
 * (notifications, chat system messages, e-mail/SMS deliveries) subscribe with `on`.
 *
 * - `emit` writes a `bus_outbox` row in the caller's transaction: the row commits with the change
 *   it announces, or not at all. Handlers run after the commit, never for a rolled-back write, and
 *   never inside the caller's request.
 * - After the commit the emitting process is woken at once (low latency); a sweep every
 *   `SWEEP_EVERY_MS` picks up rows a crashed (or paused) process left behind. Rows are claimed with
 *   `FOR UPDATE SKIP LOCKED` plus a lease, so several processes on one PostgreSQL never run one row
 *   at the same time.
 * - At least once: a row is marked done after its handlers; a handler that throws is retried with
 *   exponential backoff (only the handlers not done yet), up to `MAX_ATTEMPTS`, then the row is
 *   `dead` (logged). A crash in the middle of a handler runs that handler again, so anything that
 *   must not happen twice (e-mail, SMS) uses `meta.key(…)` as its idempotency key, and a handler
 *   that writes in one transaction calls `meta.doneWith(trx)` so its writes and "done" commit together.
 * - Ordered per event (`eventId`): a row waits for the earlier pending rows of its event, across
 *   processes too — a revoke's chat card never lands before the request's. Deliveries
 *   (`UNORDERED_EVENT_TYPES`) skip that order, so a slow SMTP server holds up nothing.
 */
export interface Bus {
  /** `name` identifies the handler in the outbox's progress (default: type and registration index). */
  on<K extends DomainEventType>(
    type: K,
    handler: Handler<Extract<DomainEvent, { type: K }>>,
    name?: string,
  ): () => void;
  /**
   * With `trx` (preferred): written in that transaction; processed once it commits. Without: its
   * own short transaction — only after your write committed, and never while holding a transaction
   * (PGlite has one connection: that deadlocks).
   */
  emit(event: DomainEvent, trx?: Transaction<DB>): Promise<void>;
  /**
   * Resolves once the rows emitted in `trx` have been processed once (whatever the outcome), or at
   * once if it rolled back or emitted nothing. Await it after the transaction, never inside it: for
   * a caller whose answer should follow its side effects (chat answers after the push).
   */
  settled(trx: Transaction<DB>): Promise<void>;
  /** Registers a processor's handler for each event it declares (`processor.events`). */
  register<K extends DomainEventType>(processor: Processor<K>): void;
  /**
   * Runs work outside the per-event order (awaited by `idle`). NOT durable: lost if the process
   * dies. Anything that must happen (e-mail, SMS) is emitted as `messages.send` instead.
   */
  defer(work: () => Promise<void>): void;
  /** Resolves once nothing this bus started is running (tests, shutdown). Rows waiting for a retry are not waited for. */
  idle(): Promise<void>;
  /** Starts the periodic sweep (the app does this when it is ready). */
  start(): void;
  /** Stops the sweep and waits for running work. */
  stop(): Promise<void>;
  /** Processes every claimable row now, whichever process wrote it (what the periodic sweep does). */
  sweep(): Promise<void>;
  setLogger(log: Pick<FastifyBaseLogger, 'error' | 'warn'>): void;
}

export interface BusOptions {
  /** Test-only (FOYER_OUTBOX_PAUSE): writes rows but never claims them, to simulate a crash before processing. */
  paused?: boolean;
  /** How old an unclaimed row must be before any process's sweep takes it. */
  sweepAgeMs?: number;
  /** Attempts before a row is given up on (`dead`). */
  maxAttempts?: number;
  /** Wait before retry number `attempts` (1, 2, …). */
  backoffMs?: (attempts: number) => number;
  /**
   * The database is one connection that a transaction holds until it ends (PGlite, pglite-dialect.ts):
   * a statement queued after the transaction's own runs only once it committed or rolled back, so
   * the after-commit check needs no lock to wait for it (two statements a transaction, not six).
   */
  oneConnection?: boolean;
}

const SWEEP_EVERY_MS = 1_500;
const SWEEP_AGE_MS = 3_000;
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 6;
const BATCH = 50;
/** 1 s, 2 s, 4 s, … */
const backoffMs = (attempts: number) => 1_000 * 2 ** Math.max(0, attempts - 1);

export function createBus(db: Kysely<DB>, options: BusOptions = {}): Bus {
  const handlers = new Map<DomainEventType, Registered[]>();
  const running = new Set<Promise<void>>();
  /** Per emitting transaction: its outbox rows, its transient events, and the after-commit run. */
  const pendingByTrx = new WeakMap<
    Transaction<DB>,
    { ids: number[]; transient: DomainEvent[]; done: Promise<void> }
  >();
  /** Rows this process wrote and has not finished: it claims them right after their commit. */
  const local = new Map<number, number>();
  const inFlight = new Set<number>();
  const timers = new Set<NodeJS.Timeout>();
  /** Rows emitted inside a transaction someone may wait on (`settled`): resolved once processed. */
  const waiters = new Map<number, { promise: Promise<void>; resolve: () => void }>();
  const settle = (id: number) => {
    waiters.get(id)?.resolve();
    waiters.delete(id);
  };
  const paused = options.paused ?? false;
  const sweepAgeMs = options.sweepAgeMs ?? SWEEP_AGE_MS;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const backoff = options.backoffMs ?? backoffMs;
  let log: Pick<FastifyBaseLogger, 'error' | 'warn'> = {
    error: (...args: unknown[]) => console.error(...args),
    warn: (...args: unknown[]) => console.warn(...args),
  };
  let stopped = false;

  const track = (work: Promise<void>): Promise<void> => {
    const tracked = work.catch((err: unknown) => log.error({ err }, 'event bus: processing failed'));
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
    return tracked;
  };

  let draining = false;
  let again = false;
  let sweepWanted = false;

  /** Claims and starts rows until none is claimable; one loop at a time, re-run when kicked meanwhile. */
  function kick(sweep = false): void {
    if (paused || stopped) return;
    if (sweep) sweepWanted = true;
    if (draining) {
      again = true;
      return;
    }
    draining = true;
    track(
      (async () => {
        try {
          do {
            again = false;
            const withSweep = sweepWanted;
            sweepWanted = false;
            for (;;) {
              const ids = [...local.keys()].filter((id) => !inFlight.has(id));
              if (ids.length === 0 && !withSweep) break;
              const rows = await outbox.claimRows(db, {
                ids,
                olderThanMs: withSweep ? sweepAgeMs : null,
                leaseMs: LEASE_MS,
                limit: BATCH,
              });
              if (rows.length === 0) break;
              for (const row of rows) {
                inFlight.add(row.id);
                track(
                  processRow(row).finally(() => {
                    inFlight.delete(row.id);
                    settle(row.id);
                  }),
                );
              }
            }
          } while (again);
        } finally {
          draining = false;
        }
      })(),
    );
  }

  async function processRow(row: outbox.ClaimedRow): Promise<void> {
    const { done, errors } = await runHandlers(db, handlers, row, () => log);
    if (errors.length === 0) {
      await outbox.markDone(db, row.id);
      local.delete(row.id);
    } else if (row.attempts >= maxAttempts) {
      await outbox.markFailed(db, row.id, { doneHandlers: done, error: errors.join('; '), retryInMs: null });
      local.delete(row.id);
      log.error(
        { event: row.type, outboxId: row.id, attempts: row.attempts },
        'event bus: gave up on an event',
      );
    } else {
      const retryInMs = backoff(row.attempts);
      await outbox.markFailed(db, row.id, { doneHandlers: done, error: errors.join('; '), retryInMs });
      const timer = setTimeout(() => {
        timers.delete(timer);
        kick();
      }, retryInMs + 20);
      timer.unref();
      timers.add(timer);
    }
    // The next row of this event (or one this row emitted) may be claimable now; it may be an old
    // row another process left, like this one may have been.
    kick(true);
  }

  /**
   * Once the caller's transaction has ended (bus.commit.ts): its rows are claimed if it committed,
   * forgotten if not, and then its transient events run.
   */
  async function afterCommit(
    xid: string,
    pending: { ids: number[]; transient: DomainEvent[] },
  ): Promise<void> {
    const status = await transactionStatus(db, xid, options.oneConnection);
    if (status !== 'committed') {
      for (const id of pending.ids) {
        local.delete(id);
        settle(id);
      }
      return;
    }
    kick();
    for (const event of pending.transient) await runTransient(handlers, event, () => log);
  }

  /** The transaction's after-commit watch: set up at its first emit (one advisory lock per transaction). */
  async function watch(trx: Transaction<DB>) {
    const known = pendingByTrx.get(trx);
    if (known) return known;
    const pending = { ids: [] as number[], transient: [] as DomainEvent[], done: Promise.resolve() };
    pendingByTrx.set(trx, pending);
    const xid = await watchTransaction(trx, options.oneConnection);
    pending.done = track(afterCommit(xid, pending));
    return pending;
  }

  const remember = (id: number) => local.set(id, Date.now());

  let sweepTimer: NodeJS.Timeout | null = null;
  let leaseTimer: NodeJS.Timeout | null = null;

  return {
    on(type, handler, name) {
      const list = handlers.get(type) ?? [];
      handlers.set(type, list);
      const entry: Registered = {
        name: name ?? `${type}#${list.length}`,
        handler: handler as Handler<DomainEvent>,
      };
      if (list.some((h) => h.name === entry.name))
        throw new Error(`event bus: two handlers named ${entry.name}`);
      list.push(entry);
      return () => {
        const at = list.indexOf(entry);
        if (at >= 0) list.splice(at, 1);
      };
    },
    async emit(event, trx) {
      if (TRANSIENT_EVENT_TYPES.has(event.type)) {
        // Not an outbox row: its handlers run right after the commit (now, without a transaction).
        if (trx) (await watch(trx)).transient.push(event);
        else await track(runTransient(handlers, event, () => log));
        return;
      }
      const ordered = !UNORDERED_EVENT_TYPES.has(event.type);
      if (!trx) {
        const id = await db.transaction().execute((t) => outbox.insertRow(t, event, ordered));
        remember(id);
        kick();
        return;
      }
      const id = await outbox.insertRow(trx, event, ordered);
      remember(id);
      if (!paused) {
        let resolve = () => {};
        const promise = new Promise<void>((r) => {
          resolve = r;
        });
        waiters.set(id, { promise, resolve });
      }
      (await watch(trx)).ids.push(id);
    },
    async settled(trx) {
      const pending = pendingByTrx.get(trx);
      if (!pending) return;
      await pending.done;
      await Promise.all(pending.ids.map((id) => waiters.get(id)?.promise));
    },
    register(processor) {
      for (const type of processor.events) {
        // Each handler gets the event type it declared; the union cannot be narrowed per entry here.
        this.on(type, processor.handle as Handler<DomainEvent>, processor.name);
      }
    },
    defer(work) {
      track(work());
    },
    async idle() {
      // Handlers may emit further events: wait until nothing is left running.
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    start() {
      if (paused || sweepTimer) return;
      stopped = false;
      kick(true);
      sweepTimer = setInterval(() => {
        // Forget own rows another process finished long ago (they can no longer be claimed).
        const stale = Date.now() - 10 * LEASE_MS;
        for (const [id, at] of local) {
          if (at < stale && !inFlight.has(id)) {
            local.delete(id);
            settle(id);
          }
        }
        kick(true);
      }, SWEEP_EVERY_MS);
      sweepTimer.unref();
      leaseTimer = setInterval(() => {
        outbox
          .renewLeases(db, [...inFlight], LEASE_MS)
          .catch((err: unknown) => log.warn({ err }, 'event bus: lease renewal failed'));
      }, LEASE_MS / 3);
      leaseTimer.unref();
    },
    async stop() {
      stopped = true;
      if (sweepTimer) clearInterval(sweepTimer);
      if (leaseTimer) clearInterval(leaseTimer);
      sweepTimer = null;
      leaseTimer = null;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      while (running.size > 0) await Promise.allSettled([...running]);
      for (const id of [...waiters.keys()]) settle(id);
    },
    async sweep() {
      kick(true);
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    setLogger(next) {
      log = next;
    },
  };
}

/** Hourly: outbox rows done for more than a day go (dead ones stay to be looked at). */
export function pruneOutbox(ctx: AppContext): Promise<number> {
  return outbox.pruneDone(ctx.db, new Date(ctx.now().getTime() - 24 * 60 * 60_000));
}
