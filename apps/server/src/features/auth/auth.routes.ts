import { createHash } from 'node:crypto';
import {
  changePasswordRequest,
  confirmPasswordRequest,
  confirmSignupRequest,
  emptyRequest,
  forgotPasswordRequest,
  loginRequest,
  refreshQuery,
  resendCodeRequest,
  signupRequest,
  tokenLoginRequest,
} from '@foyer/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { AppError } from '../../http/errors';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { scheduleAuthCleanup } from './auth-cleanup';
import { invalidProvider, login, SIGNUP_PROVIDER, signup } from './login.service';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { changePassword, confirmPassword, forgotPassword } from './reset.service';
import {
  createLoginToken,
  endSession,
  type IssuedSession,
  loginWithToken,
  refreshSession,
  sessionFamily,
} from './session.service';
import { confirmSignup, resendSignupCode } from './signup-code.service';

/**
 * Limits on the identity endpoints (answered 429 in the envelope by the error handler): per client
 * address before sign-in (login, codes), per account once signed in (http/auth.ts rateLimitKey),
 * and per session for what the refresh cookie alone authorises (refresh, logout): every attendee's
 * tab refreshes every quarter hour, and at a venue they all come from one address.
 */
const perSession = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => {
      const cookie = readRefreshCookie(request);
      return cookie ? `session:${createHash('sha256').update(cookie).digest('base64url')}` : request.ip;
    },
  },
});

/** Login requests a minute per client address, successful or not (a crowd at one venue's address). */
const LOGIN_FLOOD_PER_MINUTE = 600;

/** Identity: login, signup, sessions, passwords, one-time login tokens. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  scheduleAuthCleanup(app);
  const { config } = app.ctx;

  function loggedIn(reply: FastifyReply, session: IssuedSession) {
    setRefreshCookie(reply, config, session.refreshToken);
    return { success: true, data: session.body };
  }

  // Per address, only failures are limited (login.service.ts): a venue's crowd shares one address.
  // The route's own limit stops floods of requests before any database work.
  app.post('/auth/login', { config: perMinute(LOGIN_FLOOD_PER_MINUTE) }, async (request, reply) => {
    const input = parse(loginRequest, request.body);
    return loggedIn(reply, await login(app.ctx, input, request.ip));
  });

  app.post('/user/signup', { config: perMinute(10) }, async (request) => {
    const body = request.body;
    // A5.16 comes first: a third-party provider's payload would fail the cognito form anyway.
    if (
      body &&
      typeof body === 'object' &&
      !Array.isArray(body) &&
      (body as { provider?: unknown }).provider !== SIGNUP_PROVIDER
    ) {
      throw invalidProvider();
    }
    const input = parse(signupRequest, body);
    return { success: true, data: await signup(app.ctx, input) };
  });

  // As login: each code survives 5 wrong guesses, so the per-IP limit only needs to stop floods.
  app.post('/auth/confirm-signup', { config: perMinute(30) }, async (request, reply) => {
    const input = parse(confirmSignupRequest, request.body);
    return loggedIn(reply, await confirmSignup(app.ctx, input));
  });

  // Per IP here; per account the code budget (5 an hour) applies as for reset codes.
  app.post('/auth/resend-code', { config: perMinute(5) }, async (request) => {
    const input = parse(resendCodeRequest, request.body);
    await resendSignupCode(app.ctx, input.username);
    return { success: true, data: null };
  });

  app.get('/user/token/refresh', { config: perSession(60) }, async (request, reply) => {
    const query = parse(refreshQuery, request.query);
    try {
      return loggedIn(reply, await refreshSession(app.ctx, readRefreshCookie(request), query.asUserId));
    } catch (error) {
      // A4.04: a refresh that fails for good also drops the cookie.
      if (error instanceof AppError && error.status === 401) clearRefreshCookie(reply, config);
      throw error;
    }
  });

  app.post('/auth/logout', { config: perSession(30) }, async (request, reply) => {
    parse(emptyRequest, request.body);
    await endSession(app.ctx, readRefreshCookie(request));
    clearRefreshCookie(reply, config);
    return { success: true, data: null };
  });

  app.post('/auth/forgot-password', { config: perMinute(10) }, async (request) => {
    const input = parse(forgotPasswordRequest, request.body);
    await forgotPassword(app.ctx, input.username);
    return { success: true, data: null };
  });

  app.post('/auth/confirm-password', { config: perMinute(10) }, async (request) => {
    const input = parse(confirmPasswordRequest, request.body);
    await confirmPassword(app.ctx, input);
    return { success: true, data: null };
  });

  app.post('/auth/change-password', { config: perMinute(10) }, async (request) => {
    const claims = await requireUser(request);
    const input = parse(changePasswordRequest, request.body);
    const family = await sessionFamily(app.ctx, readRefreshCookie(request));
    await changePassword(app.ctx, claims, input, family);
    return { success: true, data: null };
  });

  app.post('/auth/token-login', { config: perMinute(30) }, async (request, reply) => {
    const input = parse(tokenLoginRequest, request.body);
    return loggedIn(reply, await loginWithToken(app.ctx, input.token));
  });

  app.post('/auth/token', { config: perMinute(10) }, async (request) => {
    const claims = await requireUser(request);
    parse(emptyRequest, request.body);
    return { success: true, data: await createLoginToken(app.ctx, claims) };
  });
};
