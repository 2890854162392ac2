import { describe, expect, it } from 'vitest';
import { dropdownName } from './dropdown-name';

describe('dropdownName', () => {
  it('E5.50 a name of up to 9 characters is shown whole', () => {
    expect(dropdownName('Ada')).toBe('Ada');
    expect(dropdownName('Ada Byron')).toBe('Ada Byron');
    expect(dropdownName('  Ada  ')).toBe('Ada');
  });

  it('E5.50 a longer name is cut after 9 characters with an ellipsis', () => {
    expect(dropdownName('Alexandra Longname')).toBe('Alexandra…');
    expect(dropdownName('Ada Byronx')).toBe('Ada Byron…');
    expect(Array.from(dropdownName('Bartholomew')).length).toBe(10);
  });

  it('E5.50 counts letters, not UTF-16 units, and drops a space before the ellipsis', () => {
    expect(dropdownName('Çağrı Öztürkoğlu')).toBe('Çağrı Özt…');
    expect(dropdownName('😀😀😀😀😀😀😀😀😀😀')).toBe('😀😀😀😀😀😀😀😀😀…');
    expect(dropdownName('Jo Ann    Smith')).toBe('Jo Ann…');
  });
});
