import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { DomainEvent, DomainEventType } from './events';
import * as outbox from './outbox.repository';

/**
 * What subscribes to the bus (bus.ts): handlers and processors, what a handler is given
 * (`HandlerMeta`), and how one event's handlers run, for an outbox row or a transient event.
 */

export interface HandlerMeta {
  /** The outbox row's id. */
  outboxId: number;
  /** This handler's name. */
  handler: string;
  /** An idempotency key for one side effect: the same across retries of this row and handler. */
  key(...parts: (string | number)[]): string;
  /**
   * Marks this handler done inside `trx`, so its writes and its progress commit together. Throws
   * (rolling `trx` back) when another run of this handler for this row already committed; the bus
   * then counts the handler as done.
   */
  doneWith(trx: Transaction<DB>): Promise<void>;
}

export type Handler<E> = (event: E, meta: HandlerMeta) => Promise<void> | void;

/**
 * One concern's reaction to events (notifications, chat cards, e-mail/SMS, realtime pushes): it
 * declares the events it handles, and the app registers it with the bus explicitly
 * (`bus.register(processor)`), never as an import side effect. `name` is its progress key in the
 * outbox, so it must be unique per event type.
 */
export interface Processor<K extends DomainEventType = DomainEventType> {
  name: string;
  events: readonly K[];
  handle(event: Extract<DomainEvent, { type: K }>, meta: HandlerMeta): Promise<void> | void;
}

/** Builds a processor with its event types checked against `handle`'s parameter. */
export function defineProcessor<K extends DomainEventType>(processor: Processor<K>): Processor<K> {
  return processor;
}

/** A handler as the bus keeps it: under its name in the outbox's progress. */
export interface Registered {
  name: string;
  handler: Handler<DomainEvent>;
}

/** Thrown by `doneWith` when the handler's work was already committed by another run of it. */
class DoneElsewhere extends Error {
  constructor() {
    super('this handler already ran for this event');
  }
}

/**
 * Runs a claimed row's handlers that are not done yet, in registration order, recording each one's
 * progress; the handlers done (with those done before) and the errors of the ones that failed.
 */
export async function runHandlers(
  db: Kysely<DB>,
  handlers: ReadonlyMap<DomainEventType, Registered[]>,
  row: outbox.ClaimedRow,
  log: () => Pick<FastifyBaseLogger, 'error'>,
): Promise<{ done: string[]; errors: string[] }> {
  const list = handlers.get(row.type as DomainEventType) ?? [];
  const done = [...row.done_handlers];
  const errors: string[] = [];
  for (const [index, { name, handler }] of list.entries()) {
    if (done.includes(name)) continue;
    const meta: HandlerMeta = {
      outboxId: row.id,
      handler: name,
      key: (...parts) => ['bus', row.id, name, ...parts].join(':'),
      doneWith: async (trx) => {
        // Another run committed this handler's work first: this one's writes roll back.
        if (!(await outbox.markHandlerDone(trx, row.id, name))) throw new DoneElsewhere();
      },
    };
    try {
      await handler(row.payload, meta);
      done.push(name);
      // The last handler's progress is recorded with the row's "done".
      if (list.slice(index + 1).some((h) => !done.includes(h.name))) {
        await outbox.markHandlerDone(db, row.id, name);
      }
    } catch (err) {
      if (err instanceof DoneElsewhere) {
        done.push(name);
        continue;
      }
      // One failing processor must not keep the others from their work; it alone is retried.
      log().error({ err, event: row.type, outboxId: row.id, handler: name }, 'event bus: handler failed');
      errors.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { done, errors };
}

/** Runs a transient event's handlers now, in registration order; a failure is logged, not retried. */
export async function runTransient(
  handlers: ReadonlyMap<DomainEventType, Registered[]>,
  event: DomainEvent,
  log: () => Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  for (const { name, handler } of handlers.get(event.type) ?? []) {
    const meta: HandlerMeta = {
      outboxId: 0,
      handler: name,
      key: (...parts) => ['bus', 'transient', name, ...parts].join(':'),
      doneWith: async () => {},
    };
    try {
      await handler(event, meta);
    } catch (err) {
      log().error({ err, event: event.type, handler: name }, 'event bus: transient handler failed');
    }
  }
}
