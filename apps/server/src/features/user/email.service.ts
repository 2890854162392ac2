import { type ConnectedEmail, ErrorCode } from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { AccessClaims } from '../../http/auth';
import { AppError } from '../../http/errors';
import {
  codeRefusedAlike,
  consumeEmailCodeAlike,
  discardEmailCodes,
  issueEmailCode,
  tooManyEmailCodes,
} from '../auth/email-code.service';
import { assertLiveSession, assertNotActing } from '../auth/session.service';
import {
  confirmUserEmail,
  deleteUserEmail,
  dropPendingEmail,
  findUserById,
  findUserEmail,
  insertPendingEmail,
  isEmailTaken,
  listUserEmails,
  setPrimaryEmail,
  type UserEmailRow,
  updateUser,
} from './user.repository';

/** A connect link may sit in an inbox for a while; a day is long enough and short enough. */
export const CONNECT_CODE_TTL_MS = 24 * 60 * 60_000;

function toConnected(row: UserEmailRow): ConnectedEmail {
  return { email: row.email, primary: row.is_primary, confirmed: row.confirmed_at !== null };
}

function takenByAnother(): AppError {
  return new AppError(409, ErrorCode.UsernameExists, 'This e-mail is used by another account');
}

function notConnected(message = 'E-mail is not connected'): AppError {
  return new AppError(404, ErrorCode.EmailNotConnected, message);
}

async function ownAccount(ctx: AppContext, claims: AccessClaims) {
  assertNotActing(claims);
  await assertLiveSession(ctx.db, claims, ctx.now());
  const user = await findUserById(ctx.db, claims.userId);
  if (!user) throw AppError.unauthenticated('This account no longer exists');
  return user;
}

/** GET user/email (A7.15): the primary address first, then the others in the order added. */
export async function listEmails(ctx: AppContext, claims: AccessClaims): Promise<ConnectedEmail[]> {
  return (await listUserEmails(ctx.db, claims.userId)).map(toConnected);
}

/** POST user/email (A4.31, A5.29, A7.16): records the address as pending and mails a code. */
export async function addEmail(ctx: AppContext, claims: AccessClaims, email: string) {
  const user = await ownAccount(ctx, claims);
  const existing = await findUserEmail(ctx.db, email);
  if (existing?.user_id === user.id && existing.confirmed_at !== null) {
    throw new AppError(409, ErrorCode.EmailAlreadyConnected, 'E-mail is already connected');
  }
  if (await isEmailTaken(ctx.db, email, user.id)) throw takenByAnother();
  if (await tooManyEmailCodes(ctx, user.id, 'connect')) {
    throw new AppError(429, ErrorCode.RateLimited, 'Too many codes requested. Try again in an hour.');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await dropPendingEmail(trx, email, user.id);
    await insertPendingEmail(trx, user.id, email);
  });
  const code = await issueEmailCode(ctx, {
    userId: user.id,
    email,
    purpose: 'connect',
    ttlMs: CONNECT_CODE_TTL_MS,
  });
  if (code === null) {
    throw new AppError(429, ErrorCode.RateLimited, 'Too many codes requested. Try again in an hour.');
  }
  const link = `${ctx.config.publicUrl}/confirmEmail?email=${encodeURIComponent(email)}&code=${code}`;
  await ctx.mailer.send({
    to: email,
    subject: 'Confirm your e-mail address for Foyer',
    text: [
      `Hello ${user.name},`,
      '',
      `Your confirmation code is ${code}. Enter it in your account settings, or open this link:`,
      link,
      '',
      'If you did not add this address to a Foyer account, you can ignore this e-mail.',
    ].join('\n'),
  });
  return listEmails(ctx, claims);
}

/**
 * POST user/email/confirm (A7.34, A2.50). The code itself proves the mailbox, and it names the
 * account that asked for it, so this works from the link without being logged in. Signed in
 * (`callerId`), a code confirms for the caller's own account only: two accounts adding one shared
 * mailbox at once each get a code there, and the newest (the other's) typed in one's own settings
 * connected the address to the other account while this screen said "confirmed".
 */
export async function confirmEmail(
  ctx: AppContext,
  input: { email: string; code: string },
  callerId?: number,
): Promise<ConnectedEmail> {
  // One answer for a wrong code and for an address nobody asked a code for: the form must not tell
  // a stranger which addresses are being connected to an account.
  const { userId } = await consumeEmailCodeAlike(ctx, {
    email: input.email,
    purpose: 'connect',
    code: input.code,
  });
  // Another account's code, spent (it was seen by someone else): refused as a wrong one.
  if (callerId !== undefined && callerId !== userId) throw codeRefusedAlike();
  if (await isEmailTaken(ctx.db, input.email, userId)) throw takenByAnother();
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    // Decided on the account's row held, as removeEmail holds it: an address removed while its
    // code was checked stays removed (the upsert below would bring it back confirmed), and one
    // taken by another account meanwhile is refused.
    const user = await findUserById(trx, userId, 'lock');
    if (await isEmailTaken(trx, input.email, userId)) throw takenByAnother();
    const own = await findUserEmail(trx, input.email);
    if (!user || own?.user_id !== userId) throw notConnected();
    await dropPendingEmail(trx, input.email, userId);
    await confirmUserEmail(trx, userId, input.email, at);
  });
  const row = await findUserEmail(ctx.db, input.email);
  if (!row || row.user_id !== userId) throw takenByAnother();
  return toConnected(row);
}

/**
 * The account's row, held until the transaction ends, and one of its addresses. A person acting as
 * another (A6.08) cannot change that person's addresses; a deleted account answers 401.
 */
async function ownAddress(ctx: AppContext, trx: Transaction<DB>, claims: AccessClaims, email: string) {
  assertNotActing(claims);
  const user = await findUserById(trx, claims.userId, 'lock');
  if (!user) throw AppError.unauthenticated('This account no longer exists');
  // After the row: a password change holds it while it ends the sessions, so it is seen here.
  await assertLiveSession(trx, claims, ctx.now());
  const row = await findUserEmail(trx, email);
  if (!row || row.user_id !== user.id) throw notConnected();
  return { user, row };
}

/** POST user/username (A4.32, A7.18): a confirmed address becomes the login name. */
export async function makePrimary(ctx: AppContext, claims: AccessClaims, email: string) {
  await ctx.db.transaction().execute(async (trx) => {
    // Checked on the account's row held until the commit, as removeEmail does: an address made
    // primary in one tab while another tab removes it leaves one of the two, never an account whose
    // login name has no address behind it.
    const { user, row } = await ownAddress(ctx, trx, claims, email);
    if (row.confirmed_at === null) throw notConnected('Confirm this e-mail first');
    if (row.is_primary) return;
    await setPrimaryEmail(trx, user.id, email);
    await updateUser(trx, user.id, { username: email }, ctx.now());
  });
  return listEmails(ctx, claims);
}

/** DELETE user/email (A4.33, A7.17): any address but the primary one. */
export async function removeEmail(ctx: AppContext, claims: AccessClaims, email: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const { user, row } = await ownAddress(ctx, trx, claims, email);
    if (row.is_primary || email === user.username) {
      throw new AppError(400, ErrorCode.PrimaryEmailRemoval, 'The primary e-mail cannot be removed');
    }
    await deleteUserEmail(trx, user.id, email);
    await discardEmailCodes(trx, { userId: user.id, email, purpose: 'connect' });
  });
  return listEmails(ctx, claims);
}
