import type { ContactLookup, ContactPage, ScanContactResult } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { call, useTestApp } from '../../../test/helper';

const t = useTestApp();

const scan = (who: Person, body: unknown) =>
  call<ScanContactResult>(t.app, {
    method: 'POST',
    url: '/api/v1/contact/scan',
    headers: who.headers,
    payload: body as Record<string, unknown>,
  });

const vcard = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD'].join('\r\n');

async function counts() {
  const n = async (table: 'contacts' | 'contact_notes' | 'contact_exchanges') =>
    Number(
      (await t.ctx.db.selectFrom(table).select(t.ctx.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );
  return {
    contacts: await n('contacts'),
    notes: await n('contact_notes'),
    exchanges: await n('contact_exchanges'),
  };
}

describe('scanning codes into contacts (E1.11, E4.64)', () => {
  it('E4.64 E5.41 E5.42 a vCard whose phone matches a participant is that participant', async () => {
    const event = await makeEvent(t.ctx);
    const me = await makePerson(t.ctx, event.id);
    const zoe = await makePerson(t.ctx, event.id, { name: 'Zoe', phone: '+44 20 7946 0958' });
    const res = await scan(me, {
      eventId: event.id,
      code: vcard(
        'FN:Zoe Card',
        'TEL;TYPE=CELL:+44 (20) 7946-0958',
        'EMAIL:ZOE@ELSEWHERE.EXAMPLE',
        'NOTE:From her card',
      ),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      matched: true,
      contact: {
        participantId: zoe.id,
        exchange: 'sent',
        source: 'vcard',
        firstName: 'Zoe',
        lastName: 'Card',
        // What she handed over on her card is mine to keep, whatever the exchange's state.
        emails: ['zoe@elsewhere.example'],
        phones: ['00442079460958'],
      },
    });
    expect(res.body.data?.contact.notes.map((n) => n.note)).toEqual(['From her card']);
  });

  it('E4.64 E5.42 a MECARD matches by e-mail, trimmed and lowercased', async () => {
    const event = await makeEvent(t.ctx);
    const me = await makePerson(t.ctx, event.id);
    const max = await makePerson(t.ctx, event.id, { name: 'Max', email: `max-${Date.now()}@example.test` });
    const res = await scan(me, {
      eventId: event.id,
      code: `MECARD:N:Power,Max;EMAIL: ${max.email.toUpperCase()} ;;`,
    });
    expect(res.body.data).toMatchObject({
      matched: true,
      contact: { participantId: max.id, source: 'mecard' },
    });
  });

  it('E1.11 an unmatched vCard is a contact card with its fields; a second scan merges into it', async () => {
    const event = await makeEvent(t.ctx);
    const me = await makePerson(t.ctx, event.id);
    const code = vcard(
      'N:Hopper;Grace;;;',
      'ORG:US Navy',
      'TITLE:Rear Admiral',
      'EMAIL:grace@navy.example',
      'URL:https://navy.example',
    );
    const first = await scan(me, { eventId: event.id, code });
    expect(first.body.data).toMatchObject({
      matched: false,
      created: true,
      contact: {
        participantId: null,
        exchange: null,
        fullName: 'Grace Hopper',
        company: 'US Navy',
        jobTitle: 'Rear Admiral',
        emails: ['grace@navy.example'],
        website: 'https://navy.example',
      },
    });
    const second = await scan(me, {
      eventId: event.id,
      code: vcard('FN:Grace Hopper', 'EMAIL:grace@navy.example', 'TEL:+1 555 0199'),
      note: 'Second scan',
    });
    expect(second.body.data).toMatchObject({
      created: false,
      contact: { id: first.body.data?.contact.id, phones: ['0015550199'] },
    });
    const list = await call<ContactPage>(t.app, {
      method: 'GET',
      url: '/api/v1/contact',
      headers: me.headers,
    });
    expect(list.body.data?.items).toHaveLength(1);
  });

  it('racing scans of one badge keep one contact and one exchange', async () => {
    // Several rounds: the collision (a contact is unique by participant and by ticket) is a matter of timing.
    for (let round = 0; round < 8; round++) {
      const event = await makeEvent(t.ctx);
      const me = await makePerson(t.ctx, event.id);
      const other = await makePerson(t.ctx, event.id);
      const code = `TCK-RACE-${round}-${Date.now()}`;
      await t.ctx.db
        .updateTable('participants')
        .set({ ticket_id: code })
        .where('id', '=', other.id)
        .execute();
      const results = await Promise.all([1, 2, 3].map(() => scan(me, { eventId: event.id, code })));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(results.filter((r) => r.body.data?.created)).toHaveLength(1);
      const rows = await t.ctx.db
        .selectFrom('contacts')
        .select('id')
        .where('owner_id', '=', me.userId)
        .execute();
      expect(rows).toHaveLength(1);
      const exchanges = await t.ctx.db
        .selectFrom('contact_exchanges')
        .select('id')
        .where('requester_id', '=', me.userId)
        .execute();
      expect(exchanges).toHaveLength(1);
    }
  });

  it('E4.64 a badge handed on to someone else saves its new holder; the ticket moves to their contact', async () => {
    const event = await makeEvent(t.ctx);
    const me = await makePerson(t.ctx, event.id);
    const first = await makePerson(t.ctx, event.id, { name: 'First' });
    const second = await makePerson(t.ctx, event.id, { name: 'Second' });
    const code = `TCK-HANDED-${Date.now()}`;
    const setTicket = (participantId: number, ticketId: string | null) =>
      t.ctx.db
        .updateTable('participants')
        .set({ ticket_id: ticketId })
        .where('id', '=', participantId)
        .execute();
    await setTicket(first.id, code);
    const saved = await scan(me, { eventId: event.id, code });
    expect(saved.body.data?.contact.participantId).toBe(first.id);
    // The ticket is handed on: the first holder loses it, the second has it.
    await setTicket(first.id, null);
    await setTicket(second.id, code);
    const lookup = await call<ContactLookup>(t.app, {
      method: 'GET',
      url: `/api/v1/contact/lookup?eventId=${event.id}&code=${code}`,
      headers: me.headers,
    });
    expect(lookup.status).toBe(200);
    expect(lookup.body.data).toMatchObject({ firstName: 'Second', existingContactId: null });
    const again = await scan(me, { eventId: event.id, code });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: true, contact: { participantId: second.id } });
    const rows = await t.ctx.db
      .selectFrom('contacts')
      .select(['participant_id', 'ticket_id'])
      .where('owner_id', '=', me.userId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { participant_id: first.id, ticket_id: null },
      { participant_id: second.id, ticket_id: code },
    ]);
  });

  it('E5.40 E5.43 bad input is a 4xx that changes nothing: empty, forbidden characters, NUL, huge, unknown', async () => {
    const event = await makeEvent(t.ctx);
    const me = await makePerson(t.ctx, event.id);
    const other = await makePerson(t.ctx, event.id);
    await t.ctx.db
      .updateTable('participants')
      .set({ ticket_id: `TCK-OWN-${me.id}` })
      .where('id', '=', me.id)
      .execute();
    const before = await counts();
    const cases: [unknown, number, string | undefined][] = [
      [{ eventId: event.id, code: '' }, 400, 'validation.error.required'],
      [{ eventId: event.id, code: '   ' }, 400, 'validation.error.required'], // E5.43
      [{ eventId: event.id, code: 'TCK#1' }, 400, 'contacts.error.code'], // E5.40
      [{ eventId: event.id, code: "TCK'1" }, 400, 'contacts.error.code'],
      [{ eventId: event.id, code: 'TCK-\u0000' }, 400, 'validation.error.nul'],
      [
        { eventId: event.id, code: vcard('FN:Nul\u0000Byte', 'EMAIL:n@x.example') },
        400,
        'validation.error.nul',
      ],
      [
        { eventId: event.id, code: vcard('FN:Huge', `NOTE:${'x'.repeat(5000)}`) },
        400,
        'validation.error.maxLength',
      ],
      [{ eventId: event.id, code: vcard('NOTE:nobody') }, 400, 'contacts.error.scanEmpty'],
      [{ eventId: event.id, code: 'just some words' }, 400, 'contacts.error.scanData'],
      [
        { eventId: event.id, code: vcard('FN;ENCODING=QUOTED-PRINTABLE:Jane=00Doe') },
        400,
        'contacts.error.scanData',
      ],
      [{ eventId: event.id, code: `TCK-OWN-${me.id}` }, 400, 'contacts.error.self'],
      [{ eventId: event.id, code: 'NO-SUCH-TICKET' }, 404, undefined],
      [{ eventId: event.id, code: 42 }, 400, undefined],
      [{ eventId: event.id, code: 'TCK-1', extra: true }, 400, undefined],
    ];
    for (const [body, status, field] of cases) {
      const res = await scan(me, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.success).toBe(false);
      if (field) expect(res.body.error?.fields?.code, JSON.stringify(body).slice(0, 80)).toBe(field);
    }
    // A body far past what a QR code holds is refused before any parsing.
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/scan',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({
        eventId: event.id,
        code: vcard(`PHOTO;ENCODING=b:${'A'.repeat(3_000_000)}`),
      }),
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    // Not at this event: 403.
    const elsewhere = await makeEvent(t.ctx);
    expect((await scan(other, { eventId: elsewhere.id, code: 'TCK-1' })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
