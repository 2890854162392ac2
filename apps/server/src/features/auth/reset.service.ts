import {
  type ChangePasswordRequest,
  type ConfirmPasswordRequest,
  ErrorCode,
  RESET_CODE_TTL_MS,
} from '@foyer/contract';
import type { AppContext } from '../../context';
import type { AccessClaims } from '../../http/auth';
import { AppError } from '../../http/errors';
import { findUserById, findUserByUsername, markEmailVerified, updateUser } from '../user/user.service';
import { clearLoginFailures, revokeUserSessions } from './auth.repository';
import {
  codeRefusedAlike,
  consumeEmailCodeAlike,
  issueEmailCode,
  tooManyEmailCodes,
} from './email-code.service';
import { hashPassword, verifyPassword } from './password';
import { assertNotActing } from './session.service';

/**
 * POST auth/forgot-password (A7.30). The answer is the same whether or not the address has an
 * account, so the form cannot be used to find out who is registered; unknown addresses get no mail.
 */
export async function forgotPassword(ctx: AppContext, username: string): Promise<void> {
  const user = await findUserByUsername(ctx.db, username);
  if (!user) return;
  // Each new code resets the guess budget, so the number of codes bounds guessing per account.
  if (await tooManyEmailCodes(ctx, user.id, 'reset')) return;
  const code = await issueEmailCode(ctx, {
    userId: user.id,
    email: user.username,
    purpose: 'reset',
    ttlMs: RESET_CODE_TTL_MS,
  });
  if (code === null) return; // more asked for at once than the hour allows
  const link = `${ctx.config.publicUrl}/forgot-password-confirm?username=${encodeURIComponent(user.username)}`;
  await ctx.mailer.send({
    to: user.username,
    subject: 'Your Foyer password reset code',
    text: [
      `Hello ${user.name},`,
      '',
      `Your password reset code is ${code}. It is valid for 1 hour and can be used once.`,
      '',
      `Enter it here: ${link}`,
      '',
      'If you did not ask to reset your password, you can ignore this e-mail.',
    ].join('\n'),
  });
}

/** POST auth/confirm-password (A3.21, A7.31): sets the new password and ends every session. */
export async function confirmPassword(ctx: AppContext, input: ConfirmPasswordRequest): Promise<void> {
  const { userId } = await consumeEmailCodeAlike(ctx, {
    email: input.username,
    purpose: 'reset',
    code: input.code,
  });
  const passwordHash = await hashPassword(input.password);
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    // The code proves the mailbox it went to, and that mailbox owns the account only while it is
    // the login name: once the owner made another address primary (and maybe removed this one,
    // say a former employer's), a code mailed before must not reset the password. Checked on the
    // held row, so a change of login name in flight is waited for.
    const held = await findUserById(trx, userId, 'lock');
    if (held?.username !== input.username) throw codeRefusedAlike();
    const user = await updateUser(trx, userId, { password_hash: passwordHash }, at);
    // The code came to the account's address: that confirms it as a sign-up code would.
    await markEmailVerified(trx, userId, at);
    await revokeUserSessions(trx, userId, at);
    // Whoever owns the mailbox owns the account again: a lockout by strangers ends here.
    if (user) await clearLoginFailures(trx, user.username);
  });
}

/** POST auth/change-password (A5.21, A8.13, A8.15): other sessions end, this one stays. */
export async function changePassword(
  ctx: AppContext,
  claims: AccessClaims,
  input: ChangePasswordRequest,
  currentFamilyId: string | undefined,
): Promise<void> {
  assertNotActing(claims);
  const user = await findUserById(ctx.db, claims.userId);
  if (!user) throw AppError.unauthenticated();
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) {
    throw new AppError(400, ErrorCode.NotAuthorized, 'Incorrect old password');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash }, at);
    await revokeUserSessions(trx, user.id, at, currentFamilyId);
  });
}
