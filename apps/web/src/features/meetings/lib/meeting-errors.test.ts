import { MeetingErrorCode } from '@foyer/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import meetings from '../../../i18n/locales/en/meetings.json';
import { i18n } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';
import { initEnglish } from '../../../lib/render.testing';
import { meetingErrorText } from './meeting-errors';

beforeAll(() => initEnglish(meetings));

describe('schedule call failures', () => {
  it("E8.31 E8.28 a refused schedule call is shown from the server's answer: its code in the reader's language, its fields filled in", () => {
    const limit = new ApiError(409, MeetingErrorCode.MeetingLimitExceeded, 'Meeting limit exceeded', {
      maxMeetingCount: '12',
    });
    expect(meetingErrorText(i18n.t, limit)).toBe(
      'Meeting limit exceeded (12). You cannot book more meetings.',
    );
    expect(meetingErrorText(i18n.t, new ApiError(409, MeetingErrorCode.SlotNotFree, 'Slot taken'))).toBe(
      'This time is no longer free. Please choose another one.',
    );
  });

  it("E8.31 a code the screen has no text for shows the server's own message", () => {
    expect(
      meetingErrorText(i18n.t, new ApiError(403, 'MST-00403', 'You are not a participant of this event')),
    ).toBe('You are not a participant of this event');
    expect(meetingErrorText(i18n.t, new ApiError(0, 'NETWORK', 'Please check network connection.'))).toBe(
      'Please check network connection.',
    );
  });
});
