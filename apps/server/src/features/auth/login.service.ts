import {
  ErrorCode,
  LOGIN_LOCKOUT_ATTEMPTS,
  LOGIN_LOCKOUT_MS,
  type LoginRequest,
  type SignupRequest,
  type SignupResult,
} from '@foyer/contract';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import { dropPendingEmail, findUserByUsername, insertUser, isEmailTaken } from '../user/user.service';
import { clearLoginFailures, takeLoginAttempt } from './auth.repository';
import { hashPassword, verifyPassword } from './password';
import { type IssuedSession, startSession } from './session.service';
import { sendSignupCode, userNotConfirmed } from './signup-code.service';

export const SIGNUP_PROVIDER = 'cognito'; // A5.16: the wire name is kept though the provider is ours

export function invalidProvider(): AppError {
  return new AppError(400, ErrorCode.InvalidProvider, 'Invalid provider');
}

function usernameExists(): AppError {
  return new AppError(
    409,
    ErrorCode.UsernameExists,
    'An account with this e-mail already exists. Log in or reset your password.',
  );
}

/** Failed logins a client address may have a minute, whatever the names (a guesser's, not a crowd's). */
export const LOGIN_ADDRESS_FAILURES = 30;
const LOGIN_ADDRESS_WINDOW_MS = 60_000;

/**
 * POST auth/login. Failures are counted per username in the database, so the A9.46 lockout holds
 * across server instances; while locked even the right password is refused. Each attempt is taken
 * (and written as a failure) before the password is checked, so guesses sent in parallel get no
 * more tries than guesses sent one by one; the right password clears them.
 * Failures are also counted per client address (`LOGIN_ADDRESS_FAILURES` a minute): successes are
 * not, since a venue's attendees sign in together from one address.
 * Credential errors are 400, not 401: a 401 makes the client refresh and retry (A7.03).
 */
export async function login(
  ctx: AppContext,
  input: LoginRequest,
  address: string | null = null,
): Promise<IssuedSession> {
  const now = ctx.now();
  const since = new Date(now.getTime() - LOGIN_LOCKOUT_MS);
  const taken = await takeLoginAttempt(ctx.db, input.username, {
    at: now,
    since,
    limit: LOGIN_LOCKOUT_ATTEMPTS,
    address:
      address === null
        ? null
        : {
            value: address,
            since: new Date(now.getTime() - LOGIN_ADDRESS_WINDOW_MS),
            limit: LOGIN_ADDRESS_FAILURES,
          },
  });
  if (taken === 'address') {
    throw new AppError(429, ErrorCode.RateLimited, 'Too many requests, try again later');
  }
  if (taken === 'name') {
    throw new AppError(
      429,
      ErrorCode.LimitedPasswordAttempts,
      'Password attempts exceeded. Try again in 30 minutes.',
    );
  }
  const user = await findUserByUsername(ctx.db, input.username);
  if (!user) throw new AppError(400, ErrorCode.UserNotFound, 'User does not exist.'); // A8.05
  if (!(await verifyPassword(user.password_hash, input.password))) {
    throw new AppError(400, ErrorCode.NotAuthorized, 'Incorrect username or password.'); // A8.04
  }
  await clearLoginFailures(ctx.db, input.username);
  // Only after the password: a stranger learns nothing more than A8.05 already tells.
  if (user.email_verified_at === null) throw userNotConfirmed();
  return startSession(ctx, user);
}

/**
 * POST user/signup (A5.06, A5.16, A7.08): creates the account unconfirmed and mails the code; it can
 * log in once POST auth/confirm-signup took the code. An address already taken, confirmed or not,
 * answers UsernameExistsException: its owner logs in (then confirms) or resets the password.
 */
export async function signup(ctx: AppContext, input: SignupRequest): Promise<SignupResult> {
  if (input.provider !== SIGNUP_PROVIDER) throw invalidProvider();
  if (await isEmailTaken(ctx.db, input.email)) throw usernameExists();
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await ctx.db.transaction().execute(async (trx) => {
      await dropPendingEmail(trx, input.email);
      return insertUser(trx, {
        username: input.email,
        name: input.name,
        surname: input.surname,
        passwordHash,
        verified: false,
      });
    });
    await sendSignupCode(ctx, user);
    return { username: user.username, confirmationRequired: true };
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameExists(); // a parallel signup won the race
    throw error;
  }
}
