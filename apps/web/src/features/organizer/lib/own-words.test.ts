import { describe, expect, it } from 'vitest';
import { appTexts, missingPlaceholders, rankTexts, wordsToSave } from './own-words';

describe("the event's own words (A7.27)", () => {
  it('A7.27 names the placeholders an own text drops, each once', () => {
    expect(missingPlaceholders('{{count}} attendees', '{{count}} delegates')).toEqual([]);
    expect(missingPlaceholders('{{count}} attendees of {{event}}', 'Delegates')).toEqual(['count', 'event']);
    expect(missingPlaceholders('Attendees', 'Delegates {{x}}')).toEqual([]);
  });

  it('A7.27 saves texts trimmed, leaves blank ones and empty languages out', () => {
    expect(
      wordsToSave({
        en: { 'attendees.title': '  Delegates ', 'chat.title': '   ' },
        tr: { 'chat.title': '' },
        es: {},
      }),
    ).toEqual({ en: { 'attendees.title': 'Delegates' } });
  });

  it('A7.27 offers every text of the app in a language, with English beneath the ones it lacks', async () => {
    const english = await appTexts('en');
    const turkish = await appTexts('tr');
    expect(Object.keys(english).length).toBeGreaterThan(1000);
    expect(Object.keys(turkish)).toEqual(expect.arrayContaining(Object.keys(english)));
    expect(english['organizer.words.title']).toBe("The app's words");
    expect(turkish['organizer.words.title']).toBe('Uygulamanın metinleri');
  });

  it('A7.27 the picker lists the text itself first, then texts starting with it, then the rest, shorter first', () => {
    const texts = [
      { value: 'auth.carousel.meet', label: 'Find attendees by interest and meet them' },
      { value: 'attendees.list.title', label: 'Attendees' },
      { value: 'agenda.session.attendees_other', label: '{{count}} attendees' },
      { value: 'event.tabs.attendees', label: 'Attendees' },
      { value: 'chat.title', label: 'Chat' },
      { value: 'attendees.filter.title', label: 'Attendees filters' },
    ];
    expect(rankTexts(texts, '  ATTENDEES ', 10).map((t) => t.value)).toEqual([
      'attendees.list.title',
      'event.tabs.attendees',
      'attendees.filter.title',
      'agenda.session.attendees_other',
      'auth.carousel.meet',
    ]);
    expect(rankTexts(texts, 'event.tabs.attendees', 10).map((t) => t.value)).toEqual([
      'event.tabs.attendees',
    ]);
    expect(rankTexts(texts, 'attendees', 2)).toHaveLength(2);
    expect(rankTexts(texts, '', 3)).toEqual(texts.slice(0, 3));
    expect(rankTexts(texts, 'nothing like it', 10)).toEqual([]);
  });
});
