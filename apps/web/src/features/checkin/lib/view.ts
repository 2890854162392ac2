import type { CheckInPerson, CheckInResult } from '@foyer/contract';
import { outcomePanelTone, type PanelTone, type ScanProblem } from './mode';

/** A person's whole-event status as the desk search knows it (null: not known, e.g. from a profile). */
export interface KnownStatus {
  checkedIn: boolean;
  checkedInAt: string | null;
}

/**
 * What the result panel shows (E2.79 scanResult): a check-in's answer, a scan that gave none (an
 * unreadable code, an unknown ticket…), a scan queued offline, or a person picked at the desk or from
 * a profile who is not checked in or out yet. `seq` orders them: an older answer never replaces a
 * newer one.
 */
export type DoorView =
  | { kind: 'result'; seq: number; result: CheckInResult }
  | { kind: 'problem'; seq: number; problem: ScanProblem; code: string; message: string }
  | { kind: 'pending'; seq: number; code: string }
  | { kind: 'person'; seq: number; person: CheckInPerson; status: KnownStatus | null };

export function viewTone(view: DoorView): PanelTone | null {
  switch (view.kind) {
    case 'result':
      return outcomePanelTone[view.result.outcome];
    case 'problem':
      return 'error';
    case 'pending':
      return 'pending';
    case 'person':
      return null;
  }
}

/** The person the panel shows, when there is one. */
export function viewPerson(view: DoorView): CheckInPerson | null {
  if (view.kind === 'result') return view.result.person;
  if (view.kind === 'person') return view.person;
  return null;
}
