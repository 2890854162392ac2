import { localDayIn, type SlotDay, type TimeSlot } from '@foyer/contract';
import { useSession } from '../../../lib/session-store';

/** The zone times are shown in: the profile's, else the browser's (as everywhere in the app). */
export function useDisplayZone(): string {
  const zone = useSession((state) => state.user?.timezone ?? null);
  return zone || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, options: Intl.DateTimeFormatOptions, locale = 'en-GB') {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formatters.set(key, found);
  }
  return found;
}

/** HH:mm of an instant in a zone (E2.46 time buttons). */
export function timeOf(iso: string, zone: string): string {
  return formatter(zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** `yyyy-LL-dd` → a readable day in the user's language, e.g. "Wed 25 Nov". */
export function dayLabel(day: string, locale: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return formatter('UTC', { weekday: 'short', day: 'numeric', month: 'short' }, locale).format(
    new Date(Date.UTC(y, m - 1, d, 12)),
  );
}

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
