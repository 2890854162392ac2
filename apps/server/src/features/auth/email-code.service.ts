import { ErrorCode } from '@foyer/contract';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { holdLock } from '../../db/advisory-locks';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  type CodePurpose,
  countEmailCodesSince,
  deleteEmailCodes,
  insertEmailCode,
  markEmailCodeUsed,
  retireEmailCodes,
  takeEmailCodeAttempt,
} from './auth.repository';
import { codeDigest, newNumericCode, sameDigest } from './tokens';

/** Wrong guesses one code survives; then a new code must be requested. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** Codes sent per account and purpose within an hour; more are silently not sent. */
export const EMAIL_CODES_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

export function codeMismatch(): AppError {
  return new AppError(400, ErrorCode.CodeMismatch, 'Invalid verification code provided, please try again.');
}

export function expiredCode(): AppError {
  return new AppError(400, ErrorCode.ExpiredCode, 'Invalid code provided, please request a code again.');
}

/** True when the account has asked for too many codes of this kind in the last hour. */
export async function tooManyEmailCodes(ctx: AppContext, userId: number, purpose: CodePurpose) {
  const since = new Date(ctx.now().getTime() - HOUR_MS);
  return (await countEmailCodesSince(ctx.db, userId, purpose, since)) >= EMAIL_CODES_PER_HOUR;
}

/**
 * Stores a fresh code (only its digest) for the address, retiring older ones; returns the code to
 * mail, or null when the account has had EMAIL_CODES_PER_HOUR of this kind in the last hour. The
 * count and the write are one account's at a time, so requests sent at once get no more codes.
 */
export async function issueEmailCode(
  ctx: AppContext,
  input: { userId: number; email: string; purpose: CodePurpose; ttlMs: number },
): Promise<string | null> {
  const code = newNumericCode();
  const at = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    await holdLock(trx, 'emailCodes', input.userId);
    const since = new Date(at.getTime() - HOUR_MS);
    if ((await countEmailCodesSince(trx, input.userId, input.purpose, since)) >= EMAIL_CODES_PER_HOUR) {
      return null;
    }
    await retireEmailCodes(trx, input.email, input.purpose, at);
    await insertEmailCode(trx, {
      userId: input.userId,
      email: input.email,
      purpose: input.purpose,
      codeHash: codeDigest(ctx.config.jwtSecret, input.purpose, input.email, code),
      expiresAt: new Date(at.getTime() + input.ttlMs),
      at,
    });
    return code;
  });
}

/**
 * Checks a code against the newest live one for the address and spends it on success. Returns the
 * account the code was issued to. Expired, spent or exhausted codes all answer ExpiredCodeException.
 */
export async function consumeEmailCode(
  ctx: AppContext,
  input: { email: string; purpose: CodePurpose; code: string },
): Promise<{ userId: number }> {
  const at = ctx.now();
  const row = await takeEmailCodeAttempt(ctx.db, input.email, input.purpose, EMAIL_CODE_MAX_ATTEMPTS, at);
  if (!row || row.user_id === null) throw expiredCode();
  const digest = codeDigest(ctx.config.jwtSecret, input.purpose, input.email, input.code);
  if (!sameDigest(row.code_hash, digest)) throw codeMismatch();
  if (!(await markEmailCodeUsed(ctx.db, row.id, at))) throw expiredCode();
  return { userId: row.user_id };
}

/**
 * Every failed confirm answers alike: a wrong code (which exists only for a known address that
 * asked for one) must not be told apart from an unknown address, or the form enumerates accounts.
 * Both paths cost one database round trip before they answer.
 */
export async function consumeEmailCodeAlike(
  ctx: AppContext,
  input: { email: string; purpose: CodePurpose; code: string },
): Promise<{ userId: number }> {
  try {
    return await consumeEmailCode(ctx, input);
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === ErrorCode.ExpiredCode || error.code === ErrorCode.CodeMismatch)
    ) {
      throw codeRefusedAlike();
    }
    throw error;
  }
}

/** The one answer of consumeEmailCodeAlike to any code that does not work. */
export function codeRefusedAlike(): AppError {
  return new AppError(
    400,
    ErrorCode.CodeMismatch,
    'Invalid or expired code provided. Check it or request a new code.',
  );
}

/** Forgets the codes sent to an address for an account (the address was removed). */
export function discardEmailCodes(
  db: Kysely<DB> | Transaction<DB>,
  input: { userId: number; email: string; purpose: CodePurpose },
): Promise<void> {
  return deleteEmailCodes(db, input.userId, input.email, input.purpose);
}
