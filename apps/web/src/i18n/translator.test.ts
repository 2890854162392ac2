import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Trans } from './react';
import { fill, i18n, placeholdersOf, Translator } from './translator';

/** Keys made up for these tests: the catalogue's types do not know them. */
const key = (name: string) => name as never;

function translator(lng = 'en'): Translator {
  const texts = new Translator();
  texts.init({
    lng,
    resources: {
      en: {
        'a.close': 'Close',
        'a.hello': 'Hello {{name}}',
        'a.items_one': '{{count}} item',
        'a.items_other': '{{count}} items',
        'a.onlyEnglish': 'Only in English',
      },
      ru: {
        'a.close': 'Закрыть',
        'a.items_one': '{{count}} элемент',
        'a.items_few': '{{count}} элемента',
        'a.items_many': '{{count}} элементов',
        'a.items_other': '{{count}} элемента',
      },
      tr: { 'a.items_other': '{{count}} öğe' },
    },
  });
  return texts;
}

describe('the translator', () => {
  it('A9.32 a key missing in the language shown is taken from English, else the key itself shows', () => {
    const t = translator('ru').t;
    expect(t(key('a.close'))).toBe('Закрыть');
    expect(t(key('a.onlyEnglish'))).toBe('Only in English');
    expect(t(key('a.nowhere'))).toBe('a.nowhere');
    // A key from a server's message that names a property of every object is no text.
    expect(t(key('constructor'))).toBe('constructor');
    expect(translator().exists('toString')).toBe(false);
  });

  it('picks the plural form by the rules of the language the text is in', () => {
    const texts = translator('ru');
    const ru = texts.getFixedT('ru');
    expect(ru(key('a.items'), { count: 1 })).toBe('1 элемент');
    expect(ru(key('a.items'), { count: 3 })).toBe('3 элемента');
    expect(ru(key('a.items'), { count: 5 })).toBe('5 элементов');
    expect(ru(key('a.items'), { count: 21 })).toBe('21 элемент');
    const en = texts.getFixedT('en');
    expect(en(key('a.items'), { count: 1 })).toBe('1 item');
    expect(en(key('a.items'), { count: 0 })).toBe('0 items');
    // A form the language lacks comes from English, chosen by English rules.
    expect(texts.getFixedT('tr')(key('a.items'), { count: 2 })).toBe('2 öğe');
    expect(texts.getFixedT('tr')(key('a.items'), { count: 1 })).toBe('1 item');
    expect(texts.getFixedT('es')(key('a.items'), { count: 1 })).toBe('1 item');
  });

  it('names the placeholders of a text, each once, in the order they first appear', () => {
    expect(placeholdersOf('{{count}} of {{ total }} ({{count}})')).toEqual(['count', 'total']);
    expect(placeholdersOf('No placeholders, {{ not closed')).toEqual([]);
  });

  it('fills placeholders; one without a value stays as written, null fills with nothing', () => {
    const t = translator().t;
    expect(t(key('a.hello'), { name: 'Ada' })).toBe('Hello Ada');
    expect(t(key('a.hello'), {})).toBe('Hello {{name}}');
    expect(t(key('a.hello'), { name: null })).toBe('Hello ');
    expect(fill('{{ a }} and {{b}} and {{a}}', { a: 1, b: '<b>' })).toBe('1 and <b> and 1');
  });

  it('shows the default text, filled, when the catalogue has none for a key made at run time', () => {
    const t = translator().t;
    expect(t('booth.type.kiosk', { defaultValue: 'Kiosk {{n}}', n: 2 })).toBe('Kiosk 2');
    expect(t('a.close', { defaultValue: 'Shut' })).toBe('Close');
  });

  it('tells when the language changes, and keeps one t per language', () => {
    const texts = translator();
    const seen: string[] = [];
    const listener = (lng: string) => seen.push(`language ${lng}`);
    texts.on('languageChanged', listener);
    expect(texts.getFixedT('ru')).toBe(texts.getFixedT('ru'));
    texts.changeLanguage('ru');
    texts.changeLanguage('ru');
    texts.addCatalogue('ru', { 'a.new': 'Новое' });
    texts.off('languageChanged', listener);
    texts.changeLanguage('en');
    expect(seen).toEqual(['language ru']);
    expect(texts.getFixedT('ru')(key('a.close'))).toBe('Закрыть');
    expect(texts.getFixedT('ru')(key('a.new'))).toBe('Новое');
    expect(texts.exists('a.onlyEnglish')).toBe(true);
    expect(texts.exists('a.new')).toBe(false);
  });
});

describe("an event's own words (A7.27)", () => {
  it("A7.27 the event's own text is found before the catalogue's, in its language only, and goes with the event", () => {
    const texts = translator('ru');
    const heard: string[] = [];
    texts.on('wordsChanged', (lng) => heard.push(lng));
    const before = texts.shown;
    texts.setOwnWords({
      ru: { 'a.close': 'Готово', 'a.items_few': '{{count}} штуки' },
      en: { 'a.hello': 'Hi {{name}}' },
    });
    expect(texts.shown).not.toBe(before);
    expect(heard).toEqual(['ru']);
    expect(texts.t(key('a.close'))).toBe('Готово');
    expect(texts.t(key('a.items'), { count: 3 })).toBe('3 штуки');
    expect(texts.t(key('a.items'), { count: 5 })).toBe('5 элементов');
    // A key the event words only in English: Russian keeps its own catalogue's text, else English's.
    expect(texts.t(key('a.hello'), { name: 'Ада' })).toBe('Hi Ада');
    expect(texts.getFixedT('en')(key('a.close'))).toBe('Close');
    texts.setOwnWords(null);
    expect(texts.t(key('a.close'))).toBe('Закрыть');
    expect(heard).toEqual(['ru', 'ru']);
    // Nothing held and nothing set: no change to tell.
    texts.setOwnWords({});
    expect(heard).toEqual(['ru', 'ru']);
  });
});

describe('<Trans>', () => {
  const html = (props: Omit<Parameters<typeof Trans>[0], 'i18nKey'> & { i18nKey: string }) =>
    renderToStaticMarkup(createElement(Trans, { ...props, i18nKey: key(props.i18nKey) }));

  it('puts the text between a pair of tags into the named element; values stay text', () => {
    i18n.init({
      lng: 'en',
      resources: {
        en: {
          'x.sent': 'We sent a code to <email>{{email}}</email>. <br/>Read the <privacy>notice</privacy>.',
          'x.stray': 'a </b> and <open>never closed',
        },
      },
    });
    expect(
      html({
        i18nKey: 'x.sent',
        components: {
          email: createElement('strong'),
          privacy: createElement('a', { href: '/p' }),
          br: createElement('br'),
        },
        values: { email: '<i>eve</i>@example.com' },
      }),
    ).toBe(
      'We sent a code to <strong>&lt;i&gt;eve&lt;/i&gt;@example.com</strong>. <br/>Read the <a href="/p">notice</a>.',
    );
    expect(html({ i18nKey: 'x.stray', components: { b: createElement('b') } })).toBe(
      'a &lt;/b&gt; and &lt;open&gt;never closed',
    );
  });

  it('shows the text of a tag that names no component without the tag', () => {
    i18n.init({ lng: 'en', resources: { en: { 'x.link': 'Go <nowhere>here</nowhere> now' } } });
    expect(html({ i18nKey: 'x.link' })).toBe('Go here now');
  });
});
