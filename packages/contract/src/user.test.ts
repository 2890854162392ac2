import { describe, expect, it } from 'vitest';
import { foldForMatching, matchesUserQuery, userMatchQuery, userProfileSchema } from './user';

describe('user entity (A3.04)', () => {
  it('A3.04 the profile carries a loaded flag and the query string it is matched by', () => {
    const keys = Object.keys(userProfileSchema.shape);
    expect(keys).toEqual(expect.arrayContaining(['loaded', 'query']));
    expect(userProfileSchema.shape.loaded.safeParse(true).success).toBe(true);
    expect(userProfileSchema.shape.loaded.safeParse(false).success).toBe(false);
  });

  it('A3.04 the query string is name, surname and e-mail, folded (case, accents, spaces)', () => {
    expect(userMatchQuery({ name: 'Çağla ', surname: 'Öztürk  Şen', username: 'Cagla@Foyer.test' })).toBe(
      'cagla ozturk sen cagla@foyer.test',
    );
    expect(foldForMatching('  José\tÁLVAREZ ')).toBe('jose alvarez');
    expect(foldForMatching('IŞIK')).toBe('isik');
  });

  it('A3.04 a user matches when every typed word occurs in the query string', () => {
    const query = userMatchQuery({ name: 'Ada', surname: 'Lovelace', username: 'ada@foyer.test' });
    expect(matchesUserQuery(query, 'love')).toBe(true);
    expect(matchesUserQuery(query, 'LOVELACE ada')).toBe(true);
    expect(matchesUserQuery(query, 'foyer.test')).toBe(true);
    expect(matchesUserQuery(query, '')).toBe(true);
    expect(matchesUserQuery(query, 'ada byron')).toBe(false);
  });
});
