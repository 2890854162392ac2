import type { RealtimeRecord } from '@foyer/contract';

/** setTimeout/clearTimeout, injectable so the gap rule is testable without waiting. */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SeqOrderOptions {
  /** How long after a hole is first seen it is fetched, however many records arrive meanwhile. */
  gapTimeoutMs: number;
  /** Hands one record on (exactly once, in seq order). */
  deliver(record: RealtimeRecord): void;
  /** A hole stayed open for gapTimeoutMs: ask the server for what follows lastSeq. */
  fetchGap(): void;
  timers?: Timers;
}

/**
 * One room's records in seq order: delivers every record whose predecessors were delivered, holds
 * the ones that arrived ahead of a missing seq, and drops repeats. A hole (a held record with a
 * missing one before it) starts ONE timer when it is first seen; records arriving meanwhile do not
 * restart it, so a push lost in a busy room is fetched within gapTimeoutMs, not after the room
 * falls quiet.
 */
export class SeqOrder {
  /** Every record up to this seq was delivered; null until the first subscribe answer. */
  lastSeq: number | null = null;
  /** Records ahead of lastSeq + 1, by seq. */
  readonly waiting = new Map<number, RealtimeRecord>();
  private gapTimer: unknown;
  private readonly timers: Timers;

  constructor(private readonly options: SeqOrderOptions) {
    this.timers = options.timers ?? realTimers;
  }

  /** Keeps a record without delivering (no starting point yet, or a subscribe in flight). */
  hold(record: RealtimeRecord): void {
    this.waiting.set(record.seq, record);
  }

  /**
   * The first subscribe answer: the server holds the room up to `lastSeq`. Records the socket got
   * before that answer (a user's own room is joined at connection, any other room at its join) were
   * written after the screen's HTTP loads may have been answered: they are delivered, not taken as
   * seen. Without such records, delivery starts after `lastSeq`.
   */
  start(lastSeq: number): void {
    let first = lastSeq + 1;
    for (const seq of this.waiting.keys()) if (seq < first) first = seq;
    this.lastSeq = first - 1;
  }

  /** A record pushed live. */
  take(record: RealtimeRecord): void {
    if (this.lastSeq !== null && record.seq <= this.lastSeq) return;
    this.waiting.set(record.seq, record);
    this.drain();
  }

  /** Delivers what is next in line; (re)arms the gap timer only if no hole was open before. */
  drain(): void {
    const lastSeq = this.lastSeq ?? 0;
    for (const seq of this.waiting.keys()) if (seq <= lastSeq) this.waiting.delete(seq);
    for (let next = this.waiting.get(lastSeq + 1); next; next = this.waiting.get(next.seq + 1)) {
      this.waiting.delete(next.seq);
      this.lastSeq = next.seq;
      this.options.deliver(next);
    }
    if (this.waiting.size === 0) {
      this.stop();
    } else if (this.gapTimer === undefined) {
      // A hole: the missing record may be overtaken in flight; if it does not come, fetch it.
      this.gapTimer = this.timers.setTimeout(() => {
        this.gapTimer = undefined;
        if (this.waiting.size > 0) this.options.fetchGap();
      }, this.options.gapTimeoutMs);
    }
  }

  /** Forgets the gap timer (the room was left, the client closed). */
  stop(): void {
    if (this.gapTimer === undefined) return;
    this.timers.clearTimeout(this.gapTimer);
    this.gapTimer = undefined;
  }
}
