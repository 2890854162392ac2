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
