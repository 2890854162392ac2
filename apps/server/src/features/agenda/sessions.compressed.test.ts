import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { SessionsPage } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makePerson, type Person } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { at, createSession, join, makeAgendaEvent, T0 } from './agenda.fixtures';

// A sessions page that several callers see alike is compressed once and its bytes reused
// (http/compression.ts nameBody, named by the cards' copies in sessions.present.ts). Reuse must never
// hand anyone bytes of another state: someone else's status, or seats from before a change.

const t = useTestApp(T0);

async function compressed(who: Person, eventId: number, encoding: 'br' | 'gzip') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/event/${eventId}/sessions`,
    headers: { ...who.headers, 'accept-encoding': encoding },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBe(encoding);
  // A kept copy as much as a fresh one: caches must not hand it to a client that did not ask for it.
  expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
  const bytes = res.rawPayload;
  const plain = encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes);
  return { bytes, page: (JSON.parse(plain.toString('utf8')) as { data: SessionsPage }).data };
}

async function plain(who: Person, eventId: number): Promise<SessionsPage> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/event/${eventId}/sessions`,
    headers: who.headers,
  });
  expect(res.headers['content-encoding']).toBeUndefined();
  return (res.json() as { data: SessionsPage }).data;
}

describe('compressed sessions pages shared by callers who see them alike', () => {
  it('E2.13 the same bytes for the same page, each caller’s own state, and a change shows at once', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const [ada, bob, carol] = [
      await makePerson(t.ctx, event.id),
      await makePerson(t.ctx, event.id),
      await makePerson(t.ctx, event.id),
    ];
    // Enough cards for the page to be compressed (1 KB and more).
    const sessions = [];
    for (let i = 0; i < 12; i++) {
      sessions.push(
        await createSession(t.ctx, event.id, {
          name: `Talk ${i}`,
          capacity: 20,
          description: `About subject ${i}, at length.`,
          sdt: at(60 * i),
          edt: at(60 * i + 30),
        }),
      );
    }
    const first = sessions[0]!;
    expect((await join(t.app, carol, event.id, first.id)).status).toBe(200);

    const a = await compressed(ada, event.id, 'br');
    const b = await compressed(bob, event.id, 'br');
    const c = await compressed(carol, event.id, 'br');
    expect(a.page).toEqual(await plain(ada, event.id));
    expect(Buffer.compare(a.bytes, b.bytes)).toBe(0);
    expect(c.page).toEqual(await plain(carol, event.id));
    expect(c.page.sessions[0]).toMatchObject({ id: first.id, myStatus: 'joined', usedCapacity: 1 });
    expect(a.page.sessions[0]).toMatchObject({ id: first.id, myStatus: null, usedCapacity: 1 });
    expect(Buffer.compare(a.bytes, c.bytes)).not.toBe(0);
    const gzip = await compressed(bob, event.id, 'gzip');
    expect(gzip.page).toEqual(a.page);

    // Bob takes a seat: his page and Ada's change, though Ada's was served from a kept copy.
    expect((await join(t.app, bob, event.id, first.id)).status).toBe(200);
    const after = await compressed(ada, event.id, 'br');
    expect(after.page.sessions[0]).toMatchObject({ myStatus: null, usedCapacity: 2 });
    expect(after.page).toEqual(await plain(ada, event.id));
    expect((await compressed(bob, event.id, 'gzip')).page.sessions[0]).toMatchObject({
      myStatus: 'joined',
      usedCapacity: 2,
    });

    // The clock moves past the first session: no longer available, in a fresh copy.
    t.setNow(at(40));
    const later = await compressed(ada, event.id, 'br');
    expect(later.page.sessions[0]).toMatchObject({ id: first.id, availableToMe: false });
    expect(later.page).toEqual(await plain(ada, event.id));
  });
});
