import type { RealtimeRecord } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { SeqOrder, type Timers } from './realtime-order';

/** A clock that moves only when told, with the timers due on it. */
class ManualTimers implements Timers {
  now = 0;
  private nextId = 1;
  private readonly due = new Map<number, { at: number; run: () => void }>();

  setTimeout(run: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.due.set(id, { at: this.now + ms, run });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.due.delete(handle as number);
  }

  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const [id, next] = [...this.due].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
      if (id === undefined || !next || next.at > until) break;
      this.due.delete(id);
      this.now = next.at;
      next.run();
    }
    this.now = until;
  }
}

const record = (seq: number): RealtimeRecord => ({
  id: 1000 + seq,
  seq,
  room: 'rooms/1',
  type: 'message',
  payload: { seq },
  createdAt: '2026-11-23T10:00:00.000Z',
});

const GAP_MS = 2_000;

function setup() {
  const timers = new ManualTimers();
  const delivered: number[] = [];
  const fetches: number[] = [];
  const order = new SeqOrder({
    gapTimeoutMs: GAP_MS,
    deliver: (r) => delivered.push(r.seq),
    fetchGap: () => fetches.push(timers.now),
    timers,
  });
  order.lastSeq = 0;
  return { timers, delivered, fetches, order };
}

describe('realtime record order and gaps', () => {
  it('fetches a hole gapTimeoutMs after it is first seen although records keep arriving (busy room)', () => {
    const { timers, delivered, fetches, order } = setup();
    order.take(record(1));
    // Seq 2 is lost; from here on a record arrives every 50 ms (20 a second).
    let seq = 3;
    order.take(record(seq++));
    const firstSeen = timers.now;
    while (timers.now - firstSeen < 5_000) {
      timers.advance(50);
      order.take(record(seq++));
    }
    // Fetched when first due, and again every gapTimeoutMs while the server has not filled it.
    expect(fetches).toEqual([firstSeen + GAP_MS, firstSeen + 2 * GAP_MS]);
    // What is contiguous was shown; nothing after the hole was.
    expect(delivered).toEqual([1]);
    expect(order.waiting.size).toBe(seq - 3);
  });

  it('delivers the held records in order once the fetched one comes, and arms no timer after', () => {
    const { timers, delivered, fetches, order } = setup();
    order.take(record(1));
    order.take(record(3));
    order.take(record(4));
    timers.advance(GAP_MS);
    expect(fetches).toHaveLength(1);
    // The server's answer brings seq 2 (and a repeat of 3).
    order.hold(record(2));
    order.hold(record(3));
    order.drain();
    expect(delivered).toEqual([1, 2, 3, 4]);
    timers.advance(10 * GAP_MS);
    expect(fetches).toHaveLength(1);
  });

  it('a hole that fills by itself is never fetched; repeats are dropped', () => {
    const { timers, delivered, fetches, order } = setup();
    order.take(record(2));
    timers.advance(GAP_MS - 1);
    order.take(record(1));
    order.take(record(2));
    timers.advance(10 * GAP_MS);
    expect(delivered).toEqual([1, 2]);
    expect(fetches).toEqual([]);
  });

  it('a hole still open after a fetch is fetched again gapTimeoutMs after the next record shows it', () => {
    const { timers, fetches, order } = setup();
    order.take(record(3));
    timers.advance(GAP_MS);
    expect(fetches).toEqual([GAP_MS]);
    // The fetch could not happen (say, offline): the next record arms a fresh timer.
    timers.advance(500);
    order.take(record(4));
    timers.advance(GAP_MS);
    expect(fetches).toEqual([GAP_MS, 2 * GAP_MS + 500]);
  });

  it('stop() cancels a pending fetch', () => {
    const { timers, fetches, order } = setup();
    order.take(record(5));
    order.stop();
    timers.advance(10 * GAP_MS);
    expect(fetches).toEqual([]);
  });

  it('E7.84 records that came before the first subscribe answer are delivered, not taken as seen', () => {
    const { delivered, fetches, order, timers } = setup();
    order.lastSeq = null; // no answer yet: the user's room pushes 41 and 42 meanwhile
    order.hold(record(41));
    order.hold(record(42));
    order.start(42); // the server's answer: the room is at 42
    order.drain();
    expect(delivered).toEqual([41, 42]);
    order.take(record(42)); // a repeat is dropped
    order.take(record(43));
    expect(delivered).toEqual([41, 42, 43]);
    timers.advance(GAP_MS * 2);
    expect(fetches).toEqual([]);
  });

  it('E7.84 without records before it, the first answer starts after its lastSeq; a hole among early ones is fetched', () => {
    const quiet = setup();
    quiet.order.lastSeq = null;
    quiet.order.start(17);
    quiet.order.take(record(17));
    quiet.order.take(record(18));
    expect(quiet.delivered).toEqual([18]);

    const holed = setup();
    holed.order.lastSeq = null;
    holed.order.hold(record(5));
    holed.order.hold(record(7));
    holed.order.start(7);
    holed.order.drain();
    expect(holed.delivered).toEqual([5]);
    holed.timers.advance(GAP_MS);
    expect(holed.fetches).toEqual([GAP_MS]);
  });
});
