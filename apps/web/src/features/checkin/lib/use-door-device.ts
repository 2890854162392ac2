import { useSyncExternalStore } from 'react';
import { type DoorDevice, readDevice, writeDevice } from './device';

let current: DoorDevice | null = null;
const listeners = new Set<() => void>();

function snapshot(): DoorDevice {
  current ??= readDevice();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes this device's door settings and keeps them for the next visit. */
export function updateDevice(patch: Partial<DoorDevice>): void {
  current = { ...snapshot(), ...patch };
  writeDevice(current);
  for (const listener of listeners) listener();
}

/** This device's door settings (scan type, source, label, sound), shared by every open scanner. */
export function useDoorDevice(): DoorDevice {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
