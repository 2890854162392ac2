import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery, WebhookWithSecret } from '@foyer/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvent, makePerson } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import { addressRefusal, guardedLookup, urlRefusal } from './webhooks.address';

/**
 * Where webhooks may go (docs/decisions/017, "Later: addresses"): anyone can own an event, so a
 * webhook must not make the server reach a cloud's metadata address or, where the deployment says
 * so (production by default), its own machine and private network.
 */
describe('webhook addresses', () => {
  it('link-local, unspecified and multicast never; loopback and private only where allowed', () => {
    for (const ip of ['169.254.169.254', '::ffff:169.254.169.254', 'fe80::1', '0.0.0.0', '::', '224.0.0.1']) {
      expect(addressRefusal(ip, true), ip).toMatch(/link-local, reserved or multicast/);
    }
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.10',
      '100.64.0.1',
      '::1',
      'fd00::5',
    ]) {
      expect(addressRefusal(ip, false), ip).toMatch(/loopback or private/);
      expect(addressRefusal(ip, true), ip).toBeNull();
    }
    expect(addressRefusal('::ffff:10.0.0.1', false)).toMatch(/private/);
    for (const ip of ['93.184.216.34', '2606:2800:220:1::', '172.32.0.1']) {
      expect(addressRefusal(ip, false), ip).toBeNull();
    }
  });

  it('a URL naming a refused address or this machine is refused before any name is resolved', () => {
    expect(urlRefusal('http://169.254.169.254/latest/meta-data/', true)).toMatch(/link-local/);
    expect(urlRefusal('http://[fe80::1]:8080/hook', true)).toMatch(/link-local/);
    expect(urlRefusal('http://[::ffff:a9fe:a9fe]/x', true)).toMatch(/link-local/);
    expect(urlRefusal('http://127.0.0.1:9/hook', false)).toMatch(/loopback/);
    expect(urlRefusal('http://localhost:3000/hook', false)).toMatch(/this machine/);
    expect(urlRefusal('http://api.localhost/hook', false)).toMatch(/this machine/);
    expect(urlRefusal('http://127.0.0.1:9/hook', true)).toBeNull();
    expect(urlRefusal('https://hooks.example.com/foyer', false)).toBeNull();
  });

  it('a name is refused on the address it resolves to, when the connection looks it up', async () => {
    const resolve = (allowPrivate: boolean) =>
      new Promise<{ error: Error | null; address: unknown }>((done) =>
        guardedLookup((ip) => addressRefusal(ip, allowPrivate))(
          'localhost',
          { all: true },
          (error, address) => done({ error, address }),
        ),
      );
    const closed = await resolve(false);
    expect(closed.error?.message).toMatch(/^localhost: .* loopback or private network address$/);
    const open = await resolve(true);
    expect(open.error).toBeNull();
    expect(Array.isArray(open.address) && open.address.length > 0).toBe(true);
  });
});

describe('webhook addresses through the routes, with the private network closed', () => {
  let t: TestApp;
  let receiver: Server;
  let port = 0;
  let received = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_PRIVATE_NETWORK: 'false' } });
    receiver = createServer((_request, response) => {
      received += 1;
      response.end('ok');
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((done) => receiver.close(done));
  });

  it('a webhook to the metadata address, this machine or a private address is a field error and is not saved', async () => {
    const event = await makeEvent(t.ctx);
    const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const base = `/api/v1/organizer/event/${event.id}/integrations/webhooks`;
    for (const url of [
      'http://169.254.169.254/latest/meta-data/iam/',
      `http://127.0.0.1:${port}/hook`,
      'http://localhost:5432/',
      'http://10.0.0.8/hook',
      'http://[::1]/hook',
    ]) {
      const res = await call(t.app, {
        method: 'POST',
        url: base,
        headers: owner.headers,
        payload: { url, events: ['participant.registered'] },
      });
      expect(res.status, url).toBe(400);
      expect(res.body.error?.fields, url).toEqual({ url: 'organizer.integrations.error.address' });
    }
    const saved = await t.ctx.db
      .selectFrom('webhooks')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(saved).toEqual([]);

    const ok = await call<WebhookWithSecret>(t.app, {
      method: 'POST',
      url: base,
      headers: owner.headers,
      payload: { url: 'https://hooks.example.com/foyer', events: ['participant.registered'] },
    });
    expect(ok.status).toBe(200);
    const moved = await call(t.app, {
      method: 'PUT',
      url: `${base}/${ok.body.data?.webhook.id}`,
      headers: owner.headers,
      payload: { url: `http://127.0.0.1:${port}/hook` },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error?.fields).toEqual({ url: 'organizer.integrations.error.address' });
  });

  it('a delivery to a name that resolves to this machine is not sent, and its log says why', async () => {
    const event = await makeEvent(t.ctx);
    const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const base = `/api/v1/organizer/event/${event.id}/integrations/webhooks`;
    const created = await call<WebhookWithSecret>(t.app, {
      method: 'POST',
      url: base,
      headers: owner.headers,
      payload: { url: 'https://hooks.example.com/foyer', events: ['participant.registered'] },
    });
    const id = created.body.data?.webhook.id ?? 0;
    // A name that resolves to loopback, as a rebinding name does after the save: set past its check.
    await t.ctx.db
      .updateTable('webhooks')
      .set({ url: `http://localhost:${port}/hook` })
      .where('id', '=', id)
      .execute();
    const sent = await call<WebhookDelivery>(t.app, {
      method: 'POST',
      url: `${base}/${id}/test`,
      headers: owner.headers,
    });
    expect(sent.body.data).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: null });
    expect(sent.body.data?.lastError).toMatch(/^Address not allowed: localhost: .*loopback or private/);
    expect(received).toBe(0);
  });
});
