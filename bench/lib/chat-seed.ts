/**
 * The chat benchmarks' data: one event with `attendees` participants, of whom `clients` have an
 * account and a token and sit in group rooms of `roomSize`; the rest are plain attendees inserted
 * set-based (generate_series), so that the event has the size of a large conference.
 */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema';
import { signAccessToken } from '../../apps/server/src/http/auth';
import { eventRow } from '../../apps/server/test/factories';

/** One chat client: its token, its room and who it is there. */
export interface ChatClient {
  token: string;
  roomId: number;
  participantId: number;
}

/** What was seeded: plain data, so a seeding process can hand it to the process that runs the bench. */
export interface ChatSeed {
  eventId: number;
  clients: ChatClient[];
  roomCount: number;
  /** Part of the seeded users' names (removeChatEvent finds them by it). */
  stamp: string;
}

export interface ChatSeedOptions {
  clients: number;
  roomSize: number;
  /** Participants in the event, the clients included (at least `clients`). */
  attendees: number;
  jwtSecret: string;
  /** Part of the event's name and of e-mails, so runs never collide. */
  label: string;
}

export async function seedChatEvent(db: Kysely<DB>, options: ChatSeedOptions): Promise<ChatSeed> {
  const { clients: count, roomSize, jwtSecret } = options;
  const stamp = `${options.label}${Date.now()}`;
  const event = await db
    .insertInto('events')
    .values(eventRow(`Chat bench ${stamp}`))
    .returning('id')
    .executeTakeFirstOrThrow();

  const others = Math.max(0, options.attendees - count);
  for (let from = 1; from <= others; from += 10_000) {
    const to = Math.min(others, from + 9_999);
    await sql`
      INSERT INTO participants (event_id, email, name, surname, company, job_title, state)
      SELECT ${event.id}, 'attendee-' || ${stamp}::text || '-' || i || '@foyer.test', 'Attendee', 'No. ' || i,
             'Company ' || (i % 997), 'Job ' || (i % 31), 'active'
        FROM generate_series(${from}::int, ${to}::int) i`.execute(db);
  }

  const clients: (ChatClient & { userId: number })[] = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Math.min(500, count - start);
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: batch }, (_, k) => ({
          username: `chat${stamp}-${start + k}@foyer.test`,
          name: 'Bench',
          surname: String(start + k),
          ui_settings: '{}',
          notification_preferences: '[]',
          device_tokens: '[]',
        })),
      )
      .returning('id')
      .execute();
    const participants = await db
      .insertInto('participants')
      .values(
        users.map((u) => ({
          event_id: event.id,
          user_id: u.id,
          email: `chat${stamp}-${u.id}@foyer.test`,
          name: 'Bench',
          surname: String(u.id),
          rights: '{}',
          fields: '{}',
          present: null,
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
    for (const p of participants) {
      const userId = p.user_id as number;
      const token = await signAccessToken(jwtSecret, { userId });
      clients.push({ token, roomId: 0, participantId: p.id, userId });
    }
  }

  for (let i = 0; i < clients.length; i += roomSize) {
    const members = clients.slice(i, i + roomSize);
    const room = await db
      .insertInto('chat_rooms')
      .values({
        event_id: event.id,
        type: 'group',
        name: `Room ${i / roomSize}`,
        created_by: members[0]?.participantId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('chat_members')
      .values(members.map((m) => ({ room_id: room.id, participant_id: m.participantId, user_id: m.userId })))
      .execute();
    for (const m of members) m.roomId = room.id;
  }
  if (others > 0) await sql`ANALYZE participants`.execute(db);

  return {
    eventId: event.id,
    clients: clients.map(({ token, roomId, participantId }) => ({ token, roomId, participantId })),
    roomCount: Math.ceil(count / roomSize),
    stamp,
  };
}

/** Deletes what seedChatEvent wrote (on a shared PostgreSQL); the event's rows go with it (ON DELETE CASCADE). */
export async function removeChatEvent(db: Kysely<DB>, seed: ChatSeed): Promise<void> {
  const rooms = [...new Set(seed.clients.map((c) => `rooms/${c.roomId}/messages`))];
  await db.deleteFrom('events').where('id', '=', seed.eventId).execute();
  await db.deleteFrom('users').where('username', 'like', `chat${seed.stamp}-%`).execute();
  for (let i = 0; i < rooms.length; i += 500) {
    await db
      .deleteFrom('realtime_events')
      .where('room', 'in', rooms.slice(i, i + 500))
      .execute();
  }
}
