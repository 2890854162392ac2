import type { AgendaExportResult } from '@foyer/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makePerson } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { api, at, createSession, join, makeAgendaEvent, T0 } from './agenda.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://foyer.example' } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.setNow(T0);
});

describe('agenda export by e-mail (E1.07, E5.25)', () => {
  it('E1.07 mails the caller their agenda of the chosen event, times in their zone', async () => {
    const event = await makeAgendaEvent(t.ctx, { timezone: 'Europe/Istanbul' });
    const ada = await makePerson(t.ctx, event.id);
    const talk = await createSession(t.ctx, event.id, { name: 'Export talk', sdt: at(60), edt: at(120) });
    expect((await join(t.app, ada, event.id, talk.id)).status).toBe(200);
    const res = await api<AgendaExportResult>(t.app, {
      method: 'POST',
      url: '/api/v1/event/agenda/export',
      headers: ada.headers,
      payload: { eventId: event.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sentTo: ada.email, items: 1 });
    await t.app.bus.idle();
    const mail = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', ada.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(event.name);
    // T0 + 60 min = 10:00 UTC = 13:00 in Istanbul (the user has no zone of their own).
    expect(mail.body_text).toContain('2026-11-22 13:00–14:00  Export talk');
  });

  it('E5.25 the event is required; a stranger to the event is refused', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const other = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const missing = await api(t.app, {
      method: 'POST',
      url: '/api/v1/event/agenda/export',
      headers: ada.headers,
      payload: {},
    });
    expect(missing.status).toBe(400);
    const foreign = await api(t.app, {
      method: 'POST',
      url: '/api/v1/event/agenda/export',
      headers: ada.headers,
      payload: { eventId: other.id },
    });
    expect(foreign.status).toBe(403);
  });
});
