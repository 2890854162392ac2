import { describe, expect, it } from 'vitest';
import en from './locales/en/system.json';
import tr from './locales/tr/system.json';
import { participantTypeText, upperTypeText } from './type-label';

const catalogues = { en, tr } as const;
const translate = (lang: 'en' | 'tr') => (key: string) => catalogues[lang][key as keyof typeof en] ?? key;

describe('participant type labels (E3.05)', () => {
  it('E3.05 a built-in type reads in the UI language, upper-cased by its rules', () => {
    const label = participantTypeText('Exhibitor', translate('tr'), 'tr', 'en');
    expect(label).toEqual({ text: 'Sergileyici', lang: 'tr' });
    expect(upperTypeText(label)).toBe('SERGİLEYİCİ');
    expect(upperTypeText(participantTypeText(' speaker ', translate('tr'), 'tr'))).toBe('KONUŞMACI');
    expect(upperTypeText(participantTypeText('Attendee', translate('en'), 'en'))).toBe('ATTENDEE');
  });

  it("E3.05 an organizer's own name keeps its language: English unless the event says otherwise", () => {
    const visitor = participantTypeText('Visitor', translate('tr'), 'tr', 'en');
    expect(visitor).toEqual({ text: 'Visitor', lang: 'en' });
    expect(upperTypeText(visitor)).toBe('VISITOR'); // not "VİSİTOR", as a Turkish page's text-transform gives
    expect(upperTypeText(participantTypeText('Visitor', translate('tr'), 'tr', null))).toBe('VISITOR');
    const turkish = participantTypeText('Ziyaretçi', translate('en'), 'en', 'tr');
    expect(upperTypeText(turkish)).toBe('ZİYARETÇİ');
  });

  it('E3.05 texts per language: the organizer’s name in the reader’s language wins, else the default', () => {
    const texts = { tr: 'Ziyaretçi', ru: 'Посетитель' };
    expect(participantTypeText('Visitor', translate('tr'), 'tr', 'en', texts)).toEqual({
      text: 'Ziyaretçi',
      lang: 'tr',
    });
    expect(upperTypeText(participantTypeText('Visitor', translate('tr'), 'tr', 'en', texts))).toBe(
      'ZİYARETÇİ',
    );
    expect(participantTypeText('Visitor', translate('en'), 'es', 'en', texts)).toEqual({
      text: 'Visitor',
      lang: 'en',
    });
    // Also over a built-in name: the organizer's own translation is theirs to give.
    expect(participantTypeText('Speaker', translate('tr'), 'tr', 'en', { tr: 'Sunucu' }).text).toBe('Sunucu');
  });
});
