import type { MailboxMessage } from '@foyer/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helper';

describe('dev mailbox', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('lists the outbox newest first as JSON, filtered by recipient', async () => {
    t = await createTestApp();
    await t.ctx.mailer.send({ to: 'a@foyer.test', subject: 'First', text: 'Code 123456' });
    await t.ctx.mailer.send({ to: 'b@foyer.test', subject: 'Second', text: 'Hello' });
    const all = await call<MailboxMessage[]>(t.app, { method: 'GET', url: '/api/v1/dev/mailbox' });
    expect(all.status).toBe(200);
    expect(all.body.data!.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(all.body.data![1]).toMatchObject({ to: 'a@foyer.test', text: 'Code 123456', channel: 'email' });
    const one = await call<MailboxMessage[]>(t.app, {
      method: 'GET',
      url: '/api/v1/dev/mailbox?to=A@foyer.test&limit=5',
    });
    expect(one.body.data!.map((m) => m.subject)).toEqual(['First']);
  });

  it('shows an HTML page at /dev/mailbox with every body escaped', async () => {
    t = await createTestApp();
    await t.ctx.mailer.send({ to: 'x@foyer.test', subject: '<b>Hi</b>', text: '<script>alert(1)</script>' });
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain('&lt;b&gt;Hi&lt;/b&gt;');
    expect(res.body).not.toContain('<script>');
  });

  it('refuses bad query input with 400', async () => {
    t = await createTestApp();
    for (const url of [
      '/api/v1/dev/mailbox?limit=0',
      '/api/v1/dev/mailbox?to=nope',
      '/api/v1/dev/mailbox?x=1',
    ]) {
      const res = await call(t.app, { method: 'GET', url });
      expect(res.status, url).toBe(400);
    }
  });

  it('answers 404 in production, for the page and the JSON', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
    await t.ctx.mailer.send({ to: 'x@foyer.test', subject: 'Secret', text: 'reset code' });
    for (const url of ['/dev/mailbox', '/api/v1/dev/mailbox']) {
      const res = await call(t.app, { method: 'GET', url });
      expect(res.status, url).toBe(404);
      expect(res.body.error?.code).toBe('MST-00404');
    }
  });

  it('is served only to loopback requests that no proxy forwarded (default outside production)', async () => {
    t = await createTestApp();
    await t.ctx.mailer.send({ to: 'x@foyer.test', subject: 'Secret', text: 'reset code 123456' });
    const local = await call(t.app, { method: 'GET', url: '/api/v1/dev/mailbox', remoteAddress: '::1' });
    expect(local.status).toBe(200);
    const refused = [
      { remoteAddress: '192.168.1.20' },
      { remoteAddress: '10.0.0.5', headers: {} },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } },
    ];
    for (const options of refused) {
      for (const url of ['/dev/mailbox', '/api/v1/dev/mailbox']) {
        const res = await call(t.app, { method: 'GET', url, ...options });
        expect(res.status, `${url} ${JSON.stringify(options)}`).toBe(404);
        expect(res.body.error?.code).toBe('MST-00404');
      }
    }
  });

  it('is refused to a loopback request that names another host (a DNS-rebinding page), served under local names', async () => {
    t = await createTestApp();
    await t.ctx.mailer.send({ to: 'x@foyer.test', subject: 'Secret', text: 'reset code 123456' });
    // A page at rebind.attacker.example whose name now resolves to 127.0.0.1 reads "its own" origin.
    for (const host of ['rebind.attacker.example:3000', 'rebind.attacker.example', '203.0.113.9:3000']) {
      for (const url of ['/dev/mailbox', '/api/v1/dev/mailbox']) {
        const res = await call(t.app, { method: 'GET', url, remoteAddress: '127.0.0.1', headers: { host } });
        expect(res.status, `${url} Host: ${host}`).toBe(404);
      }
    }
    for (const host of [
      'localhost:5173',
      'localhost',
      '127.0.0.1:3000',
      '[::1]:3000',
      'foyer.localhost:3000',
    ]) {
      const res = await call(t.app, {
        method: 'GET',
        url: '/api/v1/dev/mailbox',
        remoteAddress: '127.0.0.1',
        headers: { host },
      });
      expect(res.status, `Host: ${host}`).toBe(200);
    }
  });

  it('DEV_MAILBOX=true opens it to other machines; DEV_MAILBOX=false and SMTP_URL close it', async () => {
    t = await createTestApp({ env: { DEV_MAILBOX: 'true' } });
    const open = await call(t.app, { method: 'GET', url: '/api/v1/dev/mailbox', remoteAddress: '10.0.0.5' });
    expect(open.status).toBe(200);
    await t.close();
    t = await createTestApp({ env: { DEV_MAILBOX: 'false' } });
    expect((await call(t.app, { method: 'GET', url: '/api/v1/dev/mailbox' })).status).toBe(404);
    await t.close();
    t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    expect((await call(t.app, { method: 'GET', url: '/api/v1/dev/mailbox' })).status).toBe(404);
  });

  it('refuses to start with DEV_MAILBOX=true in production', async () => {
    await expect(createTestApp({ env: { NODE_ENV: 'production', DEV_MAILBOX: 'true' } })).rejects.toThrow(
      /DEV_MAILBOX/,
    );
  });
});
