import type { Insertable } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema';

type EventRow = Insertable<DB['events']>;

/** An event row as the benches make them: the name, the kind and the days vary, the rest is empty. */
export function benchEvent(
  name: string,
  {
    type = 'online',
    start = new Date('2030-01-01T09:00:00Z'),
    end = start,
  }: {
    type?: EventRow['event_type'];
    start?: Date;
    end?: Date;
  } = {},
): EventRow {
  return {
    name,
    event_type: type,
    start_date: start,
    real_sdt: start,
    real_edt: end,
    registration_form: '[]',
    images: '{}',
    colors: '{}',
    pages: '{}',
    tabs: '[]',
    translation: '{}',
  };
}
