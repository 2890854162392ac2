import { describe, expect, it } from 'vitest';
import { perTurn } from './per-turn';

/** A stand-in database key and a run that records each batch it was given. */
function recorder(max: number, fail: (asks: readonly number[]) => boolean = () => false) {
  const batches: number[][] = [];
  const ask = perTurn(max, async (_db: object, asks: readonly number[]) => {
    batches.push([...asks]);
    if (fail(asks)) throw new Error(`batch ${batches.length} failed`);
    return asks.map((n) => n * 10);
  });
  return { ask, batches };
}

describe('perTurn', () => {
  it('answers the asks of one turn with one run, each with its own answer', async () => {
    const { ask, batches } = recorder(100);
    const db = {};
    const answers = await Promise.all([3, 1, 2, 3].map((n) => ask(db, n)));
    expect(answers).toEqual([30, 10, 20, 30]);
    expect(batches).toEqual([[3, 1, 2, 3]]);
  });

  it('an ask of a later turn goes in a new batch', async () => {
    const { ask, batches } = recorder(100);
    const db = {};
    const first = ask(db, 1);
    await new Promise<void>((resolve) => setImmediate(resolve));
    const second = ask(db, 2);
    expect(await Promise.all([first, second])).toEqual([10, 20]);
    expect(batches).toEqual([[1], [2]]);
  });

  it('holds at most `max` asks a batch, and keeps databases apart', async () => {
    const { ask, batches } = recorder(2);
    const a = {};
    const b = {};
    const answers = await Promise.all([ask(a, 1), ask(b, 7), ask(a, 2), ask(a, 3)]);
    expect(answers).toEqual([10, 70, 20, 30]);
    expect(batches.sort((x, y) => x[0]! - y[0]!)).toEqual([[1, 2], [3], [7]]);
  });

  it('a failed run fails the asks of its batch only', async () => {
    const { ask } = recorder(2, (asks) => asks.includes(2));
    const db = {};
    const settled = await Promise.allSettled([ask(db, 1), ask(db, 2), ask(db, 3)]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(settled[2]).toMatchObject({ value: 30 });
  });

  it('a run that answers too few asks fails them instead of answering undefined', async () => {
    const ask = perTurn(10, async (_db: object, asks: readonly number[]) => asks.slice(1));
    const db = {};
    const settled = await Promise.allSettled([ask(db, 1), ask(db, 2)]);
    expect(settled[0]).toMatchObject({ status: 'fulfilled', value: 2 });
    expect(settled[1]).toMatchObject({ status: 'rejected' });
  });
});
