import { afterEach, describe, expect, it, vi } from 'vitest';
import { nativeLog } from './native';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the native shell bridge', () => {
  it('A1.15 log messages go to the native shell; a browser without it ignores them', () => {
    const posted: string[] = [];
    vi.stubGlobal('window', { ReactNativeWebView: { postMessage: (m: string) => posted.push(m) } });
    nativeLog('realtime sign-in failed', { code: 401 });
    expect(posted.map((m) => JSON.parse(m))).toEqual([
      { type: 'log', message: 'realtime sign-in failed', details: { code: 401 } },
    ]);

    vi.stubGlobal('window', {});
    expect(() => nativeLog('nobody listens')).not.toThrow();
  });
});
