import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { seededDemo } from '../../test/demo';
import { makeEvent, makePerson, tokenHeaders } from '../../test/factories';
import { createTestApp } from '../../test/helper';
import { injectSend, learn, registeredRoutes, urlOf } from './fuzz-routes.testing';

/**
 * The console's permission matrix (A6.02, A6.09), checked on every console route of one event: a
 * request the event's owner gets through is sent again by each other role, and each role gets what
 * `canUseConsoleArea` and `canOwnEvent` give it, route by route.
 */

/**
 * What check-in staff reach in the console: the event's summary (the console's header) and nothing
 * else. They check people in on the door's own screens; setting up areas and naming staff is the
 * organizers' (`METHOD path` patterns).
 */
const STAFF_ROUTES = [/^GET \/api\/v1\/organizer\/event\/:eventId$/];
/** What only an owner does: archive or restore the event, and hand out integration keys and hooks. */
const OWNER_ROUTES = [/\/archive$/, /\/restore$/, /\/integrations/];

type Role = 'anonymous' | 'attendee' | 'exhibitor' | 'staff' | 'admin' | 'outsider' | 'deleted';

/** What a role may get: 'in' (past authorization: anything but 401/403), or the refusal's status. */
function expected(role: Role, route: { method: string; url: string }): 'in' | 401 | 403 {
  if (role === 'anonymous' || role === 'deleted') return 401;
  if (role === 'attendee' || role === 'exhibitor' || role === 'outsider') return 403;
  if (role === 'staff') return STAFF_ROUTES.some((r) => r.test(`${route.method} ${route.url}`)) ? 'in' : 403;
  return OWNER_ROUTES.some((r) => r.test(route.url)) ? 403 : 'in';
}

describe('the console permission matrix', () => {
  it('A6.02 A6.09 E6.38 every console route of an event: who gets in and who is refused, by role', async () => {
    const t = await createTestApp();
    try {
      const { demo, organizer: owner, attendee, exhibitor } = await seededDemo(t.ctx);
      const ownerRole = await t.ctx.db
        .selectFrom('participants')
        .select('organizer_role')
        .where('event_id', '=', demo.id)
        .where('user_id', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(ownerRole.organizer_role).toBe('owner');
      const staff = await makePerson(t.ctx, demo.id, { checkInAdmin: true });
      const admin = await makePerson(t.ctx, demo.id, { organizer: true, organizerRole: 'admin' });
      // The owner of another event, who is not in this one.
      const elsewhere = await makeEvent(t.ctx);
      const outsider = await makePerson(t.ctx, elsewhere.id, { organizer: true, organizerRole: 'owner' });
      const gone = await makePerson(t.ctx, demo.id, { organizer: true, organizerRole: 'owner' });
      const headers: Record<Role, Record<string, string>> = {
        anonymous: {},
        attendee: await tokenHeaders(t.ctx, attendee.id),
        exhibitor: await tokenHeaders(t.ctx, exhibitor.id),
        staff: staff.headers,
        admin: admin.headers,
        outsider: outsider.headers,
        // A token still valid for an account deleted since (A7.10).
        deleted: gone.headers,
      };
      await t.ctx.db.deleteFrom('users').where('id', '=', gone.userId).execute();
      const ownerHeaders = await tokenHeaders(t.ctx, owner.id);

      const send = injectSend(t.app);

      // Deletions last, the restore after the archive: the event stays set up while routes are tried.
      const order = (r: { method: string; url: string }) =>
        (r.method === 'DELETE' ? 2 : 0) + (r.url.endsWith('/archive') || r.url.endsWith('/restore') ? 1 : 0);
      const routes = registeredRoutes(t.app)
        .filter((r) => r.url.startsWith('/api/v1/organizer/') && r.params.includes('eventId'))
        .sort(
          (a, b) =>
            order(a) - order(b) ||
            (a.url.endsWith('/restore') ? 1 : 0) - (b.url.endsWith('/restore') ? 1 : 0),
        );
      expect(routes.length).toBeGreaterThan(40);

      const wrong: string[] = [];
      const unlearned: string[] = [];
      let reached = 0;
      for (const route of routes) {
        const learned = await learn(send, route, ownerHeaders, { eventId: demo.id });
        const owned = learned.answer.status;
        if (owned === 401 || owned === 403) {
          wrong.push(`${route.method} ${route.url}: the owner was refused (${owned})`);
          continue;
        }
        if (owned >= 300) {
          // The request was not learned whole: the other roles are only checked for not getting in.
          unlearned.push(`${route.method} ${route.url} (${owned})`);
        }
        if (owned < 300) reached += 1;
        const again = (role: Role): InjectOptions => ({
          method: route.method as InjectOptions['method'],
          url: urlOf(route, learned.params),
          query: learned.query,
          headers: headers[role],
          ...(learned.body ? { payload: learned.body } : {}),
        });
        for (const role of Object.keys(headers) as Role[]) {
          const { status } = await send(again(role));
          const want = expected(role, route);
          const ok =
            want === 'in' ? status !== 401 && status !== 403 : owned < 300 ? status === want : status >= 400; // a request the owner could not make whole: no one else gets it through

          if (!ok) wrong.push(`${route.method} ${route.url}: ${role} got ${status}, expected ${want}`);
        }
      }
      // Most routes were reached with a request the owner gets through.
      if (process.env.MATRIX_DEBUG) console.log(`${reached} of ${routes.length} reached; not:`, unlearned);
      expect(reached).toBeGreaterThan(routes.length / 2);
      expect(wrong, wrong.join('\n')).toEqual([]);
    } finally {
      await t.close();
    }
  }, 240_000);
});

/**
 * What any signed-in person may ask of an event they are not in: its public face (to find and join
 * it: by its code, its public page, and the details of a public event).
 */
const OPEN_TO_ANY_USER = [
  'GET /api/v1/event/code/:code',
  'GET /api/v1/event/:eventId/public',
  'GET /api/v1/event/:eventId',
];

describe("an event's routes and people from elsewhere", () => {
  it("A6.09 every route an attendee gets through with the event's id: someone from another event is refused", async () => {
    const t = await createTestApp();
    try {
      const { demo, attendee } = await seededDemo(t.ctx);
      const attendeeHeaders = await tokenHeaders(t.ctx, attendee.id);
      const elsewhere = await makeEvent(t.ctx);
      const outsider = await makePerson(t.ctx, elsewhere.id, { organizer: true, organizerRole: 'owner' });
      const send = injectSend(t.app);
      const routes = registeredRoutes(t.app).filter(
        (r) =>
          r.url.startsWith('/api/v1/') && !r.url.startsWith('/api/v1/organizer/') && r.method !== 'DELETE',
      );
      const through: string[] = [];
      let checked = 0;
      for (const route of routes) {
        const learned = await learn(send, route, attendeeHeaders, { eventId: demo.id });
        if (learned.answer.status >= 300) continue;
        const id = String(demo.id);
        const named = [learned.params.eventId, learned.query.eventId, learned.body?.eventId];
        if (!named.some((value) => String(value) === id)) continue;
        checked += 1;
        const res = await send({
          method: route.method as InjectOptions['method'],
          url: urlOf(route, learned.params),
          query: learned.query,
          headers: outsider.headers,
          ...(learned.body ? { payload: learned.body } : {}),
        });
        const name = `${route.method} ${route.url}`;
        if (res.status < 300 && !OPEN_TO_ANY_USER.includes(name)) through.push(`${name} → ${res.status}`);
      }
      expect(checked).toBeGreaterThan(40);
      expect(through).toEqual([]);
    } finally {
      await t.close();
    }
  }, 240_000);
});
