import type { ClientConfig } from '@foyer/contract';
import type { CrashReport, ErrorReporter, ReportOutcome } from './crash-report';

/**
 * Where crashes go (A2.64). The server tells at run time whether crash reports are on
 * (GET /api/v1/client-config, SENTRY_DSN): with a DSN the Sentry SDK is loaded then, in its own
 * chunk, and sends the report; without one crashes are logged to the console and handed to the
 * native shell when the app runs inside it (A1.16). Swap in another service with setErrorReporter.
 */
export const consoleReporter: ErrorReporter = {
  report(report) {
    console.error('[foyer] crash', report);
    window.ReactNativeWebView?.postMessage(JSON.stringify({ type: 'log', level: 'error', ...report }));
    return 'off';
  },
};

/** Kept once the configuration was read; a failed read is tried again at the next crash. */
let active: Promise<ErrorReporter> | null = null;

export function setErrorReporter(reporter: ErrorReporter): void {
  active = Promise.resolve(reporter);
}

async function loadReporter(): Promise<ErrorReporter> {
  const response = await fetch('/api/v1/client-config', { headers: { accept: 'application/json' } });
  const envelope = (await response.json()) as { success: boolean; data?: ClientConfig };
  if (!envelope.success || !envelope.data) throw new Error(`client-config answered ${response.status}`);
  const dsn = envelope.data.sentryDsn;
  if (!dsn) return consoleReporter;
  // Only now, and only with a DSN: the SDK never weighs on the first route.
  const { sentryReporter } = await import('./sentry-reporter');
  return sentryReporter(dsn, consoleReporter);
}

function reporter(): Promise<ErrorReporter> {
  if (!active) {
    const loading = loadReporter();
    active = loading;
    loading.catch(() => {
      if (active === loading) active = null;
    });
  }
  return active;
}

export function toCrashReport(error: unknown, extra: Partial<CrashReport> = {}): CrashReport {
  const err = error instanceof Error ? error : new Error(String(error));
  return { message: err.message || err.name, stack: err.stack, url: window.location.href, ...extra };
}

/** Never throws: reporting a crash must not cause another one. */
export async function reportCrash(report: CrashReport): Promise<ReportOutcome> {
  try {
    return await (await reporter()).report(report);
  } catch {
    consoleReporter.report(report);
    return 'failed';
  }
}

/** Errors outside React's rendering (event handlers, promises) are reported too. */
export function installGlobalErrorReporting(): () => void {
  const onError = (event: ErrorEvent) => void reportCrash(toCrashReport(event.error ?? event.message));
  const onRejection = (event: PromiseRejectionEvent) => void reportCrash(toCrashReport(event.reason));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
