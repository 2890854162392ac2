import { PostErrorCode } from '@foyer/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import lobby from '../../../i18n/locales/en/lobby.json';
import { i18n } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';
import { announcementFailure, commentFailure } from './failure-text';

beforeAll(async () => {
  i18n.init({
    lng: 'en',
    resources: { en: lobby },
  });
});

const refused = (message: string) => new ApiError(400, 'MST-00001', message);

describe('lobby failure toasts: their text', () => {
  it('E8.39 announcement add, update and delete failures each say what failed, with the reason', () => {
    const t = i18n.t;
    expect(announcementFailure(t, 'create', refused('Text is required.'))).toBe(
      'The announcement could not be posted. Text is required.',
    );
    expect(announcementFailure(t, 'update', refused('The post is gone.'))).toBe(
      'The announcement could not be updated. The post is gone.',
    );
    expect(announcementFailure(t, 'delete', new Error('Network down'))).toBe(
      'The announcement could not be deleted. Network down',
    );
  });

  it("E8.39 E1.08 a participant's posting cap is said in the reader's language, not the server's", () => {
    const capped = new ApiError(429, PostErrorCode.TooManyPosts, 'You can post 3 announcements a minute.');
    expect(announcementFailure(i18n.t, 'create', capped)).toBe(
      'The announcement could not be posted. You have posted several announcements in a short time. Please try again later.',
    );
  });

  it('E8.40 comment add and delete failures each say what failed, with the reason', () => {
    const t = i18n.t;
    expect(commentFailure(t, 'add', refused('The announcement is gone.'))).toBe(
      'The comment could not be added. The announcement is gone.',
    );
    expect(commentFailure(t, 'delete', new Error('Network down'))).toBe(
      'The comment could not be deleted. Network down',
    );
  });
});
