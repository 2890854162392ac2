import { describe, expect, it } from 'vitest';
import {
  CONTACT_CODE_FORBIDDEN,
  csvField,
  normalizePhone,
  saveContactRequest,
  ticketIdFromCode,
} from './contacts';

describe('contact rules', () => {
  it('E5.38 a phone starting with plus is written with 00; separators are dropped', () => {
    expect(normalizePhone('+44 20 7946-0958')).toBe('00442079460958');
    expect(normalizePhone(' (030) 123.45 ')).toBe('03012345');
    expect(normalizePhone('0044123')).toBe('0044123');
  });

  it('E5.36 E5.37 first name and e-mails required, the rest optional; e-mails trimmed and lowercased', () => {
    expect(saveContactRequest.safeParse({ firstName: 'A', emails: [' A@B.CO '] }).data).toMatchObject({
      emails: ['a@b.co'],
      phones: [],
      events: [],
    });
    expect(saveContactRequest.safeParse({ firstName: 'A', emails: [] }).success).toBe(false);
    expect(saveContactRequest.safeParse({ firstName: ' ', emails: ['a@b.co'] }).success).toBe(false);
  });

  it('E5.40 lookup codes may not contain # $ [ ] quotes or ?', () => {
    for (const bad of ['#', '$', '[', ']', "'", '"', '?'])
      expect(CONTACT_CODE_FORBIDDEN.test(`A${bad}`)).toBe(true);
    expect(CONTACT_CODE_FORBIDDEN.test('TCK-12_ab')).toBe(false);
  });

  it('E5.51 E5.52 only http(s) links with a tickets segment, or a bare ticket id, name a ticket', () => {
    expect(ticketIdFromCode('https://foyer.example/e/1/tickets/AB-12')).toBe('AB-12');
    expect(ticketIdFromCode('http://x.example/tickets/Q1/extra')).toBe('Q1');
    expect(ticketIdFromCode('https://x.example/a/b')).toBeNull();
    expect(ticketIdFromCode('ftp://x.example/tickets/Q1')).toBeNull();
    expect(ticketIdFromCode('AB-12')).toBe('AB-12');
    expect(ticketIdFromCode('two words')).toBeNull();
    expect(ticketIdFromCode('   ')).toBeNull();
  });

  it('E9.53 CSV fields are quoted when needed and never start a spreadsheet formula', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('-1')).toBe("'-1");
    // A spreadsheet that splits on ";" or tabs (Excel in many locales) must not see a new cell start.
    expect(csvField('a;=1+2')).toBe('"a;=1+2"');
    expect(csvField('a\t@SUM(A1)')).toBe('"a\t@SUM(A1)"');
  });
});
