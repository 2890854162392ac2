import { ErrorCode } from '@foyer/contract';
import { createElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import account from '../../../i18n/locales/en/account.json';
import ru from '../../../i18n/locales/ru/account.json';
import { i18n } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';
import { initEnglish, renderHtml } from '../../../lib/render.testing';
import { deleteErrorText, eventsToHandOver } from '../lib/delete-error';
import { DeleteAccountError } from './delete-account-error';

/** The server's refusal (A4.34): 409, MST-00134, each event as `events.{id}` → its name. */
const soleOwner = (fields: Record<string, string>) =>
  new ApiError(409, ErrorCode.SoleEventOwner, 'Make someone else an owner of these events…', fields);

describe('delete account: the refusal shown', () => {
  beforeAll(() => initEnglish(account));

  it('A4.34 names each event that needs another owner, linked to its People page', () => {
    const html = renderHtml(
      createElement(DeleteAccountError, {
        error: soleOwner({ 'events.7': 'Summit <2031>', 'events.12': 'Expo' }),
      }),
      '/user',
    );
    expect(html).toContain('2 events need another owner before you can delete your account');
    expect(html).toContain('href="/organizer/7/people"');
    expect(html).toContain('Summit &lt;2031&gt;');
    expect(html).toContain('href="/organizer/12/people"');
    expect(html).toContain('>Expo<');
  });

  it("A4.34 in the user's language, by the language's plural forms", () => {
    i18n.addCatalogue('ru', ru);
    const t = i18n.getFixedT('ru');
    const one = deleteErrorText(soleOwner({ 'events.3': 'Форум' }), t);
    expect(one).toContain('единственный владелец: 1');
    expect(deleteErrorText(soleOwner({ 'events.3': 'A', 'events.4': 'B', 'events.5': 'C' }), t)).toContain(
      'владелец: 3',
    );
  });

  it('A4.34 reads only event entries; other failures keep their own text', () => {
    expect(eventsToHandOver(soleOwner({ 'events.3': 'Forum', other: 'x', 'events.x': 'y' }))).toEqual([
      { id: 3, name: 'Forum', href: '/organizer/3/people' },
    ]);
    expect(eventsToHandOver(new ApiError(409, ErrorCode.Conflict, 'Other', { 'events.3': 'Forum' }))).toEqual(
      [],
    );
    const t = i18n.getFixedT('en');
    expect(deleteErrorText(new ApiError(400, ErrorCode.NotAuthorized, 'Incorrect password'), t)).toBe(
      'The password is not correct.',
    );
    expect(deleteErrorText(new ApiError(500, ErrorCode.Internal, 'Server error'), t)).toBe('Server error');
    const html = renderHtml(createElement(DeleteAccountError, { error: new Error('Boom') }));
    expect(html).toContain('Boom');
    expect(html).not.toContain('delete-owned-events');
  });
});
