import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { keepOfflineAnswers } from '../../../lib/offline-answers';
import { eventQuery } from '../../../lib/use-event';
import { checkInAreasKey } from '../api/checkin';
import { doorDb, onScansChanged, type PendingScan } from './db';
import { clearSettled, listScans } from './queue';
import { refreshSnapshot } from './snapshot';
import { startSync } from './sync';
import { type DoorFilesState, registerDoorWorker } from './worker';

/** Whether the browser says it is online (changes with the online/offline events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

/** How often a door whose files are partly kept tries again while online. */
const KEEP_AGAIN_MS = 60_000;

export type SnapshotStatus =
  | { state: 'loading' }
  | { state: 'ready'; count: number; at: string }
  | { state: 'error'; count: number | null };

/**
 * Makes this screen a door that works offline while it is open: keeps the event's tickets on the
 * device (refreshed when online and older than a few minutes), syncs queued scans (now, on
 * reconnect, with backoff), and installs the service worker, has it keep every file the screen
 * may load (worker.ts; again when the network comes back if some could not be fetched), and keeps the event's and the areas' last answers
 * (lib/offline-answers.ts): the screen reloads and scans offline.
 */
export function useOfflineDoor(eventId: number): { snapshot: SnapshotStatus; files: DoorFilesState } {
  const online = useOnline();
  const [status, setStatus] = useState<SnapshotStatus>({ state: 'loading' });
  const [files, setFiles] = useState<DoorFilesState>('keeping');

  const ready = status.state === 'ready';
  const queryClient = useQueryClient();
  useEffect(() => startSync(), []);
  // With the tickets on the device, the screen's own answers are kept too: it reloads offline.
  useEffect(() => {
    if (!ready) return;
    keepOfflineAnswers(eventId, {
      event: queryClient.getQueryData(eventQuery(eventId).queryKey),
      checkInAreas: queryClient.getQueryData(checkInAreasKey(eventId)),
    });
  }, [ready, eventId, queryClient]);
  // Files that could not all be kept are asked for again when the network comes back, and every
  // minute while it is there (a file the server failed to send once).
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    if (attempt > 0) setFiles('keeping');
    void registerDoorWorker().then((state) => {
      if (live) setFiles(state);
    });
    return () => {
      live = false;
    };
  }, [attempt]);
  useEffect(() => {
    if (files !== 'partial') return;
    const again = () => {
      if (navigator.onLine) setAttempt((n) => n + 1);
    };
    window.addEventListener('online', again);
    const timer = setInterval(again, KEEP_AGAIN_MS);
    return () => {
      window.removeEventListener('online', again);
      clearInterval(timer);
    };
  }, [files]);
  useEffect(() => {
    let live = true;
    const known = async () => (await (await doorDb()).get('meta', eventId)) ?? null;
    void (async () => {
      try {
        await clearSettled(null); // anyone's settled a day ago
        if (online) await refreshSnapshot(eventId);
        const meta = await known();
        if (live)
          setStatus(
            meta ? { state: 'ready', count: meta.count, at: meta.at } : { state: 'error', count: null },
          );
      } catch {
        const meta = await known().catch(() => null);
        if (live)
          setStatus(
            meta ? { state: 'ready', count: meta.count, at: meta.at } : { state: 'error', count: null },
          );
      }
    })();
    return () => {
      live = false;
    };
  }, [eventId, online]);
  return { snapshot: status, files };
}

/** The event's scans on this device (queued and settled), re-read whenever they change. */
export function usePendingScans(eventId: number): PendingScan[] {
  const [scans, setScans] = useState<PendingScan[]>([]);
  const read = useCallback(() => {
    listScans(eventId).then(setScans, () => setScans([]));
  }, [eventId]);
  useEffect(() => {
    read();
    return onScansChanged(read);
  }, [read]);
  return scans;
}
