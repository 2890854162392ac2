import { notificationTypes } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';
import {
  NOTIFICATION_GROUPS,
  toggleChannel,
  toPreferenceList,
  toPreferenceState,
} from './notification-preferences';
import { photoErrorText } from './photo-error';
import { squareCrop } from './square-crop';

/** The catalogue in this test: one key known, in Spanish. */
const t = ((key: string, options?: { defaultValue?: string }) =>
  key === 'account.photo.large'
    ? 'La foto supera 2 MB.'
    : (options?.defaultValue ?? key)) as unknown as TFunction;

describe('photo save failure', () => {
  it("A8.20 E8.53 shows the returned message, in the user's language when the server named its key", () => {
    const named = new ApiError(400, 'MST-00400', 'The photo is over 2 MB.', { image: 'account.photo.large' });
    expect(photoErrorText(named, t)).toBe('La foto supera 2 MB.');
    const unnamed = new ApiError(403, 'MST-00403', 'You may not change this account.');
    expect(photoErrorText(unnamed, t)).toBe('You may not change this account.');
    // A key the catalogue does not have: the server's own words.
    const unknown = new ApiError(400, 'MST-00400', 'Odd photo.', { image: 'account.photo.odd' });
    expect(photoErrorText(unknown, t)).toBe('Odd photo.');
    expect(photoErrorText(new Error(''), t)).toBe('common.unknownError');
  });
});

describe('squareCrop', () => {
  it('A5.36 E5.65 A5.37 takes the centred square and scales it to at most 700 px', () => {
    expect(squareCrop(1600, 900)).toEqual({ sx: 350, sy: 0, size: 900, out: 700 });
    expect(squareCrop(480, 640)).toEqual({ sx: 0, sy: 80, size: 480, out: 480 });
    expect(squareCrop(700, 700)).toEqual({ sx: 0, sy: 0, size: 700, out: 700 });
  });
});

describe('notification preferences', () => {
  it('A9.40–A9.42 groups every notification type exactly once', () => {
    const grouped = NOTIFICATION_GROUPS.flatMap((g) => g.types);
    expect([...grouped].sort()).toEqual([...notificationTypes].sort());
  });

  it('A9.43 A9.44 defaults unset types to all their channels: SMS only for meeting reminders', () => {
    const state = toPreferenceState([{ type: 'poll', channels: [] }]);
    expect(state.poll).toEqual([]);
    expect(state.announcement).toEqual(['email']);
    expect(state.meeting_reminder).toEqual(['email', 'sms']);
  });

  it('never offers SMS for a type that cannot send it, and lists every type on save', () => {
    let state = toPreferenceState([]);
    state = toggleChannel(state, 'poll', 'sms', true);
    state = toggleChannel(state, 'meeting_reminder', 'email', false);
    const list = toPreferenceList(state);
    expect(list).toHaveLength(notificationTypes.length);
    expect(list.find((p) => p.type === 'poll')?.channels).toEqual(['email']);
    expect(list.find((p) => p.type === 'meeting_reminder')?.channels).toEqual(['sms']);
  });
});
