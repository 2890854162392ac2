import type { UpdateProfileRequest } from '@foyer/contract';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';

/** A3.24: the native mobile shell opens the app with ?appNative; the flag is remembered locally. */
export const APP_NATIVE_KEY = 'appNative';

export interface FoyerDeviceBridge {
  /** A4.30: saves the device's push token; both values are needed. */
  saveToken(deviceUID: string, token: string): Promise<boolean>;
  /** The native shell switched or refreshed the signed-in user: reload the session. */
  userChanged(): void;
}

declare global {
  interface Window {
    foyerDevice?: FoyerDeviceBridge;
  }
}

let native: boolean | null = null;

/** A1.14, A4.28: decided once per page load, from the query flag or the stored flag. */
export function isNativeApp(): boolean {
  if (native !== null) return native;
  const flagged = new URLSearchParams(window.location.search).has(APP_NATIVE_KEY);
  try {
    if (flagged) localStorage.setItem(APP_NATIVE_KEY, 'true');
    native = flagged || localStorage.getItem(APP_NATIVE_KEY) === 'true';
  } catch {
    native = flagged;
  }
  return native;
}

/** A1.15: log lines for the native shell; a no-op in a browser. */
export function nativeLog(message: string, details?: unknown): void {
  window.ReactNativeWebView?.postMessage(JSON.stringify({ type: 'log', message, details }));
}

/**
 * A1.17, A4.29, A4.30: `window.foyerDevice` for the native shell. Installed only in native mode;
 * returns the function that removes it. Logout clears local storage (A4.05), so the native flag is
 * written back whenever the session ends.
 */
export function installDeviceBridge(onUserChanged: () => void): () => void {
  if (!isNativeApp()) return () => {};
  window.foyerDevice = {
    async saveToken(deviceUID, token) {
      if (!deviceUID || !token) {
        console.error('foyerDevice.saveToken needs both a device id and a token');
        return false;
      }
      const body: UpdateProfileRequest = {
        action: 'update_device_token',
        firebaseDeviceTokens: [{ deviceUID, token }],
      };
      try {
        await api('/user/profile', { method: 'PUT', body });
        return true;
      } catch (error) {
        nativeLog('saveToken failed', (error as Error).message);
        return false;
      }
    },
    userChanged() {
      onUserChanged();
    },
  };
  const unsubscribe = useSession.subscribe((state, previous) => {
    if (state.status === 'loggedOut' && previous.status !== 'loggedOut') {
      try {
        localStorage.setItem(APP_NATIVE_KEY, 'true');
      } catch {
        // the in-memory flag still holds for this page
      }
    }
    if (state.user && state.user.id !== previous.user?.id) nativeLog('user', { id: state.user.id });
  });
  return () => {
    unsubscribe();
    delete window.foyerDevice;
  };
}
