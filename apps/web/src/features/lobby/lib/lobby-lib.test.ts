import type { Announcement, Comment, Poll } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import {
  applyAnnouncementRecord,
  applyCommentRecord,
  applyPollResults,
  type FeedData,
  sortPolls,
} from './feed-cache';
import { imageProblem } from './post-image';
import { isoToLocalInput, localInputToIso } from './when';

const post = (id: number, comments: Comment[] = []): Announcement => ({
  id,
  type: 'announcement',
  eventId: 1,
  participantId: 5,
  author: null,
  official: true,
  text: `post ${id}`,
  files: [],
  postAt: null,
  published: true,
  createdAt: '2026-11-23T09:00:00.000Z',
  updatedAt: '2026-11-23T09:00:00.000Z',
  comments,
  commentCount: comments.length,
});
const comment = (id: number, text = `c${id}`): Comment => ({
  id,
  type: 'comment',
  parentId: 2,
  eventId: 1,
  text,
  participantId: 6,
  author: null,
  createdAt: '2026-11-23T09:00:00.000Z',
  updatedAt: '2026-11-23T09:00:00.000Z',
});
const feed = (...pages: Announcement[][]): FeedData => ({
  pages: pages.map((items) => ({ items, nextCursor: null })),
  pageParams: pages.map(() => undefined),
});
const ids = (f: FeedData) => f.pages.flatMap((p) => p.items.map((i) => i.id));

describe('announcement feed patches (E7.80)', () => {
  it('E2.47 a pushed announcement lands newest first, once; an update replaces it; a delete removes it', () => {
    let f = feed([post(3), post(2)], [post(1)]);
    f = applyAnnouncementRecord(f, { action: 'created', id: 4, post: post(4) });
    f = applyAnnouncementRecord(f, { action: 'created', id: 4, post: post(4) }); // our own write echoed
    expect(ids(f)).toEqual([4, 3, 2, 1]);
    f = applyAnnouncementRecord(f, { action: 'updated', id: 1, post: { ...post(1), text: 'changed' } });
    expect(f.pages[1]?.items[0]?.text).toBe('changed');
    f = applyAnnouncementRecord(f, { action: 'deleted', id: 3, post: null });
    expect(ids(f)).toEqual([4, 2, 1]);
  });

  it('E2.47 comments are added once, edited and removed, and the count follows', () => {
    let f = feed([post(2, [comment(10)])]);
    f = applyCommentRecord(f, { action: 'created', id: 11, parentId: 2, comment: comment(11) });
    f = applyCommentRecord(f, { action: 'created', id: 11, parentId: 2, comment: comment(11) });
    expect(f.pages[0]?.items[0]?.commentCount).toBe(2);
    f = applyCommentRecord(f, { action: 'updated', id: 10, parentId: 2, comment: comment(10, 'edited') });
    expect(f.pages[0]?.items[0]?.comments.map((c) => c.text)).toEqual(['edited', 'c11']);
    f = applyCommentRecord(f, { action: 'deleted', id: 10, parentId: 2, comment: null });
    expect(f.pages[0]?.items[0]?.comments.map((c) => c.id)).toEqual([11]);
    expect(f.pages[0]?.items[0]?.commentCount).toBe(1);
  });
});

const poll = (id: number, status: Poll['status']): Poll => ({
  id,
  eventId: 1,
  question: `q${id}`,
  answers: [
    { id: 1, text: 'a' },
    { id: 2, text: 'b' },
  ],
  multiple: false,
  autoPublishResults: false,
  postAt: null,
  status,
  resultsVisible: false,
  publishedAt: null,
  closedAt: null,
  finishedAt: null,
  totalVoters: 0,
  results: null,
  myAnswers: null,
});

describe('live poll results (E7.81)', () => {
  it('E4.59 patches visible results; a moderator refetches when the push hides them', () => {
    const results = [
      { answerId: 1, votes: 0 },
      { answerId: 2, votes: 1 },
    ];
    const polls = [poll(1, 'published'), poll(2, 'published')];
    const next = applyPollResults(polls, { pollId: 2, totalVoters: 1, results }, false);
    expect(next?.[1]).toMatchObject({ totalVoters: 1, results });
    expect(next?.[0]).toBe(polls[0]);
    expect(applyPollResults(polls, { pollId: 2, totalVoters: 1, results: null }, true)).toBeNull();
    expect(
      applyPollResults(polls, { pollId: 2, totalVoters: 1, results: null }, false)?.[1]?.totalVoters,
    ).toBe(1);
  });

  it('E2.48 open polls come first, then drafts, then closed ones', () => {
    const sorted = sortPolls([
      poll(1, 'closed'),
      poll(2, 'draft'),
      poll(3, 'published'),
      poll(4, 'published'),
    ]);
    expect(sorted.map((p) => p.id)).toEqual([4, 3, 2, 1]);
  });
});

describe('announcement image and schedule', () => {
  it('E5.27 E5.28 only jpeg and png of at most 2 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe(
      'lobby.announcement.image.large',
    );
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe('lobby.announcement.image.type');
  });

  it('postAt is read in the user zone and shown back the same', () => {
    const iso = localInputToIso('2026-11-26T09:30', 'Europe/Istanbul');
    expect(iso).toBe('2026-11-26T06:30:00.000Z');
    expect(isoToLocalInput(iso as string, 'Europe/Istanbul')).toBe('2026-11-26T09:30');
    expect(localInputToIso('', 'Europe/Istanbul')).toBeNull();
  });
});
