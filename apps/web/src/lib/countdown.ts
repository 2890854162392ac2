/** E9.47: the countdown's parts, each zero-padded to two digits (days may run longer). */
export interface CountdownParts {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
  /** The same numbers, for a spoken label. */
  values: { days: number; hours: number; minutes: number; seconds: number };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left until `target`, or null once it has come (or when `target` is not a date). */
export function countdown(target: string | Date, now: number): CountdownParts | null {
  const left = Math.floor((new Date(target).getTime() - now) / 1000);
  if (!Number.isFinite(left) || left <= 0) return null;
  const values = {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
  return {
    days: pad(values.days),
    hours: pad(values.hours),
    minutes: pad(values.minutes),
    seconds: pad(values.seconds),
    values,
  };
}
