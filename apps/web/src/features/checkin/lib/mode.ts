import type { CheckInArea, CheckInOutcome, ScanMethod, ScanType } from '@foyer/contract';

/**
 * The door's modes (E2.79, E3.35, E4.66–E4.71) as plain rules, so they are tested without a browser.
 * Where a code comes from: the camera, a handheld scanner typing it, or the desk's name search.
 */
export const scanSources = ['camera', 'handheld', 'lookup'] as const;
export type ScanSource = (typeof scanSources)[number];

/** The individual mode's explicit choice; fast mode toggles instead (E4.71). */
export type Direction = 'in' | 'out';

/** E3.35: the scanMethod a source reports (a desk lookup is no scan). */
export function scanMethodOf(source: ScanSource): ScanMethod | undefined {
  if (source === 'camera') return 'camera';
  if (source === 'handheld') return 'handheldScanner';
  return undefined;
}

/** The scanning device as the check-in request names it. */
export interface DeviceFields {
  deviceId: string;
  deviceLabel: string;
}

export interface ScanFields {
  checkIn: boolean;
  toggle?: boolean;
  scanType: ScanType;
  scanMethod?: ScanMethod;
  deviceId: string;
  deviceLabel?: string;
}

/**
 * What a scan sends beside the code: fast mode toggles (E4.71; `checkIn` is then ignored), individual
 * mode goes the chosen way; both name how the code was read (E3.35) and the device.
 */
export function scanFields(o: {
  scanType: ScanType;
  direction: Direction;
  source: ScanSource;
  device: DeviceFields;
}): ScanFields {
  const fast = o.scanType === 'fast';
  const method = scanMethodOf(o.source);
  const label = o.device.deviceLabel.trim();
  return {
    checkIn: fast ? true : o.direction === 'in',
    ...(fast ? { toggle: true } : {}),
    scanType: o.scanType,
    ...(method ? { scanMethod: method } : {}),
    deviceId: o.device.deviceId,
    ...(label ? { deviceLabel: label } : {}),
  };
}

/**
 * E4.66, E4.67: in individual mode the result stays until "Scan next" and the camera waits meanwhile;
 * in fast mode the next scan is accepted at once and the result shows only for FAST_RESULT_MS.
 */
export function waitsForScanNext(scanType: ScanType): boolean {
  return scanType === 'individual';
}
export const FAST_RESULT_MS = 3000;

/** Capacity warnings: nearly full from 90 %, full at 100 %; areas without a capacity never warn. */
export type CapacityLevel = 'ok' | 'nearlyFull' | 'full';
export const NEARLY_FULL_SHARE = 0.9;

export function capacityLevel(area: Pick<CheckInArea, 'capacity' | 'capacityUsed'>): CapacityLevel {
  if (area.capacity === null || area.capacity <= 0) return 'ok';
  if (area.capacityUsed >= area.capacity) return 'full';
  return area.capacityUsed >= area.capacity * NEARLY_FULL_SHARE ? 'nearlyFull' : 'ok';
}

/** The result panel's colour: green done, amber already so, red refused or unreadable, blue queued. */
export type PanelTone = 'success' | 'warning' | 'error' | 'pending';

export const outcomePanelTone: Record<CheckInOutcome, PanelTone> = {
  checkedIn: 'success',
  checkedOut: 'success',
  alreadyCheckedIn: 'warning',
  alreadyCheckedOut: 'warning',
  fullyOccupied: 'error',
  wrongTicketType: 'error',
};

/** Why a scan gave no result: each has its catalogued message (E8.06, E8.14, E8.15, E8.23). */
export type ScanProblem = 'invalidCode' | 'notFound' | 'denied' | 'finished' | 'failed';

/** The problem a failed check-in call stands for, from its HTTP status. */
export function problemOf(error: unknown): ScanProblem {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 404) return 'notFound';
  if (status === 400 || status === 422) return 'invalidCode';
  if (status === 403) {
    const message = (error as { message?: unknown }).message;
    return typeof message === 'string' && /finished/i.test(message) ? 'finished' : 'denied';
  }
  return 'failed';
}

/**
 * E4.70: the check-in and check-out buttons of a person picked at the desk or from a profile are
 * disabled once the check-in gave a status (and while it is being sent).
 */
export function canAct(o: { hasStatus: boolean; pending: boolean }): boolean {
  return !o.hasStatus && !o.pending;
}

/** "10:42" for today, else the date too ("2025-03-09 10:42"), from formatDateTime's `yyyy-LL-dd HH:mm`. */
export function shortMoment(formatted: string, today: string): string {
  return formatted.slice(0, 10) === today.slice(0, 10) ? formatted.slice(11) : formatted;
}
