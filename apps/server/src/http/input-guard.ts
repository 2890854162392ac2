import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** Message key of the field that held a NUL character (web catalogues and messages.ts). */
export const NUL_MESSAGE = 'validation.error.nul';

/** Binary bodies (a Buffer, a stream) hold no text to check. Fastify's query object has its own prototype. */
const isBinary = (value: object): boolean =>
  ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function';

/**
 * The dotted path of the first string (or object key) holding U+0000, or null. PostgreSQL refuses
 * that character in text and jsonb, so it must never get as far as a query.
 */
export function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findNul(item, [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (isBinary(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\u0000')];
    const found = findNul(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * preValidation hook for every route: a NUL character anywhere in the path parameters, query or
 * JSON body is a 400 that changes nothing (docs/decisions/009-bad-input.md), before any handler runs.
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const path = findNul(part);
    if (!path) continue;
    const field = path.join('.') || '_';
    throw AppError.badRequest(
      `${field === '_' ? '' : `${field}: `}Text may not contain the NUL character (\\u0000)`,
      { [field]: NUL_MESSAGE },
    );
  }
}
