import type { CategoryQuestion, ParticipantProfile } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en/attendees.json';
import { reasonText, wordList } from './reasons';
import {
  EMPTY_FILTERS,
  filtersFromParams,
  filtersToParams,
  isFiltered,
  toIds,
  toSearchRequest,
} from './search-request';
import {
  afterWizardPath,
  completeness,
  formFromProfile,
  formPoints,
  showsMax,
  stepErrors,
  stepRequest,
  type WizardForm,
} from './wizard';

const interests: CategoryQuestion = {
  categoryId: 10,
  name: 'Interests',
  type: 'select',
  isMulti: true,
  maxSelectableOptionCount: 2,
  required: false,
  isPrivate: false,
  subCategories: [11, 12, 13].map((id) => ({ categoryId: id, name: `Option ${id}` })),
};
const industry: CategoryQuestion = {
  ...interests,
  categoryId: 20,
  name: 'Industry',
  isMulti: false,
  maxSelectableOptionCount: 1,
  required: true,
  subCategories: [{ categoryId: 21, name: 'Health' }],
};

const blank: WizardForm = {
  company: '',
  jobTitle: '',
  website: '',
  city: '',
  linkedin: '',
  biography: '',
  visible: true,
  offer: '',
  seek: '',
  typeId: null,
  selected: {},
  texts: {},
};

describe('attendee directory: filters → search2 request', () => {
  it('E7.32 E7.70 A9.18 an empty filter asks for the first 60 people and nothing else', () => {
    expect(toSearchRequest(7, EMPTY_FILTERS)).toEqual({ eventId: 7, length: 60 });
    expect(isFiltered(EMPTY_FILTERS)).toBe(false);
  });

  it('E7.32 E7.70 query text, types, categories, favourites, order and the cursor map onto search2', () => {
    const filters = {
      query: '  Ana K ',
      typeIds: [3, 1],
      categoryIds: [12],
      view: 'fav' as const,
      orderBy: 'company' as const,
    };
    expect(toSearchRequest(7, filters, 'cursor-1')).toEqual({
      eventId: 7,
      length: 60,
      query: 'Ana K',
      after: 'cursor-1',
      orderBy: 'company',
      asc: true,
      filters: { typeIds: [1, 3], categoryIds: [12], tags: ['fav'] },
    });
    expect(isFiltered(filters)).toBe(true);
    expect(isFiltered({ ...EMPTY_FILTERS, query: '   ' })).toBe(false);
    expect(isFiltered({ ...EMPTY_FILTERS, view: 'ignored' })).toBe(true);
  });

  it('E2.01 the filters survive in the address, junk falls back to the defaults', () => {
    const filters = {
      query: 'ana',
      typeIds: [2],
      categoryIds: [5, 6],
      view: 'fav' as const,
      orderBy: 'name' as const,
    };
    const params = filtersToParams(filters, new URLSearchParams('keep=1'));
    expect(params.toString()).toBe('keep=1&q=ana&type=2&cat=5%2C6&view=fav&sort=name');
    expect(filtersFromParams(params)).toEqual(filters);
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams('view=x&sort=y&type=a,3'))).toEqual({
      ...EMPTY_FILTERS,
      typeIds: [3],
    });
  });

  it('reads option ids from select values, dropping junk', () => {
    expect(toIds(['4', 'x', '0', '12'])).toEqual([4, 12]);
  });
});

describe('profile wizard rules', () => {
  it('E5.06 leaving participantType without a type is refused when the event has types', () => {
    expect(stepErrors('participantType', blank, [], true)).toEqual([
      { key: 'attendees.wizard.typeRequired' },
    ]);
    expect(stepErrors('participantType', blank, [], false)).toEqual([]);
    expect(stepErrors('participantType', { ...blank, typeId: 4 }, [], true)).toEqual([]);
  });

  it('E5.04 E5.07 too many options names the count and the maximum; E5.01 a required question must be answered', () => {
    const form = { ...blank, selected: { 10: [11, 12, 13] } };
    expect(stepErrors('categories', form, [interests, industry], true)).toEqual([
      { key: 'attendees.wizard.tooManyOptions', values: { count: 3, max: 2 }, categoryId: 10 },
      { key: 'attendees.wizard.required', values: { name: 'Industry' }, categoryId: 20 },
    ]);
    const ok = { ...blank, selected: { 10: [11, 12], 20: [21] } };
    expect(stepErrors('categories', ok, [interests, industry], true)).toEqual([]);
  });

  it('E3.01 the company step refuses a website that is not a web address, under the website field', () => {
    for (const website of ['Designing event tools', 'http://Designing event tools', 'acme']) {
      expect(stepErrors('company', { ...blank, website }, [], true)).toEqual([
        { key: 'validation.error.url', field: 'website' },
      ]);
    }
    for (const website of ['', '  ', 'acme.example', 'https://acme.example/about']) {
      expect(stepErrors('company', { ...blank, website }, [], true)).toEqual([]);
    }
  });

  it('E5.05 (Max N) shows only when a multi question offers more options than may be chosen', () => {
    expect(showsMax(interests)).toBe(true);
    expect(showsMax({ ...interests, maxSelectableOptionCount: 3 })).toBe(false);
    expect(showsMax({ ...interests, maxSelectableOptionCount: null })).toBe(false);
    expect(showsMax(industry)).toBe(false);
  });

  it('E7.28 each step saves only its own fields', () => {
    const form = { ...blank, company: ' Acme ', offer: 'seed funding ', typeId: 2, selected: { 10: [11] } };
    expect(stepRequest(1, 'company', form, [])).toEqual({
      eventId: 1,
      company: 'Acme',
      jobTitle: '',
      website: '',
      city: '',
      biography: '',
      some: {},
    });
    // Other social links are kept; visibility is sent only when the user changed it.
    const saved = { some: { twitter: 'x.com/acme', linkedin: 'old' }, visible: true };
    expect(
      stepRequest(1, 'company', { ...form, linkedin: ' in/acme ', visible: false }, [], saved),
    ).toMatchObject({
      some: { twitter: 'x.com/acme', linkedin: 'in/acme' },
      visible: false,
    });
    expect(stepRequest(1, 'company', form, [], saved)).not.toHaveProperty('visible');
    expect(stepRequest(1, 'company', form, [], saved).some).toEqual({ twitter: 'x.com/acme' });
    expect(stepRequest(1, 'offerSeek', form, [])).toEqual({ eventId: 1, offer: 'seed funding', seek: '' });
    expect(stepRequest(1, 'participantType', form, [])).toEqual({ eventId: 1, typeId: 2 });
    expect(stepRequest(1, 'categories', form, [interests, industry])).toEqual({
      eventId: 1,
      categories: [
        { categoryId: 10, selectedCategoryIds: [11] },
        { categoryId: 20, selectedCategoryIds: [] },
      ],
    });
  });

  it('E9.46 completeness counts a point per filled part and shows at most 5 of 5', () => {
    expect(formPoints(blank, null)).toBe(0);
    const filled = { ...blank, company: 'Acme', jobTitle: 'CTO', offer: 'x', seek: 'y' };
    expect(formPoints(filled, null)).toBe(4);
    expect(completeness(4)).toEqual({ shown: 4, of: 5, percent: 80, complete: false });
    expect(formPoints({ ...filled, selected: { 10: [11] } }, null)).toBe(5);
    expect(completeness(5).complete).toBe(true);
    expect(completeness(8)).toEqual({ shown: 5, of: 5, percent: 100, complete: true });
  });

  it('E3.03 the form starts from the saved profile', () => {
    const profile = {
      company: 'Acme',
      jobTitle: 'CTO',
      website: '',
      city: 'Izmir',
      some: { linkedin: 'in/acme' },
      visible: false,
      biography: '',
      offer: '',
      seek: '',
      typeId: 3,
      categories: [
        { categoryId: 10, type: 'select', selectedCategoryIds: [11] },
        { categoryId: 30, type: 'text', value: 'Hi' },
      ],
    } as unknown as ParticipantProfile;
    expect(formFromProfile(profile)).toMatchObject({
      city: 'Izmir',
      linkedin: 'in/acme',
      visible: false,
      typeId: 3,
      selected: { 10: [11] },
      texts: { 30: 'Hi' },
    });
  });

  it('E2.78 the wizard ends on the event index page', () => {
    expect(afterWizardPath(5, 'attendees')).toBe('/event/5/attendees');
    expect(afterWizardPath(5, '/')).toBe('/event/5/');
  });
});

describe('People to meet reasons', () => {
  const t = (key: string, values: Record<string, string> = {}) =>
    (en as Record<string, string>)[key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

  it('words each structured reason as a sentence a person would say, not a keyword dump', () => {
    expect(reasonText(t, { kind: 'youSeek', name: 'Ana', seek: 'investors', offer: 'seed funding' })).toBe(
      'You’re looking for “investors”, and Ana offers “seed funding”',
    );
    expect(reasonText(t, { kind: 'theySeek', name: 'Bob', seek: 'saas platform ', offer: 'software' })).toBe(
      'Bob is looking for “saas platform”, and you offer “software”',
    );
    expect(reasonText(t, { kind: 'sharedInterests', names: ['Fintech', 'Health'] })).toBe(
      'You’re both interested in Fintech and Health',
    );
    expect(reasonText(t, { kind: 'sharedWords', words: ['health', 'data', 'ai', 'data'] })).toBe(
      'You both mention health, data, and ai',
    );
  });

  it('joins lists the way the reader’s language does', () => {
    expect(wordList(['Fintech', 'Health', 'AI'], 'es')).toBe('Fintech, Health y AI');
    expect(wordList(['Fintech', 'Health'], 'tr')).toBe('Fintech ve Health');
    expect(wordList(['a', ' ', 'b'], 'not a language!')).toBe('a, b');
    // Each language keeps its own list format, the unknown tag its plain list, asked again.
    expect(wordList(['x', 'y'], 'en')).toBe('x and y');
    expect(wordList(['x', 'y'], 'es')).toBe('x y y');
    expect(wordList(['x', 'y'], 'not a language!')).toBe('x, y');
  });
});
