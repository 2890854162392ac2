import { badgeCode, type MyTicket } from '@foyer/contract';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makeParticipant, makePerson, makeType, makeUser } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import type { EventRow } from '../../db/schema';
import { embedTrueType, loadPdfFont } from '../../pdf/font';
import { ticketPdfLink } from './ticket.service';
import { firstPageContent } from './ticket.testing';
import { CARD_HEIGHT, CARD_WIDTH } from './ticket-pdf';

describe('my ticket (E2.61) and its PDF (issue 14)', () => {
  let t: TestApp;
  let event: EventRow;
  beforeEach(async () => {
    t = await createTestApp();
    event = await makeEvent(t.ctx, { name: 'Zirve İstanbul', timezone: 'Europe/Istanbul' });
  });
  afterEach(async () => t.close());

  /** A participant with a ticket (or none), signed in. */
  async function holder(ticketId: string | null, o: { name?: string; surname?: string } = {}) {
    const type = await makeType(t.ctx, event.id, { name: 'Delegate', ticketType: 'VIP' });
    const person = await makePerson(t.ctx, event.id, { typeId: type.id, company: 'Öztürk A.Ş.', ...o });
    await t.ctx.db
      .updateTable('participants')
      .set({ ticket_id: ticketId })
      .where('id', '=', person.id)
      .execute();
    return person;
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

  it('E2.61 answers my own ticket: the badge code for the QR, the ticket id, the type and the event', async () => {
    const me = await holder('K7Q2MZ9D4H', { name: 'Çağla', surname: 'Şahin' });
    const res = await call<MyTicket>(t.app, {
      method: 'GET',
      url: `/api/v1/event/ticket?eventId=${event.id}`,
      headers: me.headers,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      eventId: event.id,
      eventName: 'Zirve İstanbul',
      sdt: '2030-05-01T08:00:00.000Z',
      edt: '2030-05-03T08:00:00.000Z',
      timezone: 'Europe/Istanbul',
      name: 'Çağla',
      surname: 'Şahin',
      company: 'Öztürk A.Ş.',
      ticketType: 'VIP',
      ticketId: 'K7Q2MZ9D4H',
      code: badgeCode(t.ctx.config.publicUrl, 'K7Q2MZ9D4H'),
    });
  });

  it('E8.20 a participant without a ticket id gets nulls for the message, and no PDF (404)', async () => {
    const me = await holder(null);
    const res = await call<MyTicket>(t.app, {
      method: 'GET',
      url: `/api/v1/event/ticket?eventId=${event.id}`,
      headers: me.headers,
    });
    expect(res.body.data).toMatchObject({ ticketId: null, code: null });
    const pdf = await get(`/event/ticket/pdf?eventId=${event.id}`, me.headers);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json()).toMatchObject({ success: false, error: { code: 'MST-00404' } });
  });

  it('E2.61 nobody gets another person’s ticket: no way to name one, 403 outside the event, 401 without a token', async () => {
    const owner = await holder('OWNERTICKET');
    const other = await holder('OTHERTICKET');
    // The routes take the event only: the ticket is always the caller's own.
    const mine = await call<MyTicket>(t.app, {
      method: 'GET',
      url: `/api/v1/event/ticket?eventId=${event.id}`,
      headers: other.headers,
    });
    expect(mine.body.data?.ticketId).toBe('OTHERTICKET');
    for (const extra of [`participantId=${owner.id}`, 'ticketId=OWNERTICKET', `userId=${owner.userId}`]) {
      expect((await get(`/event/ticket?eventId=${event.id}&${extra}`, other.headers)).statusCode).toBe(400);
      expect((await get(`/event/ticket/pdf?eventId=${event.id}&${extra}`, other.headers)).statusCode).toBe(
        400,
      );
    }
    const stranger = await makeUser(t.ctx);
    expect((await get(`/event/ticket?eventId=${event.id}`, stranger.headers)).statusCode).toBe(403);
    expect((await get(`/event/ticket/pdf?eventId=${event.id}`, stranger.headers)).statusCode).toBe(403);
    expect((await get('/event/ticket?eventId=999999', owner.headers)).statusCode).toBe(404);
    expect((await get(`/event/ticket?eventId=${event.id}`)).statusCode).toBe(401);
    expect((await get(`/event/ticket/pdf?eventId=${event.id}`)).statusCode).toBe(401);
    // A removed participant has no ticket any more.
    await t.ctx.db.updateTable('participants').set({ state: 'deleted' }).where('id', '=', owner.id).execute();
    expect((await get(`/event/ticket/pdf?eventId=${event.id}`, owner.headers)).statusCode).toBe(403);
  });

  it('issue 14 the PDF is one card-sized page with the QR, and Turkish and Cyrillic names in real glyphs', async () => {
    const name = 'Ğülşen İçöz';
    const surname = 'Жанна Ёлкина';
    const me = await holder('K7Q2MZ9D4H', { name, surname });
    const res = await get(`/event/ticket/pdf?eventId=${event.id}`, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ticket-K7Q2MZ9D4H.pdf"');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const page = await firstPageContent(bytes);
    expect(page.pages).toBe(1);
    expect(page.size.width).toBeCloseTo(CARD_WIDTH, 1);
    expect(page.size.height).toBeCloseTo(CARD_HEIGHT, 1);
    expect(CARD_WIDTH / 72).toBeCloseTo(53.98 / 25.4, 3); // ID-1, upright

    // Every letter has its own glyph in the embedded font (none falls back to �), and the page
    // draws the name, the ticket id and the event's name with them.
    const font = embedTrueType(await PDFDocument.create(), loadPdfFont());
    const fallback = font.glyphs('\uFFFD')[0];
    for (const text of [name, surname, 'Zirve İstanbul', 'Öztürk A.Ş.']) {
      expect(font.glyphs(text.replace(/\s/g, ''))).not.toContain(fallback);
    }
    const drawn = (text: string) => page.content.includes(font.encode(text).toString().slice(1, -1));
    for (const word of [
      ...`${name} ${surname}`.split(' '),
      'K7Q2MZ9D4H',
      'Zirve İstanbul',
      'Öztürk A.Ş. · VIP',
    ]) {
      expect(drawn(word), word).toBe(true);
    }
    expect(drawn('Somebody Else')).toBe(false);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Ticket K7Q2MZ9D4H – Zirve İstanbul');
  });

  it('issue 14 the e-mail’s signed link opens the PDF for its owner only', async () => {
    const me = await holder('LINKTICKET');
    const participant = await t.ctx.db
      .selectFrom('participants')
      .selectAll()
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    const link = new URL(ticketPdfLink(t.ctx.config, participant)!);
    expect(link.origin).toBe(new URL(t.ctx.config.publicUrl).origin);
    const ok = await get(`${link.pathname.replace('/api/v1', '')}${link.search}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const key = link.searchParams.get('key')!;
    const other = await makeParticipant(t.ctx, event.id, null, { ticket_id: 'SOMEONEELSE' });
    const flipped = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    for (const query of [
      `participantId=${other.id}&key=${key}`, // another person with my key
      `participantId=${me.id}&key=${flipped}`, // a guessed key
      `participantId=999999&key=${key}`,
    ]) {
      expect((await get(`/ticket/pdf?${query}`)).statusCode, query).toBe(404);
    }
    expect((await get(`/ticket/pdf?participantId=${me.id}&key=short`)).statusCode).toBe(400);
    expect((await get(`/ticket/pdf?participantId=${me.id}`)).statusCode).toBe(400);
    // A new ticket id, or the person removed, makes the old link useless.
    await t.ctx.db
      .updateTable('participants')
      .set({ ticket_id: 'NEWTICKET' })
      .where('id', '=', me.id)
      .execute();
    expect((await get(`/ticket/pdf?participantId=${me.id}&key=${key}`)).statusCode).toBe(404);
    await t.ctx.db
      .updateTable('participants')
      .set({ ticket_id: 'LINKTICKET', state: 'deleted' })
      .where('id', '=', me.id)
      .execute();
    expect((await get(`/ticket/pdf?participantId=${me.id}&key=${key}`)).statusCode).toBe(404);
  });
});
