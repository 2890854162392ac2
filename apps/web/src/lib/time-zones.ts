/** The device's IANA zone (A4.25), UTC when the browser will not say. */
export function localTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

let known: readonly string[] | null = null;

/** Every zone the browser knows (some, like Chrome's and Node's, leave out UTC itself). */
function knownZones(): readonly string[] {
  known ??= (() => {
    try {
      return Intl.supportedValuesOf('timeZone');
    } catch {
      return [];
    }
  })();
  return known;
}

/**
 * The options of a time zone picker: UTC, every zone the browser knows, and any the caller needs
 * listed (the account's and the device's zone, which the list may lack), each exactly once. A picker
 * refuses a list with a zone twice, so the account's zone and the device's may be the same one.
 */
export function timezoneOptions(...needed: (string | null | undefined)[]): string[] {
  const zones = knownZones();
  const listed = new Set(zones);
  const extra = [...new Set(needed.filter((zone): zone is string => !!zone && !listed.has(zone)))];
  const utc = listed.has('UTC') || extra.includes('UTC') ? [] : ['UTC'];
  return [...extra, ...utc, ...zones];
}
