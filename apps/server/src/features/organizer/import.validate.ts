import {
  emailSchema,
  IMPORT_MAX_ERRORS,
  type ImportField,
  type ImportMapping,
  type ImportRowError,
  type ImportValidation,
} from '@foyer/contract';

/**
 * Row checks of an attendee import (decision 016): pure, so the same rules run for validate and
 * commit. A row is good when its e-mail is valid and not already used by an earlier row of the file,
 * its name is present, its type (when given) names one of the event's participant types, and no
 * value is longer than its column allows.
 */

/** What one good row writes (text as typed, e-mail lower-case; empty text means "keep"). */
export interface ImportRecord {
  email: string;
  name: string;
  surname: string;
  company: string;
  jobTitle: string;
  phone: string;
  city: string;
  website: string;
  typeId: number | null;
}

export interface ValidatedFile {
  records: ImportRecord[];
  summary: ImportValidation;
}

const MAX_LENGTH: Partial<Record<ImportField, number>> = {
  email: 254,
  name: 100,
  surname: 100,
  company: 200,
  jobTitle: 200,
  phone: 50,
  city: 100,
  website: 500,
  type: 200,
};

const TEXT_FIELDS = ['name', 'surname', 'company', 'jobTitle', 'phone', 'city', 'website'] as const;

export const importErrorKey = {
  email: 'organizer.import.error.email',
  type: 'organizer.import.error.type',
  duplicate: 'organizer.import.error.duplicate',
  /** Someone removed from the event: an import leaves them removed, so the row says so. */
  removed: 'organizer.import.error.removed',
  required: 'organizer.import.error.required',
  tooLong: 'organizer.import.error.tooLong',
} as const;

/**
 * Checks every row. `types` maps a participant type's name, lower-case, to its id. Row numbers are
 * the spreadsheet's (`ParsedFile.rowNumbers`, which count the empty rows left out); without them the
 * header is row 1, so data row i is row i + 2.
 */
export function validateRows(
  rows: readonly string[][],
  mapping: ImportMapping,
  types: ReadonlyMap<string, number>,
  options: {
    rowNumbers?: readonly number[];
    /** Lower-case e-mails of people removed from the event. */
    removed?: ReadonlySet<string>;
  } = {},
): ValidatedFile {
  const { rowNumbers = [], removed } = options;
  const column = new Map<ImportField, number>();
  mapping.forEach((field, index) => {
    if (field) column.set(field, index);
  });
  const cell = (row: readonly string[], field: ImportField) => {
    const index = column.get(field);
    return index === undefined ? '' : (row[index] ?? '');
  };

  const seen = new Set<string>();
  const records: ImportRecord[] = [];
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  let badCount = 0;

  rows.forEach((row, i) => {
    const rowNumber = rowNumbers[i] ?? i + 2;
    const rowErrors: ImportRowError[] = [];
    const fail = (field: ImportField, message: string) => rowErrors.push({ row: rowNumber, field, message });

    for (const field of column.keys()) {
      if (cell(row, field).length > (MAX_LENGTH[field] ?? 200)) fail(field, importErrorKey.tooLong);
    }
    const parsedEmail = emailSchema.safeParse(cell(row, 'email'));
    const email = parsedEmail.success ? parsedEmail.data : null;
    if (!email) fail('email', cell(row, 'email') === '' ? importErrorKey.required : importErrorKey.email);
    else if (seen.has(email)) fail('email', importErrorKey.duplicate);
    else if (removed?.has(email)) fail('email', importErrorKey.removed);
    if (cell(row, 'name') === '') fail('name', importErrorKey.required);
    const typeName = cell(row, 'type');
    const typeId = typeName === '' ? null : (types.get(typeName.toLowerCase()) ?? null);
    if (typeName !== '' && typeId === null) fail('type', importErrorKey.type);

    if (email) seen.add(email);
    if (rowErrors.length > 0) {
      badCount++;
      errorCount += rowErrors.length;
      for (const error of rowErrors) if (errors.length < IMPORT_MAX_ERRORS) errors.push(error);
      return;
    }
    const record = { email: email!, typeId } as ImportRecord;
    for (const field of TEXT_FIELDS) record[field] = cell(row, field);
    records.push(record);
  });

  return {
    records,
    summary: { rowCount: rows.length, goodCount: records.length, badCount, errors, errorCount },
  };
}
