import { ERROR_REPORT_TRACES_SAMPLE_RATE, PRODUCT_VERSION } from '@foyer/contract';
import { BrowserClient, defaultStackParser, makeFetchTransport, Scope } from '@sentry/browser';
import type { CrashReport, ErrorReporter, ReportOutcome } from './crash-report';

/** How long the crash screen waits for the service to accept a report before saying it did not. */
const ACCEPT_TIMEOUT_MS = 15_000;

/**
 * The client's settings. A9.51: traces are sampled at one in two; the app starts no trace of its
 * own (no tracing integration), so the rate applies to what the service links to a report.
 */
export function sentryOptions(dsn: string): ConstructorParameters<typeof BrowserClient>[0] {
  return {
    dsn,
    release: `foyer@${PRODUCT_VERSION}`,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [],
    tracesSampleRate: ERROR_REPORT_TRACES_SAMPLE_RATE,
  };
}

/**
 * Sends crashes with the Sentry SDK to the project the DSN names. Loaded in its own chunk, and only
 * when the server has a DSN (error-reporter.ts). A client of its own, without the SDK's global
 * handlers or breadcrumbs: the app reports what it catches, and nothing about the user.
 */
export function sentryReporter(dsn: string, fallback: ErrorReporter): ErrorReporter {
  const client = new BrowserClient(sentryOptions(dsn));
  const scope = new Scope();
  scope.setClient(client);
  client.init();

  // The outcome of each report: settled when the transport has the service's answer.
  const waiting = new Map<string, (outcome: ReportOutcome) => void>();
  client.on('afterSendEvent', (event, response) => {
    const settle = event.event_id ? waiting.get(event.event_id) : undefined;
    const status = response.statusCode ?? 0;
    settle?.(status >= 200 && status < 300 ? 'sent' : 'failed');
  });

  return {
    report(report: CrashReport) {
      fallback.report(report);
      const error = new Error(report.message);
      if (report.stack) error.stack = report.stack;
      const url = new URL(report.url);
      return new Promise<ReportOutcome>((resolve) => {
        let eventId = '';
        const timer = setTimeout(() => settle('failed'), ACCEPT_TIMEOUT_MS);
        const settle = (outcome: ReportOutcome) => {
          clearTimeout(timer);
          waiting.delete(eventId);
          resolve(outcome);
        };
        eventId = scope.captureException(error, {
          captureContext: {
            // The page without its query string: a link may carry a login token.
            extra: {
              page: `${url.origin}${url.pathname}`,
              componentStack: report.componentStack,
              feedback: report.feedback,
            },
          },
        });
        waiting.set(eventId, settle);
      });
    },
  };
}
