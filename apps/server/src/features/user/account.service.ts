import type { AppContext } from '../../app';
import type { AccessClaims } from '../../http/auth';
import { AppError } from '../../http/errors';
import { assertNotActing } from '../auth/session.service';
import { removeProfilePhoto } from './photo';
import { deleteUser, findUserById } from './user.repository';

/**
 * DELETE user (A7.10, A4.34). Identities, e-mails, codes, sessions and login tokens go with the
 * row (ON DELETE CASCADE); participant records stay for the organizers' lists, unlinked.
 */
export async function deleteAccount(ctx: AppContext, claims: AccessClaims): Promise<void> {
  assertNotActing(claims);
  const user = await findUserById(ctx.db, claims.userId);
  if (!user) throw AppError.unauthenticated('This account no longer exists');
  await deleteUser(ctx.db, user.id);
  await removeProfilePhoto(ctx.config.dataDir, user.profile_photo_path);
}
