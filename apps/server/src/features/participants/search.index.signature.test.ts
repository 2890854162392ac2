import { describe, expect, it } from 'vitest';
import { random } from '../../../test/random';
import { type IndexQuery, textTestOf } from './search.index.entry';
import { Signatures } from './search.index.signature';
import { textQuery } from './search.service';

const WORDS = [
  'anna',
  'andersen',
  'jana',
  'jansen',
  'marketing',
  'lead',
  'co-founder',
  'şahin',
  'müller',
  'data',
  'engineer',
  'be',
  'x',
];

describe('search signatures (search.index.signature.ts)', () => {
  it('E1.01 never turn away a person the text matches, and turn most others away', () => {
    const rnd = random(5);
    const pick = () => WORDS[Math.floor(rnd() * WORDS.length)] as string;
    const people = Array.from({ length: 400 }, () => {
      const text = Array.from({ length: 2 + Math.floor(rnd() * 4) }, pick).join(' ');
      const lexemes = [...new Set(text.split(/[^\p{L}\p{N}]+/u).filter(Boolean))].sort().join(' ');
      return { text, words: ` ${lexemes}` };
    });
    const signatures = new Signatures();
    signatures.grow(people.length);
    people.forEach((person, slot) => {
      signatures.set(slot, person);
    });
    let turnedAway = 0;
    let nonMatches = 0;
    for (let n = 0; n < 300; n++) {
      // Prefixes and middles of the words, one or two of them, as people type.
      const word = pick();
      const from = rnd() < 0.3 ? Math.floor(rnd() * word.length) : 0;
      const typed = `${word.slice(from, from + 1 + Math.floor(rnd() * word.length))}${rnd() < 0.3 ? ` ${pick().slice(0, 2)}` : ''}`;
      const { tokens, needle } = textQuery(typed);
      const query: IndexQuery = {
        viewerId: 0,
        seesAll: true,
        typeIds: null,
        tokens,
        needle,
        tagsOf: () => undefined,
        excluded: new Set(),
      };
      const matches = textTestOf(query);
      const may = signatures.textFilter(query);
      if (!matches || !may) continue;
      people.forEach((person, slot) => {
        const entry = person as Parameters<typeof matches>[0];
        if (matches(entry)) expect(may(slot), `"${typed}" matches "${person.text}"`).toBe(true);
        else {
          nonMatches++;
          if (!may(slot)) turnedAway++;
        }
      });
    }
    expect(nonMatches).toBeGreaterThan(1000);
    expect(turnedAway / nonMatches).toBeGreaterThan(0.5);
  });

  it('E1.01 let everyone through when the text is too short to have a piece, or absent', () => {
    const signatures = new Signatures();
    expect(signatures.textFilter({ tokens: [], needle: null })).toBeNull();
    expect(signatures.textFilter({ tokens: [], needle: '-a' })).toBeNull();
  });
});
