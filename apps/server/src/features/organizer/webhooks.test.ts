import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery, WebhookEventType, WebhookWithSecret } from '@foyer/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeType, type Person } from '../../../test/factories';
import { apiAs, call, useTestApp } from '../../../test/helper';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './webhooks.delivery';

const t = useTestApp();
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
});

const T0 = new Date('2027-03-01T10:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 (ephemeral port) answering the given status codes in turn (then 200). */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received };
}

/** Recomputes the signature as a receiver would, with the webhook's secret. */
function verify(secret: string, got: Received): boolean {
  const header = String(got.headers['x-foyer-signature']);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${got.body}`).digest('hex');
  return expected === match[2];
}

const req = apiAs(t);

async function setup(events: WebhookEventType[], statuses: number[] = []) {
  t.setNow(T0);
  const event = await makeEvent(t.ctx, { public_event: true });
  await makeType(t.ctx, event.id, { name: 'Attendee', atRegistration: true });
  const owner = await makePerson(t.ctx, event.id, {
    organizer: true,
    organizerRole: 'owner',
    checkInAdmin: true,
  });
  const base = `/organizer/event/${event.id}/integrations/webhooks`;
  const server = await receiver(statuses);
  const created = await req<WebhookWithSecret>(owner, 'POST', base, { url: server.url, events });
  expect(created.status).toBe(200);
  const { webhook, secret } = created.body.data!;
  const deliveries = async () =>
    (await req<WebhookDelivery[]>(owner, 'GET', `${base}/${webhook.id}/deliveries`)).body.data!;
  return { event, owner, base, server, webhook, secret: secret!, deliveries };
}

const runJob = () => t.app.scheduler.run('webhook-deliveries');

async function checkInGuest(eventId: number, staff: Person) {
  const guest = await makePerson(t.ctx, eventId, { name: 'Grace', surname: 'Hopper' });
  const ticketId = `T${Date.now().toString(36)}${guest.id}`;
  await t.ctx.db
    .updateTable('participants')
    .set({ ticket_id: ticketId })
    .where('id', '=', guest.id)
    .execute();
  const res = await req(staff, 'POST', '/event/participant/checkIn', {
    eventId,
    entityType: 'event',
    ticketId,
    checkIn: true,
  });
  expect(res.status).toBe(200);
  await t.app.bus.idle();
  return { guest, ticketId };
}

describe('webhooks: deliveries (issue 12, part 8)', () => {
  it('signs a delivery with the secret (Stripe-style) and sends the event, delivery id and JSON body', async () => {
    const { event, owner, server, secret, deliveries } = await setup(['participant.checked_in']);
    const { guest } = await checkInGuest(event.id, owner);
    const [queued] = await deliveries();
    expect(queued).toMatchObject({ event: 'participant.checked_in', status: 'pending', attempts: 0 });

    await runJob();
    expect(server.received).toHaveLength(1);
    const got = server.received[0]!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-foyer-event']).toBe('participant.checked_in');
    expect(got.headers['x-foyer-delivery']).toBe(String(queued!.id));
    expect(verify(secret, got)).toBe(true);
    expect(verify('whsec_wrong', got)).toBe(false);
    expect(String(got.headers['x-foyer-signature'])).toContain(`t=${T0.getTime() / 1000},`);
    expect(JSON.parse(got.body)).toMatchObject({
      id: queued!.id,
      type: 'participant.checked_in',
      eventId: event.id,
      occurredAt: T0.toISOString(),
      data: {
        participant: { id: guest.id, name: 'Grace', surname: 'Hopper' },
        area: { type: 'event', id: null },
      },
    });
    expect((await deliveries())[0]).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
  });

  it('retries a receiver that answers 500 twice with backoff; the log shows the three attempts', async () => {
    const { event, owner, server, deliveries } = await setup(['participant.checked_in'], [500, 500]);
    await checkInGuest(event.id, owner);

    await runJob();
    expect((await deliveries())[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
      nextAttemptAt: later(RETRY_DELAYS_MS[0]).toISOString(),
    });
    await runJob(); // not due yet
    expect(server.received).toHaveLength(1);

    t.setNow(later(RETRY_DELAYS_MS[0]));
    await runJob();
    t.setNow(later(RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1] - 1));
    await runJob(); // a millisecond early
    expect(server.received).toHaveLength(2);
    t.setNow(later(RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1]));
    await runJob();

    expect(server.received).toHaveLength(3);
    expect(new Set(server.received.map((r) => r.headers['x-foyer-delivery'])).size).toBe(1);
    const [done] = await deliveries();
    expect(done).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, lastError: null });
    expect(done!.log.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    expect(done!.log.map((a) => a.at)).toEqual([
      T0.toISOString(),
      later(RETRY_DELAYS_MS[0]).toISOString(),
      later(RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1]).toISOString(),
    ]);
  });

  it(`gives a delivery up after ${MAX_ATTEMPTS} failed attempts (dead)`, async () => {
    const { event, owner, server, deliveries } = await setup(
      ['participant.checked_in'],
      Array(MAX_ATTEMPTS + 2).fill(503),
    );
    await checkInGuest(event.id, owner);
    let at = 0;
    await runJob();
    for (const delay of RETRY_DELAYS_MS) {
      at += delay;
      t.setNow(later(at));
      await runJob();
    }
    t.setNow(later(at + 24 * 3_600_000));
    await runJob();
    expect(server.received).toHaveLength(MAX_ATTEMPTS);
    expect((await deliveries())[0]).toMatchObject({
      status: 'dead',
      attempts: MAX_ATTEMPTS,
      nextAttemptAt: null,
    });
  });

  it('a registration produces exactly one delivery, for the subscribed active webhooks only', async () => {
    const { event, owner, base, server, secret, deliveries } = await setup(['participant.registered']);
    const other = await receiver();
    const unsubscribed = await req<WebhookWithSecret>(owner, 'POST', base, {
      url: other.url,
      events: ['participant.checked_in'],
    });
    const inactive = await req<WebhookWithSecret>(owner, 'POST', base, {
      url: other.url,
      events: ['participant.registered'],
      active: false,
    });
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/event/register',
      payload: {
        eventId: event.id,
        name: 'Ada',
        surname: 'Lovelace',
        email: 'ada.hooks@example.com',
        password: 'Correct horse 1',
        consent: true,
      },
    });
    expect(res.status).toBe(200);
    await t.app.bus.idle();
    expect(await deliveries()).toHaveLength(1);
    for (const hook of [unsubscribed, inactive]) {
      const rows = await t.ctx.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('webhook_id', '=', hook.body.data!.webhook.id)
        .execute();
      expect(rows).toEqual([]);
    }
    await runJob();
    expect(server.received).toHaveLength(1);
    expect(other.received).toHaveLength(0);
    expect(verify(secret, server.received[0]!)).toBe(true);
    expect(JSON.parse(server.received[0]!.body).data).toMatchObject({
      mode: 'standard',
      participant: { email: 'ada.hooks@example.com', type: 'Attendee', state: 'active' },
    });
  });

  it('a contact collected by badge names the participant; a meeting confirmed names the meeting', async () => {
    const { event, owner, server, deliveries } = await setup(['contact.collected', 'meeting.confirmed']);
    const collector = await makePerson(t.ctx, event.id, { name: 'Col' });
    const { guest, ticketId } = await checkInGuest(event.id, owner);
    const saved = await req<{ id: number }>(collector, 'POST', '/contact', {
      events: [event.id],
      firstName: 'Grace',
      emails: ['grace@example.com'],
      ticketId,
    });
    expect(saved.status).toBe(200);

    const meeting = await t.ctx.db
      .insertInto('meetings')
      .values({ event_id: event.id, sdt: later(3_600_000), edt: later(5_400_000), video_room: 'room-hooks' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('meeting_participants')
      .values(
        [collector.id, guest.id].map((id, i) => ({
          meeting_id: meeting.id,
          participant_id: id,
          role: i === 0 ? ('host' as const) : ('guest' as const),
          sdt: later(3_600_000),
          edt: later(5_400_000),
        })),
      )
      .execute();
    const changed = {
      type: 'meeting.changed' as const,
      eventId: event.id,
      recipients: [collector.id],
      actorId: guest.id,
      invitationId: null,
      meetingId: meeting.id,
      message: null,
    };
    await t.app.bus.emit({ ...changed, kind: 'confirm_participant_invitation' });
    await t.app.bus.emit({ ...changed, kind: 'cancel_meeting' });
    await t.app.bus.idle();

    const log = await deliveries();
    expect(log.map((d) => d.event)).toEqual(['meeting.confirmed', 'contact.collected']);
    await runJob();
    const bodies = server.received.map((r) => JSON.parse(r.body) as { type: string; data: unknown });
    expect(bodies.find((b) => b.type === 'contact.collected')?.data).toMatchObject({
      contactId: saved.body.data!.id,
      collectorParticipantId: collector.id,
      participant: { id: guest.id, name: 'Grace' },
    });
    expect(bodies.find((b) => b.type === 'meeting.confirmed')?.data).toMatchObject({
      meetingId: meeting.id,
      participantIds: [collector.id, guest.id].sort((a, b) => a - b),
      confirmedBy: guest.id,
    });
  });

  it('E7.50 a badge saved again as a contact merges into the first and is not reported as collected twice', async () => {
    const { event, owner, deliveries } = await setup(['contact.collected']);
    const collector = await makePerson(t.ctx, event.id, { name: 'Col' });
    const { ticketId } = await checkInGuest(event.id, owner);
    const save = (firstName: string) =>
      req<{ id: number }>(collector, 'POST', '/contact', {
        events: [event.id],
        firstName,
        emails: ['grace@example.com'],
        ticketId,
      });
    const first = await save('Grace');
    const again = await save('Grace H.');
    expect([first.status, again.status], JSON.stringify(again.body)).toEqual([200, 200]);
    expect(again.body.data!.id).toBe(first.body.data!.id);
    await t.app.bus.idle();
    expect((await deliveries()).map((d) => d.event)).toEqual(['contact.collected']);
  });

  it('"send test" delivers a signed ping at once and answers it; a dead receiver is reported', async () => {
    const { owner, base, webhook, server, secret, deliveries } = await setup(['participant.registered']);
    const sent = await req<WebhookDelivery>(owner, 'POST', `${base}/${webhook.id}/test`);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      event: 'ping',
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
    });
    expect(server.received[0]?.headers['x-foyer-event']).toBe('ping');
    expect(verify(secret, server.received[0]!)).toBe(true);
    expect((await deliveries())[0]?.id).toBe(sent.body.data?.id);

    // Nobody listens on the receiver's port once it is closed.
    for (const s of servers.splice(0)) await new Promise((done) => s.close(done));
    const failed = await req<WebhookDelivery>(owner, 'POST', `${base}/${webhook.id}/test`);
    expect(failed.body.data).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: null });
    expect(failed.body.data?.lastError).toBeTruthy();
  });
});
