import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { CrashReport, ReportOutcome } from './crash-report';
import { CrashScreen } from './crash-screen';
import { reportCrash, toCrashReport } from './error-reporter';

interface State {
  report: CrashReport | null;
  /** Until the reporter answers: the screen claims nothing it does not know. */
  outcome: ReportOutcome | 'pending';
}

/** A2.62–A2.64, A8.29: any render crash below shows the crash screen and is reported once. */
export class CrashBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { report: null, outcome: 'pending' };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { report: toCrashReport(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const report = toCrashReport(error, { componentStack: info.componentStack ?? undefined });
    this.setState({ report, outcome: 'pending' });
    void reportCrash(report).then((outcome) => this.setState({ outcome }));
  }

  override render(): ReactNode {
    return this.state.report ? (
      <CrashScreen report={this.state.report} outcome={this.state.outcome} />
    ) : (
      this.props.children
    );
  }
}
