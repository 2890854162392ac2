import { localDayIn, type SlotDay, type TimeSlot } from '@foyer/contract';
import { formatDay, formatTime, useZone } from '../../../lib/format-date';

/** The zone times are shown in: the profile's, else the browser's (as everywhere in the app). */
export function useDisplayZone(): string {
  return useZone().zone;
}

/** HH:mm of an instant in a zone (E2.46 time buttons): the app's one formatter. */
export const timeOf = (iso: string, zone: string): string => formatTime(iso, zone, 'en-GB');

/** `yyyy-LL-dd` → a readable day in the user's language, e.g. "Wed 25 Nov". */
export const dayLabel = formatDay;

/** A meeting's time as `yyyy-LL-dd HH:mm–HH:mm` in the zone. */
export function rangeOf(sdt: string, edt: string, zone: string): string {
  return `${localDayIn(zone, Date.parse(sdt))} ${timeOf(sdt, zone)}–${timeOf(edt, zone)}`;
}

/** The server groups slots by the event's days; the picker shows the days of the user's zone. */
export function slotsByDay(days: readonly SlotDay[], zone: string): SlotDay[] {
  const grouped = new Map<string, TimeSlot[]>();
  for (const slot of days.flatMap((d) => d.slots)) {
    const day = localDayIn(zone, Date.parse(slot.sdt));
    grouped.set(day, [...(grouped.get(day) ?? []), slot]);
  }
  return [...grouped.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, slots]) => ({ date, slots: slots.sort((a, b) => a.sdt.localeCompare(b.sdt)) }));
}
