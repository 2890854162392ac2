/** What the server's thread and the PGlite worker thread say to each other (pglite-thread.ts). */
import { messages } from '@electric-sql/pglite';

export interface PgliteWorkerData {
  pgliteWorker: true;
  dataDir: string | null;
}

/** Message 0 answers the start-up; queries count from 1. */
export type ToWorker = { id: number; sql: string; params: unknown[] } | { id: number; close: true };

export type FromWorker =
  | { id: number; rows: unknown[]; affectedRows: number }
  | { id: number; error: SerializedError }
  | { id: number; done: true };

/** An error as it crosses the thread boundary: structured clone keeps only an Error's message and stack. */
export interface SerializedError {
  name: string;
  message: string;
  stack: string | undefined;
  /** A PostgreSQL error (PGlite's DatabaseError): rebuilt as one, so `instanceof` holds too. */
  database: boolean;
  /** Own fields: code, constraint, detail, table, query, params... */
  fields: Record<string, unknown>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) {
    return { name: 'Error', message: String(error), stack: undefined, database: false, fields: {} };
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean', 'bigint', 'undefined'].includes(typeof value)) {
      fields[key] = value;
    } else if (key === 'params' && Array.isArray(value)) {
      // The query's parameters: they arrived by structured clone, so they go back the same way.
      fields[key] = value;
    }
  }
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    database: error instanceof messages.DatabaseError,
    fields,
  };
}

/** The error as the caller would have got it from PGlite in its own thread. */
export function reviveError(serialized: SerializedError): Error {
  let error: Error;
  if (serialized.database) {
    error = new messages.DatabaseError(serialized.message, 0, 'error');
  } else {
    error = new Error(serialized.message);
    error.name = serialized.name;
  }
  Object.assign(error, serialized.fields);
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
