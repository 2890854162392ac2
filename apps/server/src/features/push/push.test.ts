import type { ChatRoom, PushPayload, PushSettings } from '@foyer/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeSlots, makeUser, type Person } from '../../../test/factories';
import { apiAs, call, useTestApp } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';
import { type PushService, startPushService } from '../../../test/push-service';
import { signAccessToken } from '../../http/auth';
import { cookieHeader, login, TEST_PASSWORD } from '../auth/auth.testing';
import { startSession } from '../auth/session.service';
import { isPushServiceEndpoint } from './push.routes';

const t = useTestApp();
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});

const api = apiAs(t);

/** A browser of this person's, subscribed (as the web app does after pushManager.subscribe()). */
async function subscribe(who: Person, language?: string) {
  const browser = service.browser();
  const r = await api(who, 'PUT', '/user/push/subscription', {
    ...browser.subscription,
    expirationTime: null,
    ...(language ? { language } : {}),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return browser;
}

/** The person with the access token of a live session (a refresh-token family), as a login gives. */
async function signedIn(who: Person): Promise<Person> {
  const user = await t.ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', who.userId)
    .executeTakeFirstOrThrow();
  const { body } = await startSession(t.ctx, user);
  return { ...who, headers: { authorization: `Bearer ${body.accessToken}` } };
}

async function setup() {
  const event = await makeEvent(t.ctx);
  await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 4);
  // Signed in for real: a browser is subscribed only with the token of a live session.
  const ana = await signedIn(await makePerson(t.ctx, event.id, { name: 'Ana', surname: 'Lima' }));
  const ben = await signedIn(await makePerson(t.ctx, event.id, { name: 'Ben', surname: 'Okafor' }));
  return { event, ana, ben, meetings: meetingsApi(t.app, event.id) };
}

/** The pushes that reached this browser, once the bus has nothing left to do. */
async function pushesTo(browser: { subscription: { endpoint: string } }) {
  await t.app.bus.idle();
  const path = new URL(browser.subscription.endpoint).pathname;
  return service.received.filter((p) => p.path === path).map((p) => p.payload as PushPayload);
}

describe('Web Push subscriptions', () => {
  it('gives the VAPID key to subscribe with, and nothing muted at first', async () => {
    const { ana } = await setup();
    const r = await api<PushSettings>(ana, 'GET', '/user/push');
    expect(r.status).toBe(200);
    expect(r.body.data?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(r.body.data?.publicKey).toBe(t.ctx.config.vapid.publicKey);
    expect(r.body.data?.muted).toEqual([]);
  });

  it('refuses endpoints that are not a push service, and keys that are not keys, naming the field', async () => {
    const { ana } = await setup();
    const good = service.browser().subscription;
    for (const endpoint of [
      'https://intranet.example/admin',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://user:pw@fcm.googleapis.com/x',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const r = await api(ana, 'PUT', '/user/push/subscription', { ...good, endpoint });
      expect(r.status, endpoint).toBe(400);
      expect(r.body.error?.fields?.endpoint, endpoint).toBe('validation.error.push');
    }
    const badKeys = await api(ana, 'PUT', '/user/push/subscription', {
      ...good,
      keys: { p256dh: 'short', auth: good.keys.auth },
    });
    expect(badKeys.status).toBe(400);
    expect(badKeys.body.error?.fields?.['keys.p256dh']).toBe('validation.error.push');
    const nul = await api(ana, 'PUT', '/user/push/subscription', { ...good, language: 'tr\u0000' });
    expect(nul.status).toBe(400);
    const anonymous = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/user/push/subscription',
      payload: good,
    });
    expect(anonymous.status).toBe(401);
    const rows = await t.ctx.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', ana.userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('A6.04 A6.08 a super user acting as the person neither subscribes a browser nor mutes topics for them', async () => {
    const { ana } = await setup();
    const actor = await makeUser(t.ctx, { superUser: true });
    const acting = await signAccessToken(t.ctx.config.jwtSecret, { userId: ana.userId, actorId: actor.id });
    const asActing = { ...ana, headers: { authorization: `Bearer ${acting}` } };
    const subscribed = await api(asActing, 'PUT', '/user/push/subscription', {
      ...service.browser().subscription,
      expirationTime: null,
    });
    expect(subscribed.status).toBe(403);
    const muted = await api(asActing, 'PUT', '/user/push', { muted: ['chat'] });
    expect(muted.status).toBe(403);
    const rows = await t.ctx.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', ana.userId)
      .execute();
    expect(rows).toEqual([]);
    expect((await api<PushSettings>(ana, 'GET', '/user/push')).body.data?.muted).toEqual([]);
  });

  it('A7.39 A5.21 a session ended by a logout or a password change cannot subscribe a browser to the person’s pushes', async () => {
    // A thief's browser: its refresh token ends, its access token is valid for up to 15 minutes more,
    // which must not be enough to go on receiving the person's private pushes for good.
    const user = await makeUser(t.ctx, { password: TEST_PASSWORD });
    const owner = await login(t.app, user.username);
    const stolen = await login(t.app, user.username);
    const loggedOut = await login(t.app, user.username);
    const out = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: cookieHeader(loggedOut.refreshToken),
    });
    expect(out.status).toBe(200);
    const changed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: { ...owner.headers, ...cookieHeader(owner.refreshToken) },
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'A brand new secret 2' },
    });
    expect(changed.status).toBe(200);
    for (const ended of [stolen, loggedOut]) {
      const r = await call(t.app, {
        method: 'PUT',
        url: '/api/v1/user/push/subscription',
        headers: ended.headers,
        payload: { ...service.browser().subscription, expirationTime: null },
      });
      expect(r.status).toBe(401);
      expect(r.body.error?.code).toBe('MST-00133');
    }
    const rows = await t.ctx.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
    // The owner's session, which changed the password, goes on subscribing its browser.
    const own = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/user/push/subscription',
      headers: owner.headers,
      payload: { ...service.browser().subscription, expirationTime: null },
    });
    expect(own.status).toBe(200);
  });

  it('allows the browsers’ push services in production and nothing on loopback there', () => {
    const hosts = t.ctx.config.pushServiceHosts;
    const prod = { env: 'production' as const, pushServiceHosts: hosts };
    expect(isPushServiceEndpoint('https://fcm.googleapis.com/fcm/send/abc', prod)).toBe(true);
    expect(isPushServiceEndpoint('https://updates.push.services.mozilla.com/wpush/v2/abc', prod)).toBe(true);
    expect(isPushServiceEndpoint('https://web.push.apple.com/QO', prod)).toBe(true);
    expect(isPushServiceEndpoint('https://wns2-db5p.notify.windows.com/w/?token=x', prod)).toBe(true);
    expect(isPushServiceEndpoint('http://127.0.0.1:9/push', prod)).toBe(false);
    expect(isPushServiceEndpoint('https://169.254.169.254/latest', prod)).toBe(false);
  });

  it('A7.39 one browser (PUT user/push/subscription) belongs to the account last signed in on it; another account cannot switch it off', async () => {
    const { ana, ben } = await setup();
    const browser = await subscribe(ana);
    const again = await api(ben, 'PUT', '/user/push/subscription', browser.subscription);
    expect(again.status).toBe(200);
    const owner = () =>
      t.ctx.db
        .selectFrom('push_subscriptions')
        .select('user_id')
        .where('endpoint', '=', browser.subscription.endpoint)
        .execute();
    expect(await owner()).toEqual([{ user_id: ben.userId }]);
    const query = `?endpoint=${encodeURIComponent(browser.subscription.endpoint)}`;
    expect((await api(ana, 'DELETE', `/user/push/subscription${query}`)).status).toBe(200);
    expect(await owner()).toEqual([{ user_id: ben.userId }]);
    expect((await api(ben, 'DELETE', `/user/push/subscription${query}`)).status).toBe(200);
    expect(await owner()).toEqual([]);
  });
});

describe('Web Push deliveries', () => {
  it('an invitation reaches the invitee’s browser, signed with the server’s VAPID key and encrypted for it', async () => {
    const { ana, ben, meetings } = await setup();
    const browser = await subscribe(ben);
    const sent = await meetings.invite(ana, ben, 'Coffee at the lounge?');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [push] = await pushesTo(browser);
    expect(push).toMatchObject({
      title: 'Ana Lima would like to meet you',
      url: '/invitations/received',
    });
    expect(push?.body).toContain('Coffee at the lounge?');
    expect(push?.tag).toMatch(/^invitation-\d+$/);
    const raw = service.received.find((p) => p.path === new URL(browser.subscription.endpoint).pathname);
    expect(raw?.vapid.publicKey).toBe(t.ctx.config.vapid.publicKey);
    expect(raw?.vapid.aud).toBe(service.origin);
    expect(raw?.vapid.sub).toMatch(/^mailto:/);
    expect(Number(raw?.ttl)).toBeGreaterThan(0);
    // The sender's own browsers hear nothing of it.
    const anasBrowser = await subscribe(ana);
    expect(await pushesTo(anasBrowser)).toEqual([]);
  });

  it('speaks the language the browser subscribed with', async () => {
    const { ana, ben, meetings } = await setup();
    const turkish = await subscribe(ben, 'tr');
    const russian = await subscribe(ben, 'ru');
    await meetings.invite(ana, ben);
    expect((await pushesTo(turkish))[0]?.title).toBe('Ana Lima sizinle görüşmek istiyor');
    expect((await pushesTo(russian))[0]?.title).toBe('Ana Lima хочет встретиться с вами');
  });

  it('a muted topic is not pushed; the others still are', async () => {
    const { event, ana, ben, meetings } = await setup();
    const browser = await subscribe(ben);
    const muted = await api<PushSettings>(ben, 'PUT', '/user/push', { muted: ['invitations'] });
    expect(muted.body.data?.muted).toEqual(['invitations']);
    const unknown = await api(ben, 'PUT', '/user/push', { muted: ['everything'] });
    expect(unknown.status).toBe(400);
    await meetings.invite(ana, ben);
    const room = await api<ChatRoom>(ana, 'POST', '/chat/room', {
      eventId: event.id,
      type: 'private',
      members: [ben.id],
    });
    expect(room.status, JSON.stringify(room.body)).toBe(200);
    await api(ana, 'POST', '/chat/message', { roomId: room.body.data?.id, msg: 'See you at table 3' });
    const pushes = await pushesTo(browser);
    expect(pushes).toEqual([
      {
        title: 'Ana Lima',
        body: 'See you at table 3',
        url: `/chat?room=${room.body.data?.id}`,
        tag: `chat-${room.body.data?.id}`,
      },
    ]);
    // The invitation still notified in the app and by e-mail: push preferences are push's alone.
    const mails = await t.ctx.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', ben.email)
      .execute();
    expect(mails.map((m) => m.subject)).toContain('Ana Lima would like to meet you');
  });

  it('an announcement reaches everyone subscribed but its author', async () => {
    const { event, ana, ben } = await setup();
    const org = await signedIn(await makePerson(t.ctx, event.id, { name: 'Org', organizer: true }));
    const anas = await subscribe(ana);
    const bens = await subscribe(ben, 'es');
    const orgs = await subscribe(org);
    const r = await api(org, 'POST', '/event/post', {
      type: 'announcement',
      eventId: event.id,
      text: 'Doors open at 9',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await pushesTo(anas)).toEqual([
      expect.objectContaining({ title: `New announcement at ${event.name}`, body: 'Doors open at 9' }),
    ]);
    expect((await pushesTo(bens))[0]?.title).toBe(`${event.name}: nuevo anuncio`);
    expect(await pushesTo(orgs)).toEqual([]);
  });

  it('a subscription the push service says is gone is forgotten', async () => {
    const { ana, ben, meetings } = await setup();
    const browser = await subscribe(ben);
    service.answer(410);
    await meetings.invite(ana, ben);
    await t.app.bus.idle();
    const rows = await t.ctx.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', browser.subscription.endpoint)
      .execute();
    expect(rows).toEqual([]);
  });

  it('a push service that cannot take it now gets it again later, once, and the e-mail goes once', async () => {
    const { ana, ben, meetings } = await setup();
    const browser = await subscribe(ben);
    const before = service.received.length;
    service.answer(503);
    await meetings.invite(ana, ben, 'Second try');
    // The outbox retries the row after its back-off (about a second).
    await service.waitFor(before + 1);
    await t.app.bus.idle();
    const pushes = await pushesTo(browser);
    expect(pushes.map((p) => p.body)).toEqual(['Second try']);
    const mails = await t.ctx.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', ben.email)
      .execute();
    expect(mails).toHaveLength(1);
  });
});

describe('Web Push housekeeping', () => {
  it('forgets the keys of pushes sent longer ago than a push can be retried, and keeps the newer', async () => {
    const old = `test-old-${Date.now()}`;
    const recent = `test-recent-${Date.now()}`;
    await t.ctx.db
      .insertInto('push_sent')
      .values([
        { dedupe_key: old, created_at: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) },
        { dedupe_key: recent },
      ])
      .execute();
    await t.app.scheduler.run('push-sent-cleanup');
    const left = await t.ctx.db
      .selectFrom('push_sent')
      .select('dedupe_key')
      .where('dedupe_key', 'in', [old, recent])
      .execute();
    expect(left.map((r) => r.dedupe_key)).toEqual([recent]);
  });
});
