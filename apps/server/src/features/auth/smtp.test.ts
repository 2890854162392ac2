import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import { type ReceivedMail, startSmtp, type TestSmtp } from '../../../test/smtp';
import { login, TEST_PASSWORD } from './auth.testing';

/** Undoes quoted-printable soft breaks so the code and link read as sent. */
function decodeBody(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

describe('A1.04 password reset over a real SMTP server', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeEach(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  it('A7.30 A7.31 mails the code, which sets a new password that logs in', async () => {
    expect(t.ctx.mailer.kind).toBe('smtp');
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const forgot = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { username: 'ada@foyer.test' },
    });
    expect(forgot.status).toBe(200);
    expect(smtp.inbox).toHaveLength(1);
    const mail = smtp.inbox[0] as ReceivedMail;
    expect(mail.to).toEqual(['ada@foyer.test']);
    const body = decodeBody(mail.raw);
    expect(body).toContain(`${t.ctx.config.publicUrl}/forgot-password-confirm?username=ada%40foyer.test`);
    const code = /reset code is (\d{6})/.exec(body)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const confirm = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/confirm-password',
      payload: { username: 'ada@foyer.test', code, password: 'Fresh from smtp 1' },
    });
    expect(confirm.status).toBe(200);
    expect((await login(t.app, 'ada@foyer.test', 'Fresh from smtp 1')).user.username).toBe('ada@foyer.test');
  });

  it('sends nothing for an unknown address', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { username: 'nobody@foyer.test' },
    });
    expect(res.status).toBe(200);
    expect(smtp.inbox).toEqual([]);
  });
});
