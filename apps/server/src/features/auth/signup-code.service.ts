import { type ConfirmSignupRequest, ErrorCode, SIGNUP_CODE_TTL_MS } from '@foyer/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { findUserById, findUserByUsername, markEmailVerified } from '../user/user.service';
import { clearLoginFailures } from './auth.repository';
import { consumeEmailCodeAlike, issueEmailCode, tooManyEmailCodes } from './email-code.service';
import { type IssuedSession, startSession } from './session.service';

/** The answer to a right password on an account whose address is not confirmed yet. */
export function userNotConfirmed(): AppError {
  return new AppError(
    400,
    ErrorCode.UserNotConfirmed,
    'Please confirm your e-mail address first: enter the code we sent you.',
  );
}

/**
 * Mails a sign-up code to a new account's address (signup, registration, "send the code again").
 * At most EMAIL_CODES_PER_HOUR an hour per account; more are silently not sent.
 */
export async function sendSignupCode(
  ctx: AppContext,
  user: { id: number; username: string; name: string },
): Promise<void> {
  if (await tooManyEmailCodes(ctx, user.id, 'signup')) return;
  const code = await issueEmailCode(ctx, {
    userId: user.id,
    email: user.username,
    purpose: 'signup',
    ttlMs: SIGNUP_CODE_TTL_MS,
  });
  if (code === null) return; // more asked for at once than the hour allows
  const query = `username=${encodeURIComponent(user.username)}&code=${code}`;
  await ctx.mailer.send({
    to: user.username,
    subject: 'Confirm your e-mail address for Foyer',
    text: [
      `Hello ${user.name},`,
      '',
      `Your confirmation code is ${code}. It is valid for 24 hours.`,
      '',
      `Or open this link to confirm: ${ctx.config.publicUrl}/confirm-signup?${query}`,
      '',
      'If you did not create an account with this address, ignore this e-mail: nothing happens without the code.',
    ].join('\n'),
  });
}

/** POST auth/resend-code: the same empty answer whether or not the address has an unconfirmed account. */
export async function resendSignupCode(ctx: AppContext, username: string): Promise<void> {
  const user = await findUserByUsername(ctx.db, username);
  if (!user || user.email_verified_at !== null) return;
  await sendSignupCode(ctx, user);
}

/**
 * POST auth/confirm-signup: the code proves the mailbox, so the account's address is confirmed and
 * the person is logged in (the code can only come from the mail the account asked for).
 */
export async function confirmSignup(ctx: AppContext, input: ConfirmSignupRequest): Promise<IssuedSession> {
  const { userId } = await consumeEmailCodeAlike(ctx, {
    email: input.username,
    purpose: 'signup',
    code: input.code,
  });
  const at = ctx.now();
  const user = await ctx.db.transaction().execute(async (trx) => {
    await markEmailVerified(trx, userId, at);
    const found = await findUserById(trx, userId);
    if (found) await clearLoginFailures(trx, found.username);
    return found;
  });
  if (!user) throw AppError.unauthenticated('This account no longer exists');
  return startSession(ctx, user);
}
