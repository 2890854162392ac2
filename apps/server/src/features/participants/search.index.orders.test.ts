import { describe, expect, it } from 'vitest';
import { random } from '../../../test/random';
import { smallest } from './search.index.orders';

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
