import { PRODUCT_VERSION } from '@foyer/contract';
import type { CrashReport, ErrorReporter } from './error-reporter';

/**
 * Sends a crash as a Sentry "event" envelope to the project the DSN names
 * (https://<key>@<host>/<projectId>). The site's CSP connect-src must allow that host.
 */
export function sentryReporter(dsn: string, fallback: ErrorReporter): ErrorReporter {
  const url = new URL(dsn);
  const projectId = url.pathname.replace(/^\/+/, '');
  const endpoint = `${url.protocol}//${url.host}/api/${projectId}/envelope/?sentry_version=7&sentry_key=${url.username}`;
  return {
    async report(report: CrashReport) {
      fallback.report(report);
      // getRandomValues works outside secure contexts too, unlike randomUUID.
      const eventId = [...crypto.getRandomValues(new Uint8Array(16))]
        .map((b) => b.toString(16).padStart(2, '0'))
        .join('');
      const event = {
        event_id: eventId,
        timestamp: Date.now() / 1000,
        platform: 'javascript',
        level: 'error',
        release: `foyer@${PRODUCT_VERSION}`,
        request: { url: report.url },
        exception: { values: [{ type: 'Error', value: report.message }] },
        extra: { stack: report.stack, componentStack: report.componentStack, feedback: report.feedback },
      };
      const body = [
        JSON.stringify({ event_id: eventId, dsn }),
        JSON.stringify({ type: 'event' }),
        JSON.stringify(event),
      ].join('\n');
      await fetch(endpoint, { method: 'POST', body, keepalive: true });
    },
  };
}
