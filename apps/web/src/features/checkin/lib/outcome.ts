import type { CheckInOutcome, PrintJob } from '@foyer/contract';
import type { TFunction } from '../../../i18n/translator';
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
 * A live change of the print job this desk queued (`jobId`): a badge printed on a text printer
 * succeeds (E8.19), a failed print is an error; any other change, or another job, says nothing.
 */
export function notifyPrintJob(changed: PrintJob, jobId: number | null, t: TFunction): void {
  if (changed.id !== jobId) return;
  if (changed.status === 'printed' && changed.printerKind === 'txt') {
    notify('success', t('checkIn.print.txtPrinted', { printer: changed.printerLabel ?? '' })); // E8.19
  } else if (changed.status === 'failed') {
    notify('error', t('checkIn.print.failed'));
  }
}
