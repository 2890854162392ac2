import { describe, expect, it } from 'vitest';
import {
  IMPORT_MAX_BASE64,
  importFileRequest,
  importMappingSchema,
  suggestImportMapping,
} from './organizer-import';

describe('import mapping (issue 12, part 4)', () => {
  it('suggests fields from English and common variants, case- and punctuation-insensitively, once each', () => {
    expect(
      suggestImportMapping([
        'E-Mail',
        'First_Name',
        'LAST NAME',
        'Organisation',
        'Job Title',
        'Notes',
        'email',
      ]),
    ).toEqual(['email', 'name', 'surname', 'company', 'jobTitle', null, null]);
    expect(suggestImportMapping(['Correo', 'Nombre', 'Apellidos', 'Ciudad', 'Tipo'])).toEqual([
      'email',
      'name',
      'surname',
      'city',
      'type',
    ]);
    expect(suggestImportMapping(['Имя', 'Фамилия', 'Телефон'])).toEqual(['name', 'surname', 'phone']);
  });

  it('requires e-mail and name, each field once', () => {
    expect(importMappingSchema.safeParse(['email', 'name', null]).success).toBe(true);
    const missing = importMappingSchema.safeParse(['email', null]);
    expect(missing.error?.issues[0]?.message).toBe('organizer.import.error.mappingRequired');
    const twice = importMappingSchema.safeParse(['email', 'name', 'name']);
    expect(twice.error?.issues[0]?.message).toBe('organizer.import.error.mappingTwice');
  });

  it('refuses a file over 10 MB by its base64 length', () => {
    const body = { kind: 'attendees', fileName: 'a.csv', contentBase64: 'a'.repeat(IMPORT_MAX_BASE64 + 1) };
    expect(importFileRequest.safeParse(body).error?.issues[0]?.message).toBe(
      'organizer.import.error.fileTooLarge',
    );
  });
});
