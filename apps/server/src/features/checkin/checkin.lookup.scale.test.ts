import type { CheckInLookup } from '@foyer/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { doorApi, engine } from './checkin.fixtures';
import { lookupQuery } from './checkin.lookup.repository';

const t = useTestApp();

const ATTENDEES = 50_000;

describe(`desk lookup at 50,000 attendees (${engine})`, () => {
  it('E7.04 every field is an index range, never a scan of the event; common and rare prefixes find their people', async () => {
    const door = doorApi(t);
    const { event, staff } = await door.setup();
    await sql`
      INSERT INTO participants (event_id, email, name, surname, ticket_id)
      SELECT ${event.id}, 'scale-' || ${String(event.id)} || '-' || n || '@x.test',
             (ARRAY['Ana', 'Ben', 'Cem', 'Dina', 'Emre', 'Fatma', 'Gul', 'Hakan'])[1 + n % 8] || n,
             (ARRAY['Yilmaz', 'Kaya', 'Demir', 'Sahin', 'Celik'])[1 + n % 5],
             'SC' || ${String(event.id)} || 'X' || n
        FROM generate_series(1, ${ATTENDEES}::int) AS n`.execute(t.ctx.db);
    await sql`ANALYZE participants`.execute(t.ctx.db);

    // A rare prefix is an index range on every field (a common one may rightly be a short scan that
    // stops at the eleventh match: the timings below cover those).
    for (const q of ['zz', 'hakan1234', `scale-${event.id}-4242`, `SC${event.id}X4242`]) {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${lookupQuery(event.id, q)}`.execute(
        t.ctx.db,
      );
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan, plan).not.toMatch(/Seq Scan on participants/);
      for (const index of ['name', 'surname', 'email']) {
        expect(plan, plan).toContain(`participants_lookup_${index}`);
      }
      // The ticket field is a range on either ticket index (the event's or the unique one): the
      // planner picks by its statistics, both read only the matching tickets.
      expect(plan, plan).toMatch(/participants_lookup_ticket|participants_ticket_id_key/);
    }

    const ask = (q: string) =>
      door.api<CheckInLookup>(staff, 'GET', `/event/participant/checkIn/lookup?eventId=${event.id}&q=${q}`);
    await ask('an'); // warm: the first request also loads the route's code
    for (const [q, found] of [
      ['an', 10],
      ['ka', 10],
      ['sc', 10],
      ['zz', 0],
      ['hakan12343', 1],
    ] as const) {
      // How fast is the door bench's business (bench/door.ts), not a timed test's.
      const res = await ask(q);
      expect(res.body.data?.items, q).toHaveLength(found);
    }
  }, 180_000);
});
