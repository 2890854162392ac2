import type { z } from 'zod';
import { AppError } from './errors';
import { englishMessage } from './messages';

/**
 * Parses untrusted input with a contract schema. Failure is a 400 in the envelope whose `fields`
 * map each path to its message key, and whose `msg` is the first problem in English.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    // A record whose keys are data (a language) names the bad key's path and says why in a message key.
    const keyed = issue.code === 'unrecognized_keys' && isMessageKey(issue.message);
    const path = (keyed ? [...issue.path, issue.keys[0] ?? ''] : issue.path).join('.') || '_';
    if (fields[path]) continue;
    fields[path] =
      issue.code === 'unrecognized_keys' && !keyed
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
        : issue.code === 'invalid_type' && !issue.message.includes('.')
          ? 'validation.error.type'
          : issue.message;
  }
  const [path, message] = Object.entries(fields)[0] ?? ['_', 'Invalid input'];
  const text = message === 'validation.error.type' ? 'Wrong type' : englishMessage(message);
  throw AppError.badRequest(path === '_' ? text : `${path}: ${text}`, fields);
}

const isMessageKey = (message: string) => /^validation\.error\.\w+$/.test(message);
