import { badgeCode, type RegisterResult, registerRequest } from '@foyer/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makeType } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import { type ReceivedMail, startSmtp, type TestSmtp, waitFor } from '../../../test/smtp';
import type { Bus } from '../../events/bus';
import { register } from './registration.service';
import { decodeQr, decodeQuotedPrintable, inlineParts } from './ticket.testing';
import { TICKET_QR_CID } from './ticket-mail';

describe('issue 14 the registration e-mail carries the ticket QR (real SMTP server)', () => {
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

  async function registerFor(name: string) {
    const event = await makeEvent(t.ctx, { name });
    await makeType(t.ctx, event.id, { name: 'Attendee', atRegistration: true });
    const res = await call<RegisterResult>(t.app, {
      method: 'POST',
      url: '/api/v1/event/register',
      payload: {
        eventId: event.id,
        name: 'Ada <b>',
        surname: 'Lovelace',
        email: 'ada@foyer.test',
        password: 'Correct horse 1',
        consent: true,
      },
    });
    expect(res.status).toBe(200);
    // The e-mail leaves through the bus after the commit (registration.processor.ts).
    await t.app.bus.idle();
    return { event, ticketId: res.body.data!.ticketId! };
  }

  it('E2.61 an inline PNG that decodes to the badge code, the ticket id in text and a PDF link that opens', async () => {
    const { event, ticketId } = await registerFor('Expo & Co');
    const mail = smtp.inbox.find((m) => /Subject: Your registration/i.test(m.raw)) as ReceivedMail;
    expect(mail.to).toEqual(['ada@foyer.test']);
    expect(mail.raw).toMatch(/Content-Type: multipart\/related/i);

    // The QR image: an inline part the HTML shows by its content id, read back as a scanner does.
    const png = inlineParts(mail.raw).get(TICKET_QR_CID);
    expect(png?.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await decodeQr(new Uint8Array(png!))).toEqual([badgeCode(t.ctx.config.publicUrl, ticketId)]);

    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain(`Your ticket id is ${ticketId}. Show it at the entrance.`);
    expect(body).toContain(`<img src="cid:${TICKET_QR_CID}"`);
    expect(body).toContain('Hello Ada &lt;b&gt;,'); // typed names are escaped in the HTML
    expect(body).toContain('<strong>Expo &amp; Co</strong>');
    expect(body).toContain(`${t.ctx.config.publicUrl}/event/${event.id}/ticket`);

    const link = /Your ticket as a PDF: (\S+)/.exec(body)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    const pdf = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('issue 14 the registration e-mail survives a crash between commit and send (bus, real SMTP)', () => {
  const SUBJECT = /^Subject: Your registration for /im;
  let smtp: TestSmtp;
  let apps: TestApp[];
  beforeEach(() => {
    apps = [];
  });
  afterEach(async () => {
    for (const app of apps) await app.close();
    await smtp.close();
  });

  async function appOn(env: Record<string, string> = {}) {
    const app = await createTestApp({ smtpUrl: smtp.url, env });
    apps.push(app);
    return app;
  }
  const payload = (eventId: number) => ({
    eventId,
    name: 'Ada',
    surname: 'Lovelace',
    email: 'ada@foyer.test',
    password: 'Correct horse 1',
    consent: true,
  });
  async function openEvent(t: TestApp) {
    const event = await makeEvent(t.ctx, { name: 'Durable' });
    await makeType(t.ctx, event.id, { name: 'Attendee', atRegistration: true });
    return event;
  }
  async function registerThrough(t: TestApp, eventId: number) {
    const res = await call<RegisterResult>(t.app, {
      method: 'POST',
      url: '/api/v1/event/register',
      payload: payload(eventId),
    });
    expect(res.status).toBe(200);
    return res.body.data!.ticketId!;
  }
  const registrationMails = () => smtp.inbox.filter((m) => SUBJECT.test(m.raw));
  const confirmedRows = (t: TestApp) =>
    t.ctx.db
      .selectFrom('bus_outbox')
      .select(['state', 'attempts', 'done_handlers'])
      .where('type', '=', 'registration.confirmed')
      .orderBy('id')
      .execute();
  /** As if the row had been left long ago by a process that died: any process's sweep takes it. */
  const leftBehind = (t: TestApp) =>
    sql`UPDATE bus_outbox SET created_at = now() - interval '1 minute'
        WHERE type = 'registration.confirmed'`.execute(t.ctx.db);

  it('issue 14: the e-mail is emitted in the registration transaction: a rolled-back registration sends nothing', async () => {
    smtp = await startSmtp();
    const t = await appOn();
    const event = await openEvent(t);
    // The registration.confirmed row is written, then the transaction fails before its COMMIT.
    const failing: Pick<Bus, 'emit'> = {
      async emit(domainEvent, trx) {
        await t.app.bus.emit(domainEvent, trx);
        if (domainEvent.type === 'registration.confirmed') throw new Error('failed before commit');
      },
    };
    const input = registerRequest.parse(payload(event.id));
    await expect(register(t.ctx, input, t.app.log, null, failing)).rejects.toThrow('failed before commit');
    await leftBehind(t);
    await t.app.bus.sweep();
    expect(await confirmedRows(t)).toEqual([]);
    expect(
      await t.ctx.db.selectFrom('participants').select('id').where('event_id', '=', event.id).execute(),
    ).toEqual([]);
    expect(smtp.inbox).toEqual([]);

    // The same registration, committed: its e-mail goes out once.
    await registerThrough(t, event.id);
    await t.app.bus.idle();
    expect(registrationMails().map((m) => m.to)).toEqual([['ada@foyer.test']]);
  });

  it('issue 14: a registration committed by a process that died before sending is mailed once by the next one', async () => {
    smtp = await startSmtp();
    // FOYER_OUTBOX_PAUSE: rows are written, never processed; closing it is the crash after the commit.
    const first = await appOn({ FOYER_OUTBOX_PAUSE: '1' });
    const event = await openEvent(first);
    const ticketId = await registerThrough(first, event.id);
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    expect(registrationMails()).toEqual([]);
    expect(await confirmedRows(first)).toEqual([{ state: 'pending', attempts: 0, done_handlers: [] }]);

    const second = await appOn();
    await leftBehind(second);
    await second.app.bus.sweep();
    const mails = registrationMails();
    expect(mails.map((m) => m.to)).toEqual([['ada@foyer.test']]);
    // Built at handling time from the participant: the ticket and its QR image are all there.
    expect(decodeQuotedPrintable(mails[0]!.raw)).toContain(`Your ticket id is ${ticketId}.`);
    const png = inlineParts(mails[0]!.raw).get(TICKET_QR_CID);
    expect(await decodeQr(new Uint8Array(png!))).toEqual([badgeCode(second.ctx.config.publicUrl, ticketId)]);
    expect(await confirmedRows(second)).toEqual([{ state: 'done', attempts: 1, done_handlers: [] }]);
  });

  it('issue 14: a mail server that refuses the registration e-mail gets it again, and it arrives once', async () => {
    let refuse = true;
    smtp = await startSmtp({
      refuse: (mail) => {
        if (!SUBJECT.test(mail.raw) || !refuse) return false;
        refuse = false;
        return true; // 451 for the first try only
      },
    });
    const t = await appOn();
    const event = await openEvent(t);
    await registerThrough(t, event.id);
    await waitFor(() => registrationMails().length > 0, 20_000, 'the retried registration e-mail');
    await t.app.bus.idle();
    expect(refuse).toBe(false);
    expect(registrationMails().map((m) => m.to)).toEqual([['ada@foyer.test']]);
    expect(await confirmedRows(t)).toEqual([{ state: 'done', attempts: 2, done_handlers: [] }]);

    // A crash after the send and before the row was marked done: the handler runs again, and the
    // mail's dedupe key (same row, same handler) keeps it from going out twice.
    await sql`UPDATE bus_outbox SET state = 'pending', done_at = NULL, locked_until = NULL
              WHERE type = 'registration.confirmed'`.execute(t.ctx.db);
    await leftBehind(t);
    await t.app.bus.sweep();
    expect(await confirmedRows(t)).toEqual([{ state: 'done', attempts: 3, done_handlers: [] }]);
    expect(registrationMails()).toHaveLength(1);
  });
});
