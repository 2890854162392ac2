import type { CheckInOutcome, PrintJob } from '@foyer/contract';
import type { TFunction } from '../../../i18n/translator';
import { printErrorText } from '../../../lib/print-error';
import { showToast } from '../../../lib/toast';

export type Tone = 'success' | 'warning' | 'error';

/** E8.08–E8.13: check-in/out succeed, the refusals warn; all name the person (except a full area). */
export const outcomeTone: Record<CheckInOutcome, Tone> = {
  checkedIn: 'success',
  checkedOut: 'success',
  alreadyCheckedIn: 'warning',
  alreadyCheckedOut: 'warning',
  fullyOccupied: 'warning',
  wrongTicketType: 'warning',
};

export const toneColor: Record<Tone, string> = { success: 'green', warning: 'yellow', error: 'red' };

/** A toast in the E8 tones (the shared `toast` has no warning). */
export function notify(tone: Tone, message: string): void {
  showToast(toneColor[tone], message);
}

/**
 * A failed print at the desk, with why it failed as the console shows it (the code's text, else the
 * detail of a job that failed before codes existed): the person at the desk can tell the helpdesk
 * whether the printer is off, unreachable or out of badges' templates.
 */
export function printFailedText(job: Pick<PrintJob, 'lastErrorCode' | 'lastError'>, t: TFunction): string {
  const reason = printErrorText(t, job.lastErrorCode, job.lastError);
  return reason ? t('checkIn.print.failedReason', { reason }) : t('checkIn.print.failed');
}

/**
 * A live change of the print job this desk queued (`jobId`): a badge printed on a text printer
 * succeeds (E8.19), a failed print is an error saying why; any other change, or another job, says
 * nothing.
 */
export function notifyPrintJob(changed: PrintJob, jobId: number | null, t: TFunction): void {
  if (changed.id !== jobId) return;
  if (changed.status === 'printed' && changed.printerKind === 'txt') {
    notify('success', t('checkIn.print.txtPrinted', { printer: changed.printerLabel ?? '' })); // E8.19
  } else if (changed.status === 'failed') {
    notify('error', printFailedText(changed, t));
  }
}
