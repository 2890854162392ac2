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
