import type { CheckInOutcome } from '@foyer/contract';
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
