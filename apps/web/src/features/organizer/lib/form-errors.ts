import { messageText, unnamedMessage } from '../../../i18n/keys';
import { ApiError } from '../../../lib/api-client';

/** A form's error texts by field name ("form" for one not tied to a field). */
export type FieldErrors = Record<string, string>;

type Translate = Parameters<typeof messageText>[0];

/** What a message's {{name}} reads for a field (its label as the form shows it). */
export type FieldLabel = (field: string) => string;

/** The part of a zod issue the texts need. */
export interface FormIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Names the field by its label; without one, a message that would name it reads "This field …"
 * rather than the internal field name or a bare {{name}}.
 */
const text = (t: Translate, message: string, field: string, label?: FieldLabel) =>
  label ? messageText(t, message, { name: label(field) }) : messageText(t, unnamedMessage(message));

/** A failed zod parse's issues, in the user's language: the first one of each top-level field. */
export function issueErrors(t: Translate, issues: readonly FormIssue[], label?: FieldLabel): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]);
    errors[field] ??= text(t, issue.message, field, label);
  }
  return errors;
}

/** True when the API refused the input field by field (an `ApiError` with `fields`). */
export function hasFieldErrors(error: unknown): error is ApiError & { fields: Record<string, string> } {
  return error instanceof ApiError && error.fields !== undefined;
}

/**
 * The API's field errors in the user's language, or null when the error has none. Keys are the
 * server's paths ("options.0.name"); `topLevel` files each under its first part ("options").
 */
export function apiFieldErrors(
  t: Translate,
  error: unknown,
  options: { label?: FieldLabel; topLevel?: boolean } = {},
): FieldErrors | null {
  if (!hasFieldErrors(error)) return null;
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const field = options.topLevel ? (path.split('.')[0] ?? path) : path;
    errors[field] = text(t, message, field, options.label);
  }
  return errors;
}

/**
 * A save's `onError` that puts the API's field errors under their fields; an error without them is
 * left to the caller's form, which shows the save's error itself.
 */
export function showFieldErrors(
  t: Translate,
  setErrors: (errors: FieldErrors) => void,
  options: { label?: FieldLabel; topLevel?: boolean } = {},
): (error: unknown) => void {
  return (error) => {
    const fields = apiFieldErrors(t, error, options);
    if (fields) setErrors(fields);
  };
}
