/**
 * Where crashes go (A2.64). @sentry/react is not a dependency: with VITE_SENTRY_DSN set, a small
 * Sentry envelope sender is loaded; otherwise crashes are logged to the console and handed to the
 * native shell when the app runs inside it (A1.16). Swap in another service with setErrorReporter.
 */
export interface CrashReport {
  message: string;
  stack?: string;
  /** React's component stack, when the crash happened while rendering. */
  componentStack?: string;
  url: string;
  /** What the user wrote in the feedback dialog. */
  feedback?: string;
}

export interface ErrorReporter {
  report(report: CrashReport): Promise<void> | void;
}

export const consoleReporter: ErrorReporter = {
  report(report) {
    console.error('[foyer] crash', report);
    window.ReactNativeWebView?.postMessage(JSON.stringify({ type: 'log', level: 'error', ...report }));
  },
};

let active: Promise<ErrorReporter> | null = null;

export function setErrorReporter(reporter: ErrorReporter): void {
  active = Promise.resolve(reporter);
}

function reporter(): Promise<ErrorReporter> {
  active ??= (async () => {
    const dsn = import.meta.env.VITE_SENTRY_DSN as string | undefined;
    if (!dsn) return consoleReporter;
    try {
      const { sentryReporter } = await import('./sentry-reporter');
      return sentryReporter(dsn, consoleReporter);
    } catch {
      return consoleReporter;
    }
  })();
  return active;
}

export function toCrashReport(error: unknown, extra: Partial<CrashReport> = {}): CrashReport {
  const err = error instanceof Error ? error : new Error(String(error));
  return { message: err.message || err.name, stack: err.stack, url: window.location.href, ...extra };
}

/** Never throws: reporting a crash must not cause another one. */
export async function reportCrash(report: CrashReport): Promise<void> {
  try {
    await (await reporter()).report(report);
  } catch {
    consoleReporter.report(report);
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
