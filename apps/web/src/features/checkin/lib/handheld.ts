/**
 * E9.32: a handheld scanner types the code like a keyboard. What it typed is taken 1000 ms after the
 * typing stops (scanners that send no Enter), or at once on Enter; the field is cleared either way.
 */
export const HANDHELD_IDLE_MS = 1000;

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class HandheldBuffer {
  private timer: unknown = null;
  private value = '';

  constructor(
    private readonly submit: (code: string) => void,
    private readonly timers: Timers = browserTimers,
    private readonly idleMs: number = HANDHELD_IDLE_MS,
  ) {}

  /** The field's text changed: wait for the typing to stop. */
  input(value: string): void {
    this.value = value;
    this.stopTimer();
    if (value.trim()) this.timer = this.timers.set(() => this.flush(), this.idleMs);
  }

  /** Enter: take it now. */
  enter(value: string = this.value): void {
    this.value = value;
    this.flush();
  }

  /** The field went away (mode change, modal closed): nothing is sent later. */
  cancel(): void {
    this.stopTimer();
    this.value = '';
  }

  private flush(): void {
    this.stopTimer();
    const code = this.value;
    this.value = '';
    if (code.trim()) this.submit(code);
  }

  private stopTimer(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}
