import { describe, expect, it } from 'vitest';
import {
  addAnswerRow,
  answerKeyAction,
  base64Bytes,
  canDeleteComment,
  canEditComment,
  canManageAnnouncement,
  createPostRequest,
  isPollActionAllowed,
  POST_IMAGE_MAX_BYTES,
  type PollFormValues,
  pollActionRequest,
  pollResultsVisible,
  postViewerOf,
  removeAnswerRow,
  savePollRequest,
  submitPollRequest,
} from './index';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
};

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('announcement and comment validation', () => {
  it('E5.26 announcement text is required', () => {
    expect(issues(createPostRequest.safeParse({ type: 'announcement', eventId: 1, text: '  ' }))).toEqual({
      text: 'validation.error.required',
    });
  });

  it('E5.27 image must be jpeg or png, and match its declared type', () => {
    const gif = { contentType: 'image/gif', data: 'data:image/gif;base64,R0lGOD==' };
    expect(
      issues(createPostRequest.safeParse({ type: 'announcement', eventId: 1, text: 'x', files: [gif] })),
    ).toEqual({
      'files.0.contentType': 'account.photo.type',
    });
    const mislabelled = { contentType: 'image/jpeg', data: PNG };
    expect(
      issues(
        createPostRequest.safeParse({ type: 'announcement', eventId: 1, text: 'x', files: [mislabelled] }),
      ),
    ).toEqual({ 'files.0.data': 'account.photo.type' });
  });

  it('E5.28 image at most 2 MB', () => {
    const big = `data:image/png;base64,${'A'.repeat(Math.ceil(((POST_IMAGE_MAX_BYTES + 3) * 4) / 3))}`;
    const result = createPostRequest.safeParse({
      type: 'announcement',
      eventId: 1,
      text: 'x',
      files: [{ contentType: 'image/png', data: big }],
    });
    expect(Object.values(issues(result))).toEqual(['account.photo.large']);
    expect(base64Bytes('AAAA')).toBe(3);
    expect(base64Bytes('AAA=')).toBe(2);
  });

  it('E5.29 one file', () => {
    const file = { contentType: 'image/png', data: PNG };
    expect(
      createPostRequest.safeParse({ type: 'announcement', eventId: 1, text: 'x', files: [file, file] })
        .success,
    ).toBe(false);
    expect(
      createPostRequest.safeParse({ type: 'announcement', eventId: 1, text: 'x', files: [file] }).success,
    ).toBe(true);
  });

  it('E5.30 comment is required; E7.45 postAt 0 means now', () => {
    expect(
      issues(createPostRequest.safeParse({ type: 'comment', eventId: 1, parentId: 2, text: '' })),
    ).toEqual({
      text: 'validation.error.required',
    });
    const parsed = createPostRequest.parse({ type: 'announcement', eventId: 1, text: 'x', postAt: 0 });
    expect(parsed.type === 'announcement' && parsed.postAt).toBeNull();
  });

  it('E6.06 E6.07 E6.09 E6.35 author and moderator rights', () => {
    const author = { participantId: 1, moderator: false };
    const other = { participantId: 2, moderator: false };
    const moderator = { participantId: 3, moderator: true };
    const post = { participantId: 1 };
    expect(canManageAnnouncement(post, author)).toBe(true);
    expect(canManageAnnouncement(post, other)).toBe(false);
    expect(canManageAnnouncement(post, moderator)).toBe(true);
    expect(canDeleteComment(post, author)).toBe(true);
    expect(canDeleteComment(post, other)).toBe(false);
    expect(canDeleteComment(post, moderator)).toBe(true);
    expect(canEditComment(post, moderator)).toBe(false);
  });
});

describe('poll form and rules', () => {
  const form: PollFormValues = {
    question: 'Q',
    answers: [{ text: 'a' }],
    autoPublishResults: false,
    multiple: false,
  };

  it('E5.31 E5.32 E5.33 question and each answer required, at least one answer', () => {
    expect(issues(savePollRequest.safeParse({ eventId: 1, question: ' ', answers: ['a'] }))).toEqual({
      question: 'validation.error.required',
    });
    expect(issues(savePollRequest.safeParse({ eventId: 1, question: 'Q', answers: ['a', ' '] }))).toEqual({
      'answers.1': 'validation.error.required',
    });
    expect(issues(savePollRequest.safeParse({ eventId: 1, question: 'Q', answers: [] }))).toEqual({
      answers: 'validation.error.required',
    });
    expect(
      savePollRequest.safeParse({ eventId: 1, question: 'Q', answers: ['a', { id: 2, text: 'b' }] }).success,
    ).toBe(true);
  });

  it('E5.34 rows are addable and removable, never below one', () => {
    const two = addAnswerRow(form);
    expect(two.answers).toHaveLength(2);
    expect(addAnswerRow(two, 0).answers.map((a) => a.text)).toEqual(['a', '', '']);
    expect(removeAnswerRow(two, 0).answers).toEqual([{ text: '' }]);
    expect(removeAnswerRow(form, 0)).toBe(form);
  });

  it('E5.35 Enter adds the next row', () => {
    expect(answerKeyAction({ key: 'Enter' })).toBe('addRow');
    expect(answerKeyAction({ key: 'Enter', isComposing: true })).toBeNull();
    expect(answerKeyAction({ key: 'x' })).toBeNull();
  });

  it('E7.48 E7.49 submit needs answers; actions are the known ones', () => {
    expect(submitPollRequest.safeParse({ id: 1, eventId: 1, answers: [] }).success).toBe(false);
    expect(pollActionRequest.safeParse({ id: 1, eventId: 1, action: 'publish' }).success).toBe(true);
    expect(pollActionRequest.safeParse({ id: 1, eventId: 1, action: 'explode' }).success).toBe(false);
  });

  it('E4.58–E4.61 actions apply in their states', () => {
    expect(isPollActionAllowed('publish', 'draft', false)).toBe(true);
    expect(isPollActionAllowed('publish', 'published', false)).toBe(false);
    expect(isPollActionAllowed('close', 'published', false)).toBe(true);
    expect(isPollActionAllowed('reopen', 'closed', false)).toBe(true);
    expect(isPollActionAllowed('reopen', 'published', false)).toBe(false);
    expect(isPollActionAllowed('finish', 'closed', true)).toBe(false);
    expect(isPollActionAllowed('restart', 'closed', true)).toBe(true);
  });

  it('E4.59 results are hidden from attendees until shown (or auto-published); moderators always see them', () => {
    const poll = { resultsVisible: false, autoPublishResults: false, status: 'published' as const };
    expect(pollResultsVisible(poll, { moderator: false })).toBe(false);
    expect(pollResultsVisible(poll, { moderator: true })).toBe(true);
    expect(pollResultsVisible({ ...poll, resultsVisible: true }, { moderator: false })).toBe(true);
    expect(pollResultsVisible({ ...poll, autoPublishResults: true }, { moderator: false })).toBe(true);
  });
});

describe('postViewerOf', () => {
  it('E6.06 E6.35 organizers and participants with the moderator right moderate; others do not', () => {
    expect(postViewerOf({ id: 7, organizer: true, rights: {} })).toEqual({
      participantId: 7,
      moderator: true,
    });
    expect(postViewerOf({ id: 8, organizer: false, rights: { moderator: true } })).toEqual({
      participantId: 8,
      moderator: true,
    });
    expect(postViewerOf({ id: 9, organizer: false, rights: { checkInAdmin: true } })).toEqual({
      participantId: 9,
      moderator: false,
    });
    expect(postViewerOf(null)).toBeNull();
  });
});
