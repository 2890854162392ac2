import type { ApiKey, CreatedApiKey, Webhook, WebhookWithSecret } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { apiAs, call, useTestApp } from '../../../test/helper';
import { hashApiKey } from '../../http/api-key';

const t = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = apiAs(t);

/** A call to the integration API with a key (`X-Api-Key`, or `bearer` for Authorization). */
const api = <T>(
  eventId: number,
  what: 'participants' | 'sessions',
  key: string,
  bearer = false,
  query = '',
) =>
  call<T>(t.app, {
    method: 'GET',
    url: `/api/v1/integration/event/${eventId}/${what}${query}`,
    headers: bearer ? { authorization: `Bearer ${key}` } : { 'x-api-key': key },
  });

async function ownedEvent() {
  const event = await makeEvent(t.ctx);
  const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner', name: 'Olga' });
  return { event, owner, base: `/organizer/event/${event.id}/integrations` };
}

const keyCount = async (eventId: number) =>
  (await t.ctx.db.selectFrom('api_keys').select('id').where('event_id', '=', eventId).execute()).length;

describe('integrations: API keys (issue 12, part 8)', () => {
  it('shows a new key once, keeps only its hash, and lists it by prefix without the secret', async () => {
    const { event, owner, base } = await ownedEvent();
    const created = await req<CreatedApiKey>(owner, 'POST', `${base}/keys`, {
      name: ' CRM sync ',
      scopes: ['participants:read', 'participants:read'],
    });
    expect(created.status).toBe(200);
    const { key, secret } = created.body.data!;
    expect(secret).toMatch(/^foyer_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'CRM sync', scopes: ['participants:read'], revokedAt: null });
    expect(secret.slice('foyer_'.length, 'foyer_'.length + 8)).toBe(key.prefix);

    const stored = await t.ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(hashApiKey(secret));
    expect(JSON.stringify(stored)).not.toContain(secret);

    const list = await req<ApiKey[]>(owner, 'GET', `${base}/keys`);
    expect(list.body.data).toEqual([key]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(event.id).toBeGreaterThan(0);
  });

  it('opens the integration API to a key of the event with the scope, by either header, paged', async () => {
    const { event, owner, base } = await ownedEvent();
    for (const name of ['Bea', 'Cem', 'Dan']) await makePerson(t.ctx, event.id, { name, company: 'Acme' });
    await t.ctx.db
      .insertInto('sessions')
      .values({ event_id: event.id, name: 'Keynote', sdt: event.real_sdt, edt: event.real_edt, images: '{}' })
      .execute();
    const { secret } = (
      await req<CreatedApiKey>(owner, 'POST', `${base}/keys`, {
        name: 'All',
        scopes: ['participants:read', 'sessions:read'],
      })
    ).body.data!;

    type Page = { items: { id: number; name: string; company: string }[]; nextCursor: number | null };
    const first = await api<Page>(event.id, 'participants', secret, false, '?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data?.items.map((p) => p.name)).toEqual(['Olga', 'Bea']);
    const second = await api<Page>(
      event.id,
      'participants',
      secret,
      true,
      `?after=${first.body.data!.nextCursor}`,
    );
    expect(second.body.data).toMatchObject({
      items: [{ name: 'Cem', company: 'Acme' }, { name: 'Dan' }],
      nextCursor: null,
    });

    const sessions = await api<{ items: { name: string }[] }>(event.id, 'sessions', secret);
    expect(sessions.body.data?.items.map((s) => s.name)).toEqual(['Keynote']);
    const used = await req<ApiKey[]>(owner, 'GET', `${base}/keys`);
    expect(used.body.data?.[0]?.lastUsedAt).not.toBeNull();

    const bad = await api(event.id, 'participants', secret, false, '?limit=5000');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ limit: 'validation.error.number' });
  });

  it('refuses a missing or unknown key (401), a revoked key (401), a missing scope and another event (403)', async () => {
    const { event, owner, base } = await ownedEvent();
    const other = await ownedEvent();
    const { key, secret } = (
      await req<CreatedApiKey>(owner, 'POST', `${base}/keys`, {
        name: 'Sessions only',
        scopes: ['sessions:read'],
      })
    ).body.data!;
    const foreign = (
      await req<CreatedApiKey>(other.owner, 'POST', `${other.base}/keys`, {
        name: 'Theirs',
        scopes: ['participants:read', 'sessions:read'],
      })
    ).body.data!;

    expect(
      (await call(t.app, { method: 'GET', url: `/api/v1/integration/event/${event.id}/sessions` })).status,
    ).toBe(401);
    expect((await api(event.id, 'sessions', `${secret}x`)).status).toBe(401);
    // A user's access token is not an API key.
    expect((await api(event.id, 'sessions', owner.headers.authorization.slice(7), true)).status).toBe(401);
    expect((await api(event.id, 'sessions', secret)).status).toBe(200);
    const scope = await api(event.id, 'participants', secret);
    expect(scope.status).toBe(403);
    expect(scope.body.error?.msg).toContain('participants:read');
    expect((await api(event.id, 'sessions', foreign.secret)).status).toBe(403);
    expect((await api(other.event.id, 'sessions', foreign.secret)).status).toBe(200);

    const revoked = await req<ApiKey>(owner, 'POST', `${base}/keys/${key.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data?.revokedAt).not.toBeNull();
    expect((await api(event.id, 'sessions', secret)).status).toBe(401);
    // Revoking again keeps the first time; another event's key is not found here.
    const again = await req<ApiKey>(owner, 'POST', `${base}/keys/${key.id}/revoke`);
    expect(again.body.data?.revokedAt).toBe(revoked.body.data?.revokedAt);
    expect((await req(owner, 'POST', `${base}/keys/${foreign.key.id}/revoke`)).status).toBe(404);
    expect((await api(other.event.id, 'sessions', foreign.secret)).status).toBe(200);
  });

  it('refuses bad key input with field keys and writes nothing', async () => {
    const { event, owner, base } = await ownedEvent();
    const noName = await req(owner, 'POST', `${base}/keys`, { name: '  ', scopes: ['sessions:read'] });
    expect(noName.status).toBe(400);
    expect(noName.body.error?.fields).toEqual({ name: 'validation.error.required' });
    const noScope = await req(owner, 'POST', `${base}/keys`, { name: 'X', scopes: [] });
    expect(noScope.body.error?.fields).toEqual({ scopes: 'organizer.integrations.error.scopes' });
    const unknown = await req(owner, 'POST', `${base}/keys`, { name: 'X', scopes: ['admin:write'] });
    expect(unknown.body.error?.fields).toEqual({ 'scopes.0': 'validation.error.option' });
    expect(await keyCount(event.id)).toBe(0);
  });
});

describe('integrations: webhooks (issue 12, part 8)', () => {
  it('creates a webhook with its secret shown once, updates, rotates and deletes it', async () => {
    const { owner, base } = await ownedEvent();
    const created = await req<WebhookWithSecret>(owner, 'POST', `${base}/webhooks`, {
      url: 'https://hooks.example.com/foyer',
      events: ['participant.registered', 'meeting.confirmed'],
    });
    expect(created.status).toBe(200);
    const { webhook, secret } = created.body.data!;
    expect(secret).toMatch(/^whsec_/);
    expect(webhook).toMatchObject({ active: true, events: ['participant.registered', 'meeting.confirmed'] });
    const list = await req<Webhook[]>(owner, 'GET', `${base}/webhooks`);
    expect(list.body.data).toEqual([webhook]);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const off = await req<WebhookWithSecret>(owner, 'PUT', `${base}/webhooks/${webhook.id}`, {
      active: false,
    });
    expect(off.body.data).toMatchObject({ webhook: { active: false }, secret: null });
    const rotated = await req<WebhookWithSecret>(owner, 'PUT', `${base}/webhooks/${webhook.id}`, {
      rotateSecret: true,
    });
    expect(rotated.body.data?.secret).toMatch(/^whsec_/);
    expect(rotated.body.data?.secret).not.toBe(secret);

    expect((await req(owner, 'DELETE', `${base}/webhooks/${webhook.id}`)).status).toBe(200);
    expect((await req<Webhook[]>(owner, 'GET', `${base}/webhooks`)).body.data).toEqual([]);
    expect((await req(owner, 'DELETE', `${base}/webhooks/${webhook.id}`)).status).toBe(404);
  });

  it('accepts http(s) only, without credentials (loopback allowed), and at least one event', async () => {
    const { event, owner, base } = await ownedEvent();
    const bad = async (url: string) => {
      const res = await req(owner, 'POST', `${base}/webhooks`, { url, events: ['participant.registered'] });
      expect(res.status, url).toBe(400);
      expect(res.body.error?.fields).toEqual({ url: 'organizer.integrations.error.url' });
    };
    await bad('ftp://example.com/hook');
    await bad('javascript:alert(1)');
    await bad('https://user:pass@example.com/hook');
    await bad('not a url');
    const noEvents = await req(owner, 'POST', `${base}/webhooks`, { url: 'https://example.com', events: [] });
    expect(noEvents.body.error?.fields).toEqual({ events: 'organizer.integrations.error.events' });
    const rows = await t.ctx.db
      .selectFrom('webhooks')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(rows).toEqual([]);
    const local = await req(owner, 'POST', `${base}/webhooks`, {
      url: 'http://127.0.0.1:9/hook',
      events: ['participant.checked_in'],
    });
    expect(local.status).toBe(200);
  });
});

describe('integrations: only the owner', () => {
  it('refuses an admin organizer, check-in staff, an attendee and another event’s owner (403)', async () => {
    const { event, owner, base } = await ownedEvent();
    const other = await ownedEvent();
    const hook = (
      await req<WebhookWithSecret>(owner, 'POST', `${base}/webhooks`, {
        url: 'https://example.com/h',
        events: ['participant.registered'],
      })
    ).body.data!.webhook;
    const key = (
      await req<CreatedApiKey>(owner, 'POST', `${base}/keys`, { name: 'K', scopes: ['sessions:read'] })
    ).body.data!.key;
    const refused = [
      await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'admin' }),
      await makePerson(t.ctx, event.id, { checkInAdmin: true }),
      await makePerson(t.ctx, event.id),
      other.owner,
    ];
    const calls: [Method, string, unknown?][] = [
      ['GET', `${base}/keys`],
      ['POST', `${base}/keys`, { name: 'Mine', scopes: ['sessions:read'] }],
      ['POST', `${base}/keys/${key.id}/revoke`],
      ['GET', `${base}/webhooks`],
      ['POST', `${base}/webhooks`, { url: 'https://example.com/x', events: ['contact.collected'] }],
      ['PUT', `${base}/webhooks/${hook.id}`, { active: false }],
      ['GET', `${base}/webhooks/${hook.id}/deliveries`],
      ['POST', `${base}/webhooks/${hook.id}/test`],
      ['DELETE', `${base}/webhooks/${hook.id}`],
    ];
    for (const who of refused) {
      for (const [method, url, body] of calls) {
        const res = await req(who, method, url, body);
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    }
    expect(await keyCount(event.id)).toBe(1);
    const hooks = await req<Webhook[]>(owner, 'GET', `${base}/webhooks`);
    expect(hooks.body.data).toEqual([hook]);
    const anonymous = await call(t.app, { method: 'GET', url: `/api/v1${base}/keys` });
    expect(anonymous.status).toBe(401);
  });
});

/** PGlite runs one transaction at a time: only PostgreSQL lets a test send wait on a delete. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a webhook tested while it is deleted (PostgreSQL)', () => {
  const held = useHeldTransactions(() => t.ctx.db);

  it('“Send test” on a webhook another owner is deleting is a 404, not a 500', async () => {
    const { owner, base } = await ownedEvent();
    const created = await req<WebhookWithSecret>(owner, 'POST', `${base}/webhooks`, {
      url: 'http://127.0.0.1:9/hook',
      events: ['participant.registered'],
    });
    const id = created.body.data!.webhook.id;
    const tested = await held.behind(
      async (trx) => {
        await trx.deleteFrom('webhooks').where('id', '=', id).execute();
      },
      () => req(owner, 'POST', `${base}/webhooks/${id}/test`),
    );
    expect(tested.status).toBe(404);
    expect(tested.body.error?.msg).toBe('Webhook not found');
  });
});
