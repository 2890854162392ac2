import { chatClientKeySchema } from '@foyer/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newClientKey, outgoing } from './client-key';

describe('the key a composed message is sent with (E7.58)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is one the server accepts', () => {
    const key = newClientKey();
    expect(chatClientKeySchema.safeParse(key).success).toBe(true);
    expect(newClientKey()).not.toBe(key);
  });

  it('is made without crypto.randomUUID too (a page served over plain http at a venue)', () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    const key = newClientKey();
    expect(chatClientKeySchema.safeParse(key).success).toBe(true);
    expect(newClientKey()).not.toBe(key);
  });

  it('a retry of the same message keeps its key; another message gets a new one', () => {
    let n = 0;
    const make = () => `key-0000000${++n}`;
    const first = outgoing(null, 'Hello', make);
    expect(first).toEqual({ content: 'Hello', key: 'key-00000001' });
    // The send failed (no answer): sent again as it was, it is the same message.
    expect(outgoing(first, 'Hello', make)).toBe(first);
    // Edited, it is another message.
    expect(outgoing(first, 'Hello!', make)).toEqual({ content: 'Hello!', key: 'key-00000002' });
  });
});
