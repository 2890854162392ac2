import { describe, expect, it } from 'vitest';
import { random } from '../../../test/random';
import { lowerBound, positionsByType, smallest, sortedInTurns } from './search.index.orders';

describe('smallest (the nearest positions of a page, search.index.ts)', () => {
  it('E1.01 gives at least the k smallest positions, ascending, repeats kept, whatever their spread', () => {
    const rnd = random(11);
    for (let run = 0; run < 200; run++) {
      const bound = 1 + Math.floor(rnd() * 3_000_000);
      const n = Math.floor(rnd() * 5_000);
      // Some runs crowd the values into a corner of the bound, some repeat them.
      const spread = rnd() < 0.3 ? Math.max(1, Math.floor(bound / 5000)) : bound;
      const values = Int32Array.from({ length: n }, () => Math.floor(rnd() * spread));
      if (run % 4 === 0) values.set(values.subarray(0, Math.floor(n / 2)), Math.floor(n / 2));
      const k = Math.floor(rnd() * 400);
      const got = Array.from(smallest(values, k, bound));
      const sorted = Array.from(values).sort((a, b) => a - b);
      expect(got.length).toBeGreaterThanOrEqual(Math.min(k, n));
      expect(got).toEqual(sorted.slice(0, got.length));
      // Every value equal to the last one given is given (a page skips repeats by comparing).
      if (got.length > 0 && got.length < n) expect(sorted[got.length]).toBeGreaterThan(got.at(-1) as number);
    }
  });
});

describe('positionsByType and lowerBound (a type filter walked in the relevance order)', () => {
  it('E7.32 gives each type its people’s positions in the sequence, ascending, and none to the untyped', () => {
    const rnd = random(5);
    for (let run = 0; run < 50; run++) {
      const slots = 1 + Math.floor(rnd() * 400);
      // Types in runs (as the relevance order groups them) and scattered, some people without one.
      const typeOf = Int32Array.from({ length: slots }, (_, s) =>
        run % 2 === 0 ? Math.floor((s * 4) / slots) - 1 : Math.floor(rnd() * 5) - 1,
      );
      const sequence = Int32Array.from(Array.from({ length: slots }, (_, s) => s).sort(() => rnd() - 0.5));
      const got = positionsByType(sequence, typeOf);
      const expected = new Map<number, number[]>();
      sequence.forEach((slot, at) => {
        const type = typeOf[slot] as number;
        if (type >= 0) expected.set(type, [...(expected.get(type) ?? []), at]);
      });
      expect(new Map([...got].map(([type, positions]) => [type, Array.from(positions)]))).toEqual(expected);
      for (const positions of got.values()) {
        const value = Math.floor(rnd() * (slots + 2)) - 1;
        const at = lowerBound(positions, value);
        expect(Array.from(positions.subarray(0, at)).every((p) => p < value)).toBe(true);
        expect(Array.from(positions.subarray(at)).every((p) => p >= value)).toBe(true);
      }
    }
  });
});

describe('sortedInTurns (a whole event’s order, built a piece per turn)', () => {
  it('E7.32 sorts as one sort does, stable for equal keys, a run or a run’s length of a merge per turn', async () => {
    const rnd = random(3);
    const run = 5;
    for (const n of [0, 1, 5, 6, 17, 64, 1000]) {
      const slots = Array.from({ length: n }, (_, i) => i);
      const key = slots.map(() => Math.floor(rnd() * 20));
      // Equal keys keep the slots' own order: the compare of an order ends on the id.
      let compares = 0;
      const compare = (a: number, b: number) => {
        compares++;
        return (key[a] as number) - (key[b] as number) || a - b;
      };
      let turns = 0;
      let most = 0;
      const got = await sortedInTurns(
        slots,
        compare,
        async () => {
          turns++;
          most = Math.max(most, compares);
          compares = 0;
        },
        run,
      );
      expect(Array.from(got)).toEqual(
        [...slots].sort((a, b) => (key[a] as number) - (key[b] as number) || a - b),
      );
      const runs = Math.ceil(n / run);
      // A turn after each run and each merge at least; a merge of two long runs takes several.
      expect(turns).toBeGreaterThanOrEqual(runs + Math.max(0, runs - 1));
      if (n >= 64) expect(turns).toBeGreaterThan(runs + runs - 1);
      // No turn does more than sorting one run (at most 10 compares for 5) or a run's length of a merge.
      expect(Math.max(most, compares)).toBeLessThanOrEqual(10);
    }
  });
});
