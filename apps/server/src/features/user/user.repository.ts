import type { Kysely, Transaction } from 'kysely';
import type { DB, UserRow } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates the user with its primary, confirmed e-mail and its identity record (provider cognito). */
export async function insertUser(
  db: Executor,
  input: {
    username: string;
    name: string;
    surname: string;
    passwordHash: string | null;
    timezone?: string | null;
  },
): Promise<UserRow> {
  const user = await db
    .insertInto('users')
    .values({
      username: input.username,
      name: input.name,
      surname: input.surname,
      password_hash: input.passwordHash,
      timezone: input.timezone ?? null,
      ui_settings: JSON.stringify({}),
      notification_preferences: JSON.stringify([]),
      device_tokens: JSON.stringify([]),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_emails')
    .values({ user_id: user.id, email: input.username, is_primary: true, confirmed_at: new Date() })
    .execute();
  await db
    .insertInto('identities')
    .values({ user_id: user.id, provider: 'cognito', subject: String(user.id) })
    .execute();
  return user;
}
