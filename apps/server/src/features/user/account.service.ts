import { ErrorCode } from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { AccessClaims } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { verifyPassword } from '../auth/password';
import { assertNotActing, endActingAs } from '../auth/session.service';
import { removeProfilePhoto } from './photo';
import { eventsOwnedAlone, soleOwnerError } from './sole-owner';
import { deleteUser, findUserById } from './user.repository';

/**
 * DELETE user (A7.10, A4.34), with the account's password. Identities, e-mails, codes, sessions and
 * login tokens go with the row (ON DELETE CASCADE); participant records stay for the organizers'
 * lists, unlinked. Its open realtime connections end with it (a new one, or a subscribe on an old
 * one, is refused anyway). Refused (409) while the account is the only owner of an event (A4.34).
 */
export async function deleteAccount(
  ctx: AppContext,
  realtime: Pick<Realtime, 'disconnectUser'>,
  claims: AccessClaims,
  password: string,
): Promise<void> {
  assertNotActing(claims);
  const user = await findUserById(ctx.db, claims.userId);
  if (!user) throw AppError.unauthenticated('This account no longer exists');
  // A borrowed session (an unlocked laptop, a stolen token) must not be enough to erase the account.
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new AppError(400, ErrorCode.NotAuthorized, 'Incorrect password');
  }
  // The photo as the row held it when deleted: one uploaded since the read above is not left behind.
  const photo = await ctx.db.transaction().execute((trx) => deleteAccountRows(trx, user.id));
  realtime.disconnectUser(user.id);
  await removeProfilePhoto(ctx.config.dataDir, photo ?? user.profile_photo_path);
}

/**
 * The deletion's writes, in the caller's transaction: the account's row held first (as a refresh
 * holds it), then the row deleted. Answers the profile photo's path as the deleted row held it.
 */
export async function deleteAccountRows(trx: Transaction<DB>, userId: number): Promise<string | null> {
  await findUserById(trx, userId, 'lock');
  // A4.34: no event is left without an owner (its owners' records held to the commit, see there).
  const alone = await eventsOwnedAlone(trx, userId);
  if (alone.length > 0) throw soleOwnerError(alone);
  // A6.04: a super user acting as this person goes back to their own identity; the cascade of
  // the delete would end their whole session instead.
  await endActingAs(trx, userId);
  return deleteUser(trx, userId);
}
