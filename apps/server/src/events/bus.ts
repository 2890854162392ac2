import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../app';
import type { DB } from '../db/schema';
import type { DomainEvent, DomainEventType } from './events';

export type { DomainEvent, DomainEventType } from './events';

/**
 * The one in-process event bus (STYLE: side effects after writes go through one event bus and small
 * processors). A feature emits what happened; processors (notifications, chat system messages, …)
 * subscribe with `on`. Handlers always run after the write committed, never for a rolled-back one,
 * and never inside the caller's request: a slow e-mail does not slow the answer.
 *
 * Ordered per event (the `eventId` every domain event carries): a revoke's chat message never
 * lands before the request's, even on PostgreSQL where the two commits' waiters run side by side.
 * Slow work that needs no order (e-mail, SMS) goes through `defer`, so it holds up nothing.
 *
 * Not durable: an event whose handlers have not run when the process dies is lost (the write itself
 * stays). Good enough for notifications; a job that must not be lost needs its own table.
 */
export interface Bus {
  on<K extends DomainEventType>(type: K, handler: Handler<Extract<DomainEvent, { type: K }>>): () => void;
  /**
   * Without `trx`: call it after your transaction committed. With `trx`: call it inside; the
   * handlers run once that transaction has committed (not at all if it rolls back).
   */
  emit(event: DomainEvent, trx?: Transaction<DB>): Promise<void>;
  /** Runs work outside the per-event order (still awaited by `idle`). */
  defer(work: () => Promise<void>): void;
  /** Resolves once every emitted event's handlers (and deferred work) have finished (tests, shutdown). */
  idle(): Promise<void>;
  setLogger(log: FastifyBaseLogger): void;
}

type Handler<E> = (event: E) => Promise<void> | void;

// Namespaces the bus's advisory locks (realtime uses 7301).
const BUS_LOCK_CLASS = 7302;

export function createBus(db: Kysely<DB>): Bus {
  const handlers = new Map<DomainEventType, Handler<DomainEvent>[]>();
  const running = new Set<Promise<void>>();
  const pendingByTrx = new WeakMap<Transaction<DB>, DomainEvent[]>();
  let log: Pick<FastifyBaseLogger, 'error'> = { error: (...args: unknown[]) => console.error(...args) };

  const track = (work: Promise<void>): Promise<void> => {
    const tracked = work.catch((err: unknown) => log.error({ err }, 'event bus: processing failed'));
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
    return tracked;
  };

  // One chain per event id: jobs of one event run one after another, in the order emitted.
  const chains = new Map<number, Promise<void>>();
  const enqueue = (key: number, job: () => Promise<void>) => {
    const next = track((chains.get(key) ?? Promise.resolve()).then(job));
    chains.set(key, next);
    void next.finally(() => {
      if (chains.get(key) === next) chains.delete(key);
    });
  };

  async function dispatch(event: DomainEvent): Promise<void> {
    for (const handler of handlers.get(event.type) ?? []) {
      try {
        await handler(event);
      } catch (err) {
        // One failing processor must not keep the others from their work.
        log.error({ err, event: event.type }, 'event bus: handler failed');
      }
    }
  }

  /**
   * The caller's transaction holds an exclusive advisory lock keyed by its own id; a shared lock on
   * the same key is granted once it has ended, and pg_xact_status then tells commit from rollback.
   */
  async function runAfterCommit(xid: string, events: DomainEvent[]): Promise<void> {
    const status = await db.transaction().execute(async (t) => {
      await sql`SELECT pg_advisory_xact_lock_shared(${sql.lit(BUS_LOCK_CLASS)}, hashtext(${xid}))`.execute(t);
      const { rows } = await sql<{
        status: string | null;
      }>`SELECT pg_xact_status(${xid}::xid8) AS status`.execute(t);
      return rows[0]?.status ?? null;
    });
    if (status !== 'committed') return;
    for (const event of events) await dispatch(event);
  }

  return {
    on(type, handler) {
      const list = handlers.get(type) ?? [];
      handlers.set(type, list);
      list.push(handler as Handler<DomainEvent>);
      return () => {
        const at = list.indexOf(handler as Handler<DomainEvent>);
        if (at >= 0) list.splice(at, 1);
      };
    },
    async emit(event, trx) {
      if (!trx) {
        enqueue(event.eventId, () => dispatch(event));
        return;
      }
      const pending = pendingByTrx.get(trx);
      if (pending) {
        pending.push(event);
        return;
      }
      const events = [event];
      pendingByTrx.set(trx, events);
      const { rows } = await sql<{ xid: string }>`SELECT pg_current_xact_id()::text AS xid`.execute(trx);
      const xid = rows[0]?.xid ?? '';
      await sql`SELECT pg_advisory_xact_lock(${sql.lit(BUS_LOCK_CLASS)}, hashtext(${xid}))`.execute(trx);
      enqueue(event.eventId, () => runAfterCommit(xid, events));
    },
    defer(work) {
      track(work());
    },
    async idle() {
      // Handlers may emit further events: wait until nothing is left running.
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    setLogger(next) {
      log = next;
    },
  };
}

const buses = new WeakMap<AppContext, Bus>();

/** The app's bus (one per AppContext, so parallel test apps never see each other's events). */
export function busOf(ctx: AppContext): Bus {
  let bus = buses.get(ctx);
  if (!bus) {
    bus = createBus(ctx.db);
    buses.set(ctx, bus);
  }
  return bus;
}
