import type { ContactDetails, ContactLookup, ContactNote, ContactPage } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeParticipant, makePerson } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { apiAs, failingRealtime, useTestApp } from '../../../test/helper';
import { deleteContact, deleteNote, saveContact, saveNote } from './contacts.service';

const t = useTestApp();

const api = apiAs(t);

async function setup() {
  const event = await makeEvent(t.ctx);
  const me = await makePerson(t.ctx, event.id, { name: 'Mia' });
  const other = await makePerson(t.ctx, event.id, { name: 'Otto' });
  return { event, me, other };
}

const rowCount = async (table: 'contacts' | 'contact_notes') =>
  Number(
    (await t.ctx.db.selectFrom(table).select(t.ctx.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
  );

describe('contacts API (E7.50–E7.54)', () => {
  it('E7.82 my contact and note edits are told to my other devices (userRooms), and to nobody else', async () => {
    const { event, me, other } = await setup();
    const records = (userId: number) =>
      t.ctx.db
        .selectFrom('realtime_events')
        .select(['type', 'payload'])
        .where('room', '=', `userRooms/${userId}`)
        .where('type', '=', 'contacts.edited')
        .orderBy('id')
        .execute();
    const saved = await api<ContactDetails>(me, 'POST', '/contact', {
      events: [event.id],
      firstName: 'Ada',
      emails: ['ada@example.test'],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const contactId = saved.body.data?.id ?? 0;
    expect((await api(me, 'POST', '/contact/note', { contactId, note: 'Met at the lounge' })).status).toBe(
      200,
    );
    expect((await api(other, 'POST', '/contact/note', { contactId, note: 'not mine' })).status).toBe(404);
    expect((await api(me, 'DELETE', `/contact/${contactId}`)).status).toBe(200);
    expect(await records(me.userId)).toEqual([
      { type: 'contacts.edited', payload: { contactId } },
      { type: 'contacts.edited', payload: { contactId } },
      { type: 'contacts.edited', payload: { contactId: null } },
    ]);
    expect(await records(other.userId)).toEqual([]);
  });

  it('E7.82 a contact or note edit whose announcement cannot be written is not kept either', async () => {
    const { event, me } = await setup();
    const saved = await api<ContactDetails>(me, 'POST', '/contact', {
      events: [event.id],
      firstName: 'Ada',
      emails: ['ada@example.test'],
      note: 'first',
    });
    const contactId = saved.body.data?.id ?? 0;
    const noteId = saved.body.data?.notes[0]?.id ?? 0;
    const before = (await api<ContactDetails>(me, 'GET', `/contact/${contactId}`)).body;
    const failing = { ctx: t.ctx, realtime: failingRealtime(t) };
    const attempts = [
      () =>
        saveContact(failing, me.userId, {
          events: [event.id],
          firstName: 'Bea',
          emails: ['bea@example.test'],
          phones: [],
        }),
      () =>
        saveContact(failing, me.userId, {
          id: contactId,
          events: [event.id],
          firstName: 'Renamed',
          emails: [],
          phones: [],
        }),
      () => saveNote(failing, me.userId, { contactId, contactType: 'scan', note: 'lost?' }),
      () => saveNote(failing, me.userId, { contactId, contactType: 'scan', id: noteId, note: 'edited?' }),
      () => deleteNote(failing, me.userId, noteId),
      () => deleteContact(failing, me.userId, contactId),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toThrow('realtime insert failed');
    // The body only: the response's Date header moves on when a second passes meanwhile.
    expect((await api<ContactDetails>(me, 'GET', `/contact/${contactId}`)).body).toEqual(before);
    expect(await rowCount('contacts')).toBe(1);
    expect(await rowCount('contact_notes')).toBe(1);
  });

  it('E7.50 E5.36 E5.38 E3.28 adds a contact with e-mails and phones as lists and a first note', async () => {
    const { event, me } = await setup();
    const res = await api<ContactDetails>(me, 'POST', '/contact', {
      events: [event.id],
      firstName: ' Grace ',
      lastName: 'Hopper',
      emails: ['Grace@Navy.example ', 'grace@navy.example'],
      phones: ['+1 (555) 010-2000', ''],
      company: 'US Navy',
      note: 'Talk about compilers',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      firstName: 'Grace',
      fullName: 'Grace Hopper',
      emails: ['grace@navy.example'],
      phones: ['0015550102000'],
      email: 'grace@navy.example',
      company: 'US Navy',
      note: 'Talk about compilers',
      eventObjects: [{ id: event.id, name: event.name }],
    });
    expect(res.body.data?.notes.map((n) => n.note)).toEqual(['Talk about compilers']);
  });

  it('E5.36 first name and an e-mail are required; bad input changes nothing', async () => {
    const { event, me } = await setup();
    const before = await rowCount('contacts');
    for (const body of [
      { events: [event.id], firstName: '', emails: ['a@b.co'] },
      { events: [event.id], firstName: 'A', emails: [] },
      { events: [event.id], firstName: 'A', emails: ['not-an-email'] },
      { events: [event.id], firstName: 'A', emails: ['a@b.co'], phones: ['call me'] },
      { events: [event.id], firstName: 'A', emails: ['a@b.co'], surprise: 1 },
      { events: ['x'], firstName: 'A', emails: ['a@b.co'] },
    ]) {
      const res = await api(me, 'POST', '/contact', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect(await rowCount('contacts')).toBe(before);
  });

  it('too many e-mails, phones or events, a search too long or a note type not offered: 400 with a message key', async () => {
    const { event, me } = await setup();
    const before = await rowCount('contacts');
    const contact = { events: [event.id], firstName: 'Ada', emails: ['ada@example.test'] };
    for (const [method, url, payload, fields] of [
      [
        'POST',
        '/contact',
        { ...contact, emails: Array.from({ length: 11 }, (_, i) => `a${i}@example.test`) },
        { emails: 'validation.error.maxItems' },
      ],
      [
        'POST',
        '/contact',
        { ...contact, phones: Array.from({ length: 11 }, (_, i) => `+1 555 01${i}0`) },
        { phones: 'validation.error.maxItems' },
      ],
      [
        'POST',
        '/contact',
        { ...contact, events: Array.from({ length: 51 }, (_, i) => i + 1) },
        { events: 'validation.error.maxItems' },
      ],
      ['GET', `/contact?search=${'a'.repeat(101)}`, undefined, { search: 'validation.error.maxLength' }],
      [
        'POST',
        '/contact/note',
        { contactId: 1, contactType: 'email', note: 'x' },
        { contactType: 'validation.error.option' },
      ],
    ] as const) {
      const res = await api(me, method, url, payload);
      expect(res.status, url).toBe(400);
      expect(res.body.error?.fields, url).toEqual(fields);
    }
    expect(await rowCount('contacts')).toBe(before);
  });

  it('only for events I take part in, and only my own contacts are visible', async () => {
    const { event, me, other } = await setup();
    const elsewhere = await makeEvent(t.ctx);
    const refused = await api(me, 'POST', '/contact', {
      events: [elsewhere.id],
      firstName: 'A',
      emails: ['a@b.co'],
    });
    expect(refused.status).toBe(403);
    const mine = await api<ContactDetails>(me, 'POST', '/contact', {
      events: [event.id],
      firstName: 'Ada',
      emails: ['ada@x.example'],
    });
    const id = mine.body.data?.id as number;
    expect((await api(other, 'GET', `/contact/${id}`)).status).toBe(404);
    expect((await api(other, 'DELETE', `/contact/${id}`)).status).toBe(404);
    expect((await api<ContactPage>(other, 'GET', '/contact')).body.data?.items).toEqual([]);
    expect((await api(null, 'GET', '/contact')).status).toBe(401);
  });

  it('A9.19 E2.49 lists newest first, 10 at a time, by event and search', async () => {
    const { event, me } = await setup();
    const second = await makeEvent(t.ctx);
    // I take part in a second event too.
    await makeParticipant(t.ctx, second.id, {
      id: me.userId,
      username: 'me@example.test',
      name: 'Mia',
      surname: 'Tester',
    });
    for (let i = 0; i < 12; i++) {
      await api(me, 'POST', '/contact', {
        events: [i < 11 ? event.id : second.id],
        firstName: `Person${i}`,
        emails: [`p${i}@x.example`],
        company: i === 3 ? 'Acme Rockets' : 'Other',
      });
    }
    const first = await api<ContactPage>(me, 'GET', '/contact');
    expect(first.body.data?.items).toHaveLength(10);
    expect(first.body.data?.items[0]?.firstName).toBe('Person11');
    const next = await api<ContactPage>(me, 'GET', `/contact?after=${first.body.data?.nextCursor}`);
    expect(next.body.data?.items.map((c) => c.firstName)).toEqual(['Person1', 'Person0']);
    expect(next.body.data?.nextCursor).toBeNull();
    const atSecond = await api<ContactPage>(me, 'GET', `/contact?eventId=${second.id}`);
    expect(atSecond.body.data?.items.map((c) => c.firstName)).toEqual(['Person11']);
    const found = await api<ContactPage>(me, 'GET', '/contact?search=rocket');
    expect(found.body.data?.items.map((c) => c.firstName)).toEqual(['Person3']);
    const percent = await api<ContactPage>(me, 'GET', '/contact?search=%25');
    expect(percent.body.data?.items).toEqual([]); // % is a character, not a wildcard
  });

  it('E1.12 E7.51 E7.52 E3.29 E5.39 notes: add, edit, delete; the newest shows on the card', async () => {
    const { event, me, other } = await setup();
    const contact = (
      await api<ContactDetails>(me, 'POST', '/contact', {
        events: [event.id],
        firstName: 'N',
        emails: ['n@x.example'],
      })
    ).body.data as ContactDetails;
    const added = await api<ContactNote>(me, 'POST', '/contact/note', {
      contactId: contact.id,
      note: 'first',
    });
    expect(added.body.data).toMatchObject({ note: 'first', contactType: 'scan', contactId: contact.id });
    await api(me, 'POST', '/contact/note', { contactId: contact.id, note: 'second' });
    const noteId = added.body.data?.id as number;
    const edited = await api<ContactNote>(me, 'POST', '/contact/note', {
      id: noteId,
      contactId: contact.id,
      note: 'first, edited',
    });
    expect(edited.body.data?.note).toBe('first, edited');
    expect((await api(me, 'POST', '/contact/note', { contactId: contact.id, note: '  ' })).status).toBe(400);
    expect((await api(other, 'POST', '/contact/note', { contactId: contact.id, note: 'x' })).status).toBe(
      404,
    );
    expect((await api(other, 'DELETE', `/contact/note/${noteId}`)).status).toBe(404);
    const list = await api<ContactPage>(me, 'GET', '/contact');
    expect(list.body.data?.items[0]?.note).toBe('second');
    expect((await api(me, 'DELETE', `/contact/note/${noteId}`)).status).toBe(200);
    const details = await api<ContactDetails>(me, 'GET', `/contact/${contact.id}`);
    expect(details.body.data?.notes.map((n) => n.note)).toEqual(['second']);
  });

  it('E7.54 E4.64 E5.40 E5.53 looks a badge up by ticket id or badge link', async () => {
    const { event, me, other } = await setup();
    await t.ctx.db
      .updateTable('participants')
      .set({ ticket_id: 'TCK-77', company: 'Otto GmbH', phone: '+49 30 1234' })
      .where('id', '=', other.id)
      .execute();
    const byId = await api<ContactLookup>(me, 'GET', `/contact/lookup?eventId=${event.id}&code=TCK-77`);
    expect(byId.body.data).toMatchObject({ ticketId: 'TCK-77', firstName: 'Otto', company: 'Otto GmbH' });
    const link = encodeURIComponent('https://foyer.example/event/1/tickets/TCK-77');
    const byLink = await api<ContactLookup>(me, 'GET', `/contact/lookup?eventId=${event.id}&code=${link}`);
    expect(byLink.body.data?.ticketId).toBe('TCK-77');
    const unknown = await api(me, 'GET', `/contact/lookup?eventId=${event.id}&code=NOPE-1`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.msg).toBe('Ticket not found');
    for (const bad of ['A#1', 'A$1', 'A[1]', "A'1", 'A?1']) {
      const res = await api(me, 'GET', `/contact/lookup?eventId=${event.id}&code=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error?.fields?.code).toBe('contacts.error.code');
    }
    const noTickets = await api(
      me,
      'GET',
      `/contact/lookup?eventId=${event.id}&code=${encodeURIComponent('https://x.example/a/b')}`,
    );
    expect(noTickets.status).toBe(400);
  });

  it('scanning the same badge twice keeps one contact, even when both saves race', async () => {
    const { event, me } = await setup();
    const body = { events: [event.id], firstName: 'Twice', emails: ['t@x.example'], ticketId: 'TCK-2' };
    const results = await Promise.all([api(me, 'POST', '/contact', body), api(me, 'POST', '/contact', body)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const rows = await t.ctx.db
      .selectFrom('contacts')
      .select('id')
      .where('ticket_id', '=', 'TCK-2')
      .execute();
    expect(rows).toHaveLength(1);
    // The badge's owner: a lookup now says it is already among my contacts.
    await t.ctx.db
      .updateTable('participants')
      .set({ ticket_id: 'TCK-2' })
      .where('user_id', '=', me.userId)
      .execute();
    const found = await api<ContactLookup>(me, 'GET', `/contact/lookup?eventId=${event.id}&code=TCK-2`);
    expect(found.body.data?.existingContactId).toBe(rows[0]?.id);
  });

  it('E7.50 a contact edited to the badge another of my contacts has is a 409, and nothing changes', async () => {
    const { event, me } = await setup();
    const first = await api<ContactDetails>(me, 'POST', '/contact', {
      events: [event.id],
      firstName: 'First',
      emails: ['first@x.example'],
      ticketId: 'TCK-E1',
    });
    const second = await api<ContactDetails>(me, 'POST', '/contact', {
      events: [event.id],
      firstName: 'Second',
      emails: ['second@x.example'],
      ticketId: 'TCK-E2',
    });
    const edit = await api(me, 'POST', '/contact', {
      id: second.body.data?.id,
      events: [event.id],
      firstName: 'Renamed',
      emails: ['second@x.example'],
      ticketId: 'TCK-E1',
    });
    expect(edit.status).toBe(409);
    expect(edit.body.error?.msg).toBe('Another of your contacts has this badge');
    const rows = await t.ctx.db
      .selectFrom('contacts')
      .select(['id', 'first_name', 'ticket_id'])
      .where('id', 'in', [first.body.data?.id as number, second.body.data?.id as number])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.first_name, r.ticket_id])).toEqual([
      ['First', 'TCK-E1'],
      ['Second', 'TCK-E2'],
    ]);
  });

  it('E7.53 E1.13 E9.53 exports scanned_contacts.csv with notes separated by a line of equals signs', async () => {
    const { event, me } = await setup();
    const contact = (
      await api<ContactDetails>(me, 'POST', '/contact', {
        events: [event.id],
        firstName: 'Csv',
        lastName: 'Quote "Me"',
        emails: ['csv@x.example'],
        company: '=cmd()',
        note: 'one',
      })
    ).body.data as ContactDetails;
    await api(me, 'POST', '/contact/note', { contactId: contact.id, note: 'two' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/contact/export?eventId=${event.id}`,
      headers: me.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="scanned_contacts.csv"');
    const [header, row] = res.body.split('\r\n');
    expect(header).toBe(
      'First name,Last name,E-mails,Phones,Company,Job title,Website,Ticket,Events,Added,Notes',
    );
    expect(row).toContain('Csv,"Quote ""Me""",csv@x.example,,\'=cmd()');
    expect(res.body).toContain(`"one\n${'='.repeat(20)}\ntwo"`);
  });

  it('E9.53 a field with a ";" or a tab is quoted: a spreadsheet splitting on them starts no formula', async () => {
    const { event, me } = await setup();
    await api<ContactDetails>(me, 'POST', '/contact', {
      events: [event.id],
      firstName: 'Semi',
      lastName: 'x;=1+2',
      emails: ['semi@x.example'],
      company: 'Acme\t=HYPERLINK("https://evil.example")',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/contact/export?eventId=${event.id}`,
      headers: me.headers,
    });
    expect(res.statusCode).toBe(200);
    // Excel in tr, ru and es locales (ours) splits a CSV on ";": unquoted, "=1+2" would be a cell.
    expect(res.body).toContain('Semi,"x;=1+2",semi@x.example,,"Acme\t=HYPERLINK(""https://evil.example"")"');
  });
});

/** PGlite runs one transaction at a time: only PostgreSQL lets a note wait on the contact's delete. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a note beside its contact’s delete (PostgreSQL)', () => {
  const held = useHeldTransactions(() => t.ctx.db);

  it('E7.51 a note added while its contact is being deleted is a 404, not a 500', async () => {
    const { event, me } = await setup();
    const saved = await api<ContactDetails>(me, 'POST', '/contact', {
      events: [event.id],
      firstName: 'Gone',
      emails: ['gone@x.example'],
    });
    const contactId = saved.body.data?.id as number;
    // My other device deletes the contact (contacts.service.ts deleteContact), not yet committed.
    const noted = await held.behind(
      async (trx) => {
        await trx.deleteFrom('contacts').where('id', '=', contactId).execute();
      },
      () => api(me, 'POST', '/contact/note', { contactId, note: 'Call back' }),
    );
    expect(noted.status).toBe(404);
    expect(noted.body.error?.msg).toBe('Contact not found');
  });
});
