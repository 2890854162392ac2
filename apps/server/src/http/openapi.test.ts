import { type ApiRoute, apiRoutes, type LoginResult } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seededDemo } from '../../test/demo';
import { call, createTestApp, type TestApp } from '../../test/helper';
import { DEMO_PASSWORD, LOGINS } from '../seed/demo-content';
import { registeredRoutes } from './fuzz-routes.testing';
import { type buildOpenApiDocument, DOCS_PREFIX, OPENAPI_PATH } from './openapi';

const API = '/api/v1';
const byKey = new Map(apiRoutes.map((route) => [`${route.method} ${API}${route.path}`, route]));

/** The route's answer validates against its schema, and the schema knows every field it carries. */
function expectConforms(route: ApiRoute, data: unknown, who: string) {
  const parsed = route.response.safeParse(data);
  expect(parsed.error?.issues ?? [], `${route.method} ${route.path} as ${who}`).toEqual([]);
  // Objects strip fields they do not declare: a field the schema does not know shows up here.
  expect(parsed.data, `${route.method} ${route.path} as ${who}: undeclared fields`).toEqual(data);
}

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it('covers every registered route under /api/v1, and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const document = res.json() as ReturnType<typeof buildOpenApiDocument>;
    expect(document.openapi).toBe('3.1.0');

    const registered = registeredRoutes(t.app)
      .filter((route) => route.url.startsWith(`${API}/`))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(registered);
    expect(registered.length).toBeGreaterThan(100);

    // Unique operation ids; every $ref resolves to a component.
    const ids = apiRoutes.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      (m) => m[1] ?? '',
    );
    const missing = [...new Set(refs)].filter((id) => !(id in document.components.schemas));
    expect(missing).toEqual([]);
  });

  it('serves the reference page with the bundled renderer and a CSP that allows only its own script', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('js/scalar.js');
    expect(page.body).toContain(OPENAPI_PATH);
    expect(page.body).not.toMatch(/https?:\/\/(?!json-schema|spec\.openapis)/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'[^;]* 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("'unsafe-inline' 'sha256");
    const script = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/js/scalar.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect((await t.app.inject({ method: 'GET', url: DOCS_PREFIX })).statusCode).toBe(301);
  });

  it('real answers on the demo event validate against their schemas', async () => {
    const { demo } = await seededDemo(t.ctx);
    const eventId = demo.id;
    const headersOf = async (username: string) => {
      const res = await call<LoginResult>(t.app, {
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { username, password: DEMO_PASSWORD },
      });
      expect(res.status).toBe(200);
      return { authorization: `Bearer ${res.body.data!.accessToken}` };
    };
    const as = {
      attendee: await headersOf(LOGINS.attendee),
      organizer: await headersOf(LOGINS.organizer),
      exhibitor: await headersOf(LOGINS.exhibitor),
    };
    const participantOf = async (username: string) =>
      (
        await t.ctx.db
          .selectFrom('participants')
          .innerJoin('users', 'users.id', 'participants.user_id')
          .select('participants.id')
          .where('users.username', '=', username)
          .where('participants.event_id', '=', eventId)
          .executeTakeFirstOrThrow()
      ).id;
    const exhibitorPid = await participantOf(LOGINS.exhibitor);
    const attendeePid = await participantOf(LOGINS.attendee);

    const validated = new Set<string>();
    /** Calls a catalogued route and checks its answer; returns the data for the next steps. */
    const sample = async <T = unknown>(
      who: keyof typeof as | 'anonymous',
      method: ApiRoute['method'],
      url: string,
      payload?: unknown,
    ): Promise<T> => {
      const path = url.split('?')[0] ?? url;
      // As the router does: a static segment wins over a parameter (/event/lobby is not /event/:eventId).
      const route = [...byKey.values()]
        .filter(
          (r) =>
            r.method === method &&
            new RegExp(`^${API}${r.path.replace(/:\w+/g, '[^/]+').replace(/\./g, '\\.')}$`).test(path),
        )
        .sort((a, b) => a.path.split(':').length - b.path.split(':').length)[0];
      expect(route, `${method} ${path} is in the catalogue`).toBeDefined();
      const res = await t.app.inject({
        method,
        url,
        headers: who === 'anonymous' ? {} : as[who],
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode, `${method} ${url} as ${who}: ${res.body.slice(0, 300)}`).toBe(200);
      if (route!.produces) {
        expect(res.headers['content-type']).toContain([route!.produces].flat()[0]);
        validated.add(route!.id);
        return res.body as T;
      }
      const body = res.json() as { success: boolean; data: unknown };
      expect(body.success).toBe(true);
      expectConforms(route!, body.data, who);
      validated.add(route!.id);
      return body.data as T;
    };

    // Public and account routes.
    await sample('anonymous', 'GET', `${API}/health`);
    await sample('anonymous', 'GET', `${API}/client-config`);
    await sample('anonymous', 'GET', `${API}/event/domain/demo`);
    await sample('anonymous', 'GET', `${API}/event/${eventId}/public`);
    for (const who of ['attendee', 'organizer', 'exhibitor'] as const) {
      await sample(who, 'GET', `${API}/user/profile`);
      await sample(who, 'GET', `${API}/user/email`);
      await sample(who, 'GET', `${API}/event`);
      await sample(who, 'GET', `${API}/event/${eventId}`);
      await sample(who, 'GET', `${API}/event/participant/me?eventId=${eventId}`);
      await sample(who, 'GET', `${API}/event/participant/wizard?eventId=${eventId}`);
      await sample(who, 'GET', `${API}/event/${eventId}/presence`);
      await sample(who, 'GET', `${API}/event/lobby?eventId=${eventId}`);
      await sample(who, 'GET', `${API}/event/agenda?eventId=${eventId}`);
      await sample(who, 'GET', `${API}/event/invitations?eventId=${eventId}`);
      await sample(who, 'GET', `${API}/event/meetings?eventId=${eventId}`);
      await sample(who, 'GET', `${API}/event/member?eventId=${eventId}`);
      await sample(who, 'GET', `${API}/notifications`);
      await sample(who, 'GET', `${API}/notifications/counts`);
      await sample(who, 'GET', `${API}/chat/rooms?eventId=${eventId}`);
      await sample(who, 'GET', `${API}/chat/unread`);
      await sample(who, 'GET', `${API}/contact?eventId=${eventId}`);
      await sample(who, 'GET', `${API}/event/poll?eventId=${eventId}`);
      await sample(who, 'GET', `${API}/event/post?eventId=${eventId}`);
    }

    // Directory, profiles, booths, sessions, speakers.
    await sample('attendee', 'POST', `${API}/event/participant/search2`, { eventId });
    await sample('attendee', 'GET', `${API}/event/participant/${exhibitorPid}?eventId=${eventId}`);
    await sample('organizer', 'GET', `${API}/event/participant/${attendeePid}?eventId=${eventId}`);
    await sample('attendee', 'GET', `${API}/event/participant/viewed?eventId=${eventId}`);
    await sample('attendee', 'GET', `${API}/event/participant/recommendations?eventId=${eventId}`);
    await sample('attendee', 'POST', `${API}/event/participant/tag`, {
      eventId,
      participantId: exhibitorPid,
      tag: 'fav',
      on: true,
    });
    const booths = await sample<{ id: number }[]>('attendee', 'GET', `${API}/event/booth?eventId=${eventId}`);
    await sample('attendee', 'GET', `${API}/event/booth/${booths[0]!.id}?eventId=${eventId}`);
    await sample('exhibitor', 'GET', `${API}/event/booth/${booths[0]!.id}?eventId=${eventId}`);
    await sample('exhibitor', 'GET', `${API}/event/member/candidates?eventId=${eventId}`);
    const page = await sample<{ sessions: { id: number }[] }>(
      'attendee',
      'GET',
      `${API}/event/${eventId}/sessions`,
    );
    await sample('attendee', 'GET', `${API}/event/${eventId}/sessions/facets`);
    for (const session of page.sessions.slice(0, 5)) {
      await sample('attendee', 'GET', `${API}/event/${eventId}/sessions/${session.id}`);
    }
    await sample('attendee', 'GET', `${API}/event/${eventId}/sessions/${page.sessions[0]!.id}/calendar.ics`);
    const speakers = await sample<{ id: number }[]>('attendee', 'GET', `${API}/event/${eventId}/speakers`);
    await sample('attendee', 'GET', `${API}/event/${eventId}/speakers/${speakers[0]!.id}`);
    await sample('attendee', 'GET', `${API}/event/participant/calendar?eventId=${eventId}`);
    await sample('attendee', 'GET', `${API}/event/participant/calendar.ics?eventId=${eventId}`);
    await sample('organizer', 'GET', `${API}/event/participant/checkIn/areas?eventId=${eventId}`);
    await sample('organizer', 'GET', `${API}/event/participant/checkIn/list?eventId=${eventId}`);
    await sample(
      'organizer',
      'GET',
      `${API}/event/participant/badge?eventId=${eventId}&participantId=${attendeePid}`,
    );
    await sample('organizer', 'POST', `${API}/event/participant/checkIn`, {
      eventId,
      checkIn: true,
      participantId: attendeePid,
    });
    await sample('attendee', 'PUT', `${API}/event/${eventId}/presence`, { present: 'online' });

    // A meeting from invitation to acceptance, seen from both sides.
    await sample(
      'attendee',
      'GET',
      `${API}/event/meeting/status?eventId=${eventId}&participantId=${exhibitorPid}`,
    );
    const invitation = await sample<{ id: number }>('attendee', 'POST', `${API}/event/schedule/join`, {
      eventId,
      toType: 'participant',
      toId: exhibitorPid,
    });
    await sample('exhibitor', 'GET', `${API}/event/invitations?eventId=${eventId}`);
    const offer = await sample<{ days: { slots: { sessionId: number }[] }[] }>(
      'exhibitor',
      'GET',
      `${API}/event/meeting/slots?eventId=${eventId}&participantId=${attendeePid}`,
    );
    await sample('exhibitor', 'POST', `${API}/event/schedule/confirm`, {
      eventId,
      invitationId: invitation.id,
      sessionId: offer.days[0]!.slots[0]!.sessionId,
    });
    await sample('attendee', 'GET', `${API}/event/meetings?eventId=${eventId}`);
    await sample('attendee', 'GET', `${API}/event/agenda?eventId=${eventId}`);
    await sample(
      'attendee',
      'GET',
      `${API}/event/meeting/status?eventId=${eventId}&participantId=${exhibitorPid}`,
    );

    // Chat, contacts, posts and polls.
    const room = await sample<{ id: number }>('attendee', 'POST', `${API}/chat/room`, {
      eventId,
      type: 'private',
      members: [exhibitorPid],
    });
    await sample('attendee', 'POST', `${API}/chat/message`, { roomId: room.id, msg: 'Hello from the test' });
    await sample('exhibitor', 'GET', `${API}/chat/room/${room.id}`);
    await sample('exhibitor', 'GET', `${API}/chat/room/messages?roomId=${room.id}`);
    const contact = await sample<{ id: number }>('attendee', 'POST', `${API}/contact`, {
      events: [eventId],
      firstName: 'Ada',
      emails: ['ada@example.com'],
      note: 'Met at the booth',
    });
    await sample('attendee', 'GET', `${API}/contact/${contact.id}`);
    await sample('attendee', 'GET', `${API}/contact/export?eventId=${eventId}`);
    const post = await sample<{ id: number }>('organizer', 'POST', `${API}/event/post`, {
      type: 'announcement',
      eventId,
      text: 'Doors open at nine',
    });
    await sample('attendee', 'POST', `${API}/event/post`, {
      type: 'comment',
      eventId,
      parentId: post.id,
      text: 'See you there',
    });
    await sample('attendee', 'GET', `${API}/event/post?eventId=${eventId}`);
    const poll = await sample<{ id: number; answers: { id: number }[] }>(
      'organizer',
      'POST',
      `${API}/event/poll`,
      {
        eventId,
        question: 'Coffee or tea?',
        answers: ['Coffee', 'Tea'],
      },
    );
    await sample('organizer', 'POST', `${API}/event/poll`, { eventId, id: poll.id, action: 'publish' });
    await sample('attendee', 'POST', `${API}/event/poll/submit`, {
      eventId,
      id: poll.id,
      answers: [poll.answers[0]!.id],
    });
    await sample('attendee', 'GET', `${API}/event/poll/${poll.id}?eventId=${eventId}`);
    await sample('attendee', 'GET', `${API}/notifications`);
    await sample('exhibitor', 'GET', `${API}/notifications?eventId=${eventId}`);
    await sample('exhibitor', 'POST', `${API}/notifications/read-all`, {});
    await sample('anonymous', 'GET', OPENAPI_PATH);

    // The sample must stay broad: most of the catalogue, every GET that needs no special set-up.
    expect(validated.size, [...validated].join(' ')).toBeGreaterThanOrEqual(60);
  });
});
