import { LOGIN_LOCKOUT_MS } from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import {
  deleteEmailCodesExpiredBefore,
  deleteLoginFailuresBefore,
  deleteOneTimeTokensExpiredBefore,
  deleteRefreshTokensExpiredBefore,
} from './auth.repository';

const EVERY_MS = 60 * 60_000;
/** Used and expired codes and tokens are kept a day for support questions, then deleted. */
const KEEP_AFTER_EXPIRY_MS = 24 * 60 * 60_000;

export interface AuthCleanupResult {
  loginFailures: number;
  emailCodes: number;
  refreshTokens: number;
  oneTimeTokens: number;
}

/**
 * Deletes the identity rows nothing reads any more: login failures older than the lockout window
 * (A9.46 only counts the last 30 minutes), and e-mail codes, refresh tokens and one-time tokens a
 * day after they expired (an expired refresh token cannot be replayed, so its family needs no
 * reuse detection any more). Idempotent; safe with several instances.
 */
export async function pruneAuthRows(ctx: AppContext): Promise<AuthCleanupResult> {
  const now = ctx.now().getTime();
  const failuresBefore = new Date(now - LOGIN_LOCKOUT_MS);
  const expiredBefore = new Date(now - KEEP_AFTER_EXPIRY_MS);
  const [loginFailures, emailCodes, refreshTokens, oneTimeTokens] = await Promise.all([
    deleteLoginFailuresBefore(ctx.db, failuresBefore),
    deleteEmailCodesExpiredBefore(ctx.db, expiredBefore),
    deleteRefreshTokensExpiredBefore(ctx.db, expiredBefore),
    deleteOneTimeTokensExpiredBefore(ctx.db, expiredBefore),
  ]);
  return { loginFailures, emailCodes, refreshTokens, oneTimeTokens };
}

/** Hourly and once at start, by the scheduler (jobs/scheduler.ts; tests call pruneAuthRows directly). */
export function scheduleAuthCleanup(app: FastifyInstance): void {
  app.scheduler.every('auth-cleanup', EVERY_MS, () => pruneAuthRows(app.ctx), { runOnStart: true });
}
