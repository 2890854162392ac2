import { sql, type Transaction } from 'kysely';
import type { DB } from './schema';

/** PostgreSQL's SQLSTATE for a write refused by a unique index. */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether `error` is a unique index's refusal: two submits that raced past their checks meet the
 * index, and the loser is answered as if the check had caught it. With `index`, only a refusal
 * naming it (in the constraint's name or the message) counts.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== UNIQUE_VIOLATION) return false;
  return index === undefined || `${String(e.constraint ?? '')} ${String(e.message ?? '')}`.includes(index);
}

/**
 * Runs `work` in a savepoint of `trx`, answering undefined when a unique index refuses it: only
 * its part is undone and the transaction goes on (PostgreSQL refuses every later statement of a
 * transaction one of whose statements failed, so a caught refusal cannot be followed by a read).
 */
export async function unlessUniqueViolation<T>(
  trx: Transaction<DB>,
  work: () => Promise<T>,
): Promise<T | undefined> {
  await sql`SAVEPOINT unless_unique`.execute(trx);
  try {
    const result = await work();
    await sql`RELEASE SAVEPOINT unless_unique`.execute(trx);
    return result;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await sql`ROLLBACK TO SAVEPOINT unless_unique`.execute(trx);
    return undefined;
  }
}

/**
 * SQLSTATEs of a write that met another one: a unique index or a foreign key that a concurrent
 * commit changed under it (23505, 23503), a deadlock (40P01), a serialization failure (40001).
 */
const CONFLICT_STATES = new Set(['23505', '23503', '40P01', '40001']);

/**
 * Whether `error` is a write refused because of another write (see CONFLICT_STATES). Code that
 * expects one answers it itself; one that escapes is answered 409 "try again" by the app, not 500.
 */
export function isWriteConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && CONFLICT_STATES.has(code);
}

/** What a request or a subscribe hears when the database did not answer (isDatabaseUnavailable). */
export const DATABASE_UNAVAILABLE = 'The service is briefly unavailable: please try again in a moment.';

/**
 * SQLSTATE classes and codes of a database that is not there to answer: a connection exception
 * (class 08), the server shutting down or starting (57P01–57P03), no connection slot left (53300).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** Socket errors of a connection to the database that failed or broke. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);
/** What node-postgres throws, without a code, for a connection that ended under a query. */
const UNAVAILABLE_MESSAGES = /^(Connection terminated|Client has encountered a connection error)/;

/**
 * Whether `error` says the database could not be reached or dropped the connection, rather than
 * refused the statement: the same request may succeed in a moment (answered 503, which clients
 * take as "not reached, try again"). Its transaction did not commit, unless the connection was cut
 * during the COMMIT itself, when nobody can tell (a chat message sent again is not written twice: its key).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) {
    return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}
