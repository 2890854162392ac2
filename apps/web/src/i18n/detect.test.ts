import { describe, expect, it } from 'vitest';
import { browserLanguage, pickLanguage } from './detect';

describe('language detection (A9.31, A9.32)', () => {
  it('A9.31 takes the first bundled browser language by its primary subtag', () => {
    expect(browserLanguage(['tr-TR', 'en-US'])).toBe('tr');
    expect(browserLanguage(['de-DE', 'es-419', 'en'])).toBe('es');
    expect(browserLanguage(['RU'])).toBe('ru');
    expect(browserLanguage(['pt_BR', 'zh-Hans'])).toBeNull();
    expect(browserLanguage([])).toBeNull();
  });

  it('A9.31 A3.05 the stored choice wins over the event default, the browser and English', () => {
    expect(pickLanguage({ stored: 'ru', event: 'es', browser: ['tr-TR'] })).toBe('ru');
    expect(pickLanguage({ stored: 'en', event: 'tr', browser: ['tr-TR'] })).toBe('en');
  });

  it("A3.05 an event's default language applies on its pages when nothing is stored", () => {
    expect(pickLanguage({ stored: null, event: 'es', browser: ['tr-TR'] })).toBe('es');
    expect(pickLanguage({ stored: 'xx', event: 'es', browser: ['tr-TR'] })).toBe('es');
  });

  it('A9.31 the browser language applies when neither a choice nor a bundled event language is there', () => {
    expect(pickLanguage({ stored: null, event: null, browser: ['tr-TR', 'en'] })).toBe('tr');
    expect(pickLanguage({ stored: null, event: 'de', browser: ['de-DE', 'ru-RU'] })).toBe('ru');
  });

  it('A9.32 A9.54 English when nothing else is bundled', () => {
    expect(pickLanguage({ stored: null, event: null, browser: ['de-DE', 'fr'] })).toBe('en');
    expect(pickLanguage({ stored: null, event: null, browser: [] })).toBe('en');
  });
});
