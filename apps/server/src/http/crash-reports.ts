import { PRODUCT_VERSION } from '@foyer/contract';
import type * as SentryModule from '@sentry/node';
import type { Config } from '../config';

/**
 * Server crash reports (A2.64) go to Sentry, and only when SENTRY_DSN is set: without it the SDK is
 * never initialised and nothing leaves the process. What is sent carries no personal data: no
 * cookies, no auth or forwarding headers, no bodies, no query strings, no user, no local variables.
 * The SDK (~40 MB of a process's memory) is loaded only then.
 */

let Sentry: typeof SentryModule | undefined;

/** Request headers never sent (they carry credentials or the client's address). */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-forwarded-for', 'x-real-ip', 'forwarded'];

export async function initCrashReports(config: Pick<Config, 'sentryDsn' | 'env'>): Promise<boolean> {
  if (!config.sentryDsn) return false;
  Sentry ??= await import('@sentry/node');
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.env,
    release: `foyer@${PRODUCT_VERSION}`,
    // The app's error handler decides what is a crash (5xx only) and reports it: Sentry's automatic
    // Fastify capture would also count handled 4xx errors that carry no statusCode. The incoming-HTTP
    // instrumentation (request data, tracing) is not wanted either, and it made Fastify add a close
    // listener per hook to every response of the SPA's catch-all route (MaxListenersExceededWarning).
    integrations: (defaults) => defaults.filter((i) => !['Fastify', 'Http', 'RequestData'].includes(i.name)),
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { deny: SECRET_HEADERS }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      stackFrameVariables: false,
    },
    beforeSend: (event) => scrubEvent(event),
  });
  return true;
}

/** Belt and braces over dataCollection: whatever an integration attached, these never leave. */
export function scrubEvent<E extends SentryModule.ErrorEvent>(event: E): E {
  delete event.user;
  if (event.request) {
    delete event.request.cookies;
    delete event.request.data;
    delete event.request.query_string;
    if (event.request.url) event.request.url = event.request.url.split('?')[0];
    const headers = event.request.headers;
    if (headers) {
      for (const name of Object.keys(headers)) {
        if (SECRET_HEADERS.includes(name.toLowerCase())) delete headers[name];
      }
    }
  }
  return event;
}

/** Reports one error with a few tags. A no-op when reporting is off. */
export function reportCrash(error: unknown, tags: Record<string, string> = {}): void {
  if (!Sentry?.isInitialized()) return;
  Sentry.captureException(error, { tags });
}

/** An unhandled error answered with 500: tagged with the route pattern, never the URL's values. */
export function reportServerError(
  error: unknown,
  request: { method: string; routeOptions: { url?: string } },
): void {
  reportCrash(error, { method: request.method, route: request.routeOptions.url ?? 'unknown' });
}

/** Sends what is queued before the process ends (shutdown); resolves false when it timed out. */
export function flushCrashReports(timeoutMs = 2000): Promise<boolean> {
  return Sentry?.isInitialized() ? Sentry.close(timeoutMs) : Promise.resolve(true);
}
