/** The device's IANA zone (A4.25), UTC when the browser will not say. */
export function localTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

let zones: string[] | null = null;

/** Every zone the browser knows, plus any the caller needs listed (a stored zone it lacks). */
export function timezoneOptions(...extra: (string | null | undefined)[]): string[] {
  zones ??= (() => {
    try {
      return Intl.supportedValuesOf('timeZone');
    } catch {
      return ['UTC'];
    }
  })();
  const missing = extra.filter((z): z is string => !!z && !zones?.includes(z));
  return missing.length > 0 ? [...missing, ...zones] : zones;
}
