import { describe, expect, it } from 'vitest';
import { ownWordsOf } from './use-event-words';

describe('messagesForEvent/{id}.json as the app takes it (A7.27)', () => {
  it('A7.27 keeps languages of texts only, whatever else the answer holds', () => {
    expect(ownWordsOf({ en: { 'a.b': 'Delegates' }, tr: { 'a.b': 'Delegeler' } })).toEqual({
      en: { 'a.b': 'Delegates' },
      tr: { 'a.b': 'Delegeler' },
    });
    expect(
      ownWordsOf({
        en: { 'a.b': 'ok', 'a.c': 3, 'a.d': { x: 1 }, 'a.e': 'x'.repeat(501) },
        ru: ['a'],
        es: null,
        tr: { 'a.f': null },
      }),
    ).toEqual({ en: { 'a.b': 'ok' } });
    for (const body of [null, 'text', 42, ['en'], undefined]) expect(ownWordsOf(body)).toEqual({});
  });
});
