import { describe, expect, it } from 'vitest';
import { boothJoinedMessage, canManageBooth, updateBoothRequest } from './booths';
import {
  type CategoryQuestion,
  canInvite,
  isGuest,
  isProfileComplete,
  profilePoints,
  SEARCH_PROPS,
  search2Request,
  searchRowsToCards,
  tooManyOptionsMessage,
  updateEventProfileRequest,
  validateCategorySelection,
  websiteHref,
  withHttp,
  wizardSteps,
} from './index';

describe('participants contract', () => {
  it('E7.32, A9.18 search2 request: strict, bounded', () => {
    expect(search2Request.safeParse({ eventId: 1 }).success).toBe(true);
    expect(search2Request.safeParse({ eventId: 1, length: 101 }).success).toBe(false);
    expect(search2Request.safeParse({ eventId: 1, nope: true }).success).toBe(false);
    expect(search2Request.safeParse({ eventId: 1, query: 'x'.repeat(201) }).success).toBe(false);
  });

  it('E2.38 the Guest tag follows the participant type named Guest', () => {
    expect(isGuest({ participantType: 'Guest' })).toBe(true);
    expect(isGuest({ participantType: ' guest ' })).toBe(true);
    expect(isGuest({ participantType: 'Attendee' })).toBe(false);
    expect(isGuest({ participantType: null })).toBe(false);
  });

  it('E7.33 rows aligned with props become cards', () => {
    const row = SEARCH_PROPS.map((p) => (p === 'name' ? 'Ada' : p === 'id' ? 7 : null));
    const [card] = searchRowsToCards({ props: [...SEARCH_PROPS], results: [row] });
    expect(card).toMatchObject({ id: 7, name: 'Ada' });
  });

  it('E6.03, E6.15, E6.18, E6.19 who may be invited', () => {
    const me = { id: 1, boothId: 5, organizer: false, typeId: 10 };
    const base = { me, restricted: false, invitationRights: null };
    expect(canInvite({ ...base, target: { id: 1, boothId: null, typeId: 10 } })).toBe(false);
    expect(canInvite({ ...base, target: { id: 2, boothId: 5, typeId: 10 } })).toBe(false);
    expect(canInvite({ ...base, target: { id: 2, boothId: null, typeId: 10 } })).toBe(true);
    expect(
      canInvite({
        ...base,
        restricted: true,
        invitationRights: [11],
        target: { id: 2, boothId: null, typeId: 10 },
      }),
    ).toBe(false);
    expect(
      canInvite({
        ...base,
        restricted: true,
        invitationRights: [11],
        target: { id: 2, boothId: null, typeId: 11 },
      }),
    ).toBe(true);
    expect(
      canInvite({
        ...base,
        me: { ...me, organizer: true },
        restricted: true,
        invitationRights: [],
        target: { id: 2, boothId: null, typeId: 10 },
      }),
    ).toBe(true);
    expect(canInvite({ ...base, target: { id: 2, boothId: null, typeId: 10, state: 'deleted' } })).toBe(
      false,
    );
  });

  it('E5.04, E5.07 category selection limits', () => {
    const q: CategoryQuestion = {
      categoryId: 1,
      name: 'Topics',
      type: 'select',
      isMulti: true,
      maxSelectableOptionCount: 2,
      required: true,
      isPrivate: false,
      subCategories: [
        { categoryId: 2, name: 'A' },
        { categoryId: 3, name: 'B' },
        { categoryId: 4, name: 'C' },
      ],
    };
    expect(validateCategorySelection([q], [{ categoryId: 1, selectedCategoryIds: [2, 3] }])).toEqual({});
    expect(validateCategorySelection([q], [{ categoryId: 1, selectedCategoryIds: [2, 3, 4] }])).toEqual({
      '1': tooManyOptionsMessage(3, 2),
    });
    expect(validateCategorySelection([q], [{ categoryId: 1, selectedCategoryIds: [99] }])).toEqual({
      '1': 'validation.error.option',
    });
    expect(validateCategorySelection([q], [])).toEqual({ '1': 'validation.error.required' });
    expect(
      validateCategorySelection(
        [{ ...q, isMulti: false, required: false }],
        [{ categoryId: 1, selectedCategoryIds: [2, 3] }],
      ),
    ).toEqual({
      '1': 'maxItemsLength',
    });
  });

  it('E2.74, E2.75, E9.46 wizard steps and completeness', () => {
    expect(wizardSteps({ hasCategories: false, hasParticipantTypes: false })).toEqual([
      'company',
      'offerSeek',
    ]);
    expect(wizardSteps({ hasCategories: true, hasParticipantTypes: true })).toEqual([
      'company',
      'offerSeek',
      'participantType',
      'categories',
    ]);
    const empty = {
      profilePhoto: null,
      jobTitle: '',
      company: '',
      offer: '',
      seek: '',
      biography: '',
      typeId: null,
      categoryCount: 0,
    };
    expect(profilePoints(empty)).toBe(0);
    const five = { ...empty, jobTitle: 'a', company: 'b', offer: 'c', seek: 'd', typeId: 3 };
    expect(profilePoints(five)).toBe(5);
    expect(isProfileComplete(4)).toBe(false);
    expect(isProfileComplete(5)).toBe(true);
  });

  it('E3.01, E5.44 a website is a web address; http:// is put in front of a bare one', () => {
    expect(websiteHref('acme.example')).toBe('http://acme.example');
    expect(websiteHref(' www.acme.example/about ')).toBe('http://www.acme.example/about');
    expect(websiteHref('https://acme.example')).toBe('https://acme.example');
    expect(websiteHref('HTTP://Acme.Example/x?y=1#z')).toBe('HTTP://Acme.Example/x?y=1#z');
    expect(websiteHref('192.168.1.10:8080')).toBe('http://192.168.1.10:8080');
    for (const text of [
      '',
      '   ',
      'Designing event tools',
      'http://Designing event tools',
      'acme', // no dot
      'localhost',
      'https://acme',
      'acme..example',
      'acme.example.',
      '.acme.example',
      'http://',
      'ftp://acme.example',
      'javascript:alert(1)',
      'mailto:ada@acme.example',
      'http://ada:secret@acme.example',
      'acme.example/a b',
      null,
      undefined,
    ]) {
      expect(websiteHref(text), String(text)).toBeNull();
    }
  });

  it('E7.28 the event profile takes an empty website or a web address, else validation.error.url', () => {
    const parse = (website: string) => updateEventProfileRequest.safeParse({ eventId: 1, website });
    expect(parse('').success).toBe(true);
    expect(parse('acme.example').data?.website).toBe('acme.example');
    expect(parse(' https://acme.example/ ').data?.website).toBe('https://acme.example/');
    for (const bad of ['Designing event tools', 'http://Designing event tools', 'acme']) {
      expect(parse(bad).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['website', 'validation.error.url'],
      ]);
    }
    expect(parse(`acme.example/${'x'.repeat(300)}`).error?.issues[0]?.message).toBe(
      'validation.error.maxLength',
    );
  });

  it('E5.44, E8.46 and booth rules', () => {
    expect(withHttp('acme.example')).toBe('http://acme.example');
    expect(withHttp('https://acme.example')).toBe('https://acme.example');
    expect(withHttp('')).toBe('');
    expect(boothJoinedMessage('Acme')).toBe('You have been added to the Acme team');
    expect(canManageBooth('admin')).toBe(true);
    expect(canManageBooth('user')).toBe(false);
    expect(updateBoothRequest.safeParse({ eventId: 1, id: 2, some: { linkedin: 'x' } }).success).toBe(true);
    expect(updateBoothRequest.safeParse({ eventId: 1, id: 2, some: { myspace: 'x' } }).success).toBe(false);
  });
});
