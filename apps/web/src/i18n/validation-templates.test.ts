import { describe, expect, it } from 'vitest';
import access from './locales/en/access.json';
import system from './locales/en/system.json';

const en: Record<string, string> = { ...access, ...system };

describe('validation message catalogue', () => {
  it('A5.38 the username format: latin letters, digits, underscore, dot, dash', () => {
    expect(en['validation.error.username']).toBe('Use only latin letters, digits, underscore, dot and dash');
  });

  it('A5.39 the nickname format: latin letters, digits, underscore', () => {
    expect(en['validation.error.nickname']).toBe('Use only latin letters, digits and underscore');
  });

  it('A5.40 general templates exist for every kind of field check', () => {
    const templates = [
      'required',
      'email',
      'phone',
      'date',
      'number',
      'min',
      'max',
      'minLength',
      'maxLength',
      'exactLength',
      'maxItems',
      'maxFileSize',
      'pattern',
      'duplicateName',
      'mustMatch',
      'zip',
      'age',
      'policy',
    ];
    for (const name of templates) expect(en[`validation.error.${name}`], name).toEqual(expect.any(String));
    expect(en['validation.error.min']).toContain('{{min}}');
    expect(en['validation.error.max']).toContain('{{max}}');
    expect(en['validation.error.exactLength']).toContain('{{length}}');
  });
});
