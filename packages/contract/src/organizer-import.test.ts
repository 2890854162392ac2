import { describe, expect, it } from 'vitest';
import {
  IMPORT_MAX_BASE64,
  importFileRequest,
  importMappedRequest,
  importMappingFor,
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

  it('suggests and checks the fields of each kind (sessions, speakers)', () => {
    expect(suggestImportMapping(['ID', 'Title', 'Start', 'End', 'Room', 'Notes'], 'sessions')).toEqual([
      'externalId',
      'name',
      'start',
      'end',
      'room',
      null,
    ]);
    expect(suggestImportMapping(['E-mail', 'Name', 'Sessions', 'Role'], 'speakers')).toEqual([
      'email',
      'name',
      'sessionExternalIds',
      'role',
    ]);
    expect(importMappingFor('sessions').safeParse(['externalId', 'name', 'start', 'end']).success).toBe(true);
    expect(
      importMappingFor('sessions').safeParse(['externalId', 'name', 'start']).error?.issues[0]?.message,
    ).toBe('organizer.import.error.mappingRequired');
    expect(importMappingFor('speakers').safeParse(['email', 'phone']).error?.issues[0]?.message).toBe(
      'organizer.import.error.mappingKind',
    );
    const body = { kind: 'speakers', fileName: 'a.csv', contentBase64: 'YQ==', mapping: ['name'] };
    expect(importMappedRequest.safeParse(body).error?.issues[0]).toMatchObject({
      path: ['mapping'],
      message: 'organizer.import.error.mappingRequired',
    });
  });

  it('refuses a file over 10 MB by its base64 length', () => {
    const body = { kind: 'attendees', fileName: 'a.csv', contentBase64: 'a'.repeat(IMPORT_MAX_BASE64 + 1) };
    expect(importFileRequest.safeParse(body).error?.issues[0]?.message).toBe(
      'organizer.import.error.fileTooLarge',
    );
  });
});
