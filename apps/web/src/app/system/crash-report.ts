/** A crash as it is reported (A2.64); error-reporter.ts sends it. */
export interface CrashReport {
  message: string;
  stack?: string;
  /** React's component stack, when the crash happened while rendering. */
  componentStack?: string;
  url: string;
  /** What the user wrote in the feedback dialog. */
  feedback?: string;
}

/**
 * What became of a report: `sent` only when the service accepted it; `failed` when it should have
 * gone out and did not (or whether it should could not be learned); `off` when no service is set up.
 */
export type ReportOutcome = 'sent' | 'failed' | 'off';

export interface ErrorReporter {
  report(report: CrashReport): Promise<ReportOutcome> | ReportOutcome;
}
