import type { Dashboard } from '@foyer/contract';

/** Pure shaping of the dashboard's figures for the charts (no React, tested in node). */

type Areas = Dashboard['checkins']['areas'];
type ByHour = Dashboard['checkins']['byHour'];

export interface Series {
  key: string;
  name: string;
}

/** The key of an area's series in a pivoted row. */
export const areaKey = (areaId: number) => `area${areaId}`;

/**
 * Check-ins per hour, one row per hour with a count per area (0 where none), and one series per
 * area that has check-ins, named by `nameOf` (the whole event has no name of its own).
 */
export function pivotCheckins(
  byHour: ByHour,
  areas: Areas,
  nameOf: (area: Areas[number]) => string,
): { rows: Record<string, string | number>[]; series: Series[] } {
  const used = new Set(byHour.map((r) => r.areaId));
  const series = areas.filter((a) => used.has(a.id)).map((a) => ({ key: areaKey(a.id), name: nameOf(a) }));
  const rows = new Map<string, Record<string, string | number>>();
  for (const { hour, areaId, count } of byHour) {
    let row = rows.get(hour);
    if (!row) {
      row = { hour, ...Object.fromEntries(series.map((s) => [s.key, 0])) };
      rows.set(hour, row);
    }
    row[areaKey(areaId)] = count;
  }
  return { rows: [...rows.values()].sort((a, b) => String(a.hour).localeCompare(String(b.hour))), series };
}

export interface SessionBar {
  id: number;
  name: string;
  joined: number;
  /** Places left; null for a session without a capacity. */
  free: number | null;
  capacity: number | null;
}

/** How full a session is: joined over capacity, or 0 without a capacity (it cannot fill up). */
const fill = (s: { joined: number; capacity: number | null }) =>
  s.capacity && s.capacity > 0 ? s.joined / s.capacity : 0;

/** The `limit` fullest sessions (then by most joined), for the horizontal bars. */
export function sessionBars(sessions: Dashboard['sessions'], limit: number): SessionBar[] {
  return [...sessions]
    .sort((a, b) => fill(b) - fill(a) || b.joined - a.joined || a.id - b.id)
    .slice(0, limit)
    .map((s) => ({
      id: s.id,
      name: s.name,
      joined: s.joined,
      capacity: s.capacity,
      free: s.capacity === null ? null : Math.max(s.capacity - s.joined, 0),
    }));
}

/** `yyyy-LL-dd HH:00` → `LL-dd HH:00` for an axis tick; `yyyy-LL-dd` → `LL-dd`. */
export function shortLabel(value: string): string {
  return /^\d{4}-/.test(value) ? value.slice(5) : value;
}

/** Share of `part` in `whole` as a whole percentage (0 when there is no whole). */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}
