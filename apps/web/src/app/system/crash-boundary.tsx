import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from './crash-screen';
import { type CrashReport, reportCrash, toCrashReport } from './error-reporter';

interface State {
  report: CrashReport | null;
}

/** A2.62–A2.64, A8.29: any render crash below shows the crash screen and is reported once. */
export class CrashBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { report: null };

  static getDerivedStateFromError(error: unknown): State {
    return { report: toCrashReport(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const report = toCrashReport(error, { componentStack: info.componentStack ?? undefined });
    this.setState({ report });
    void reportCrash(report);
  }

  override render(): ReactNode {
    return this.state.report ? <CrashScreen report={this.state.report} /> : this.props.children;
  }
}
