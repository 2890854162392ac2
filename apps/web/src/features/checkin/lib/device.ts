import { type ScanType, scanTypes } from '@foyer/contract';
/**
 * This door device's settings, kept in local storage (per device, not per account): a stable id made
 * once, the label staff give it ("Gate B"), the scan type and source last used (E3.35), the sound
 * switch, and the last camera error (E8.22).
 */
import { DOOR_DEVICE_KEY } from '../../../lib/storage';
import { type ScanSource, scanSources } from './mode';
export const DEVICE_LABEL_MAX = 60;

export interface CameraErrorRecord {
  at: string;
  name: string;
  message: string;
}

export interface DoorDevice {
  id: string;
  label: string;
  scanType: ScanType;
  source: ScanSource;
  muted: boolean;
  cameraError: CameraErrorRecord | null;
}

const DEVICE_ID = /^[\w-]{8,64}$/;

/** 'door-' and 16 hex digits from the browser's random source (also outside secure contexts). */
export function newDeviceId(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(8));
  return `door-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

/** The stored settings, each field checked on its own: a bad or missing one falls back to its default. */
export function parseDevice(raw: string | null, makeId: () => string = newDeviceId): DoorDevice {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      stored = parsed as Record<string, unknown>;
  } catch {
    // unreadable: start again with defaults
  }
  const error = stored.cameraError as Partial<CameraErrorRecord> | null | undefined;
  return {
    id: typeof stored.id === 'string' && DEVICE_ID.test(stored.id) ? stored.id : makeId(),
    label: typeof stored.label === 'string' ? stored.label.slice(0, DEVICE_LABEL_MAX) : '',
    scanType: pick(stored.scanType, scanTypes, 'individual'),
    source: pick(stored.source, scanSources, 'handheld'),
    muted: stored.muted === true,
    cameraError:
      error && typeof error.at === 'string' && typeof error.name === 'string'
        ? { at: error.at, name: error.name, message: String(error.message ?? '') }
        : null,
  };
}

export function readDevice(): DoorDevice {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(DOOR_DEVICE_KEY);
  } catch {
    // storage unavailable: settings last for this visit
  }
  const device = parseDevice(raw);
  // The id is made once: keep it even if nothing else is ever changed.
  if (raw === null) writeDevice(device);
  return device;
}

export function writeDevice(device: DoorDevice): void {
  try {
    localStorage.setItem(DOOR_DEVICE_KEY, JSON.stringify(device));
  } catch {
    // storage unavailable or full: settings last for this visit
  }
}
