import type {
  Announcement,
  AnnouncementPage,
  AnnouncementRecord,
  Comment,
  CommentRecord,
  Poll,
  PollResultsRecord,
} from '@foyer/contract';

/** The announcements feed as TanStack Query keeps an infinite query. */
export interface FeedData {
  pages: AnnouncementPage[];
  pageParams: unknown[];
}

const mapPosts = (feed: FeedData, fn: (post: Announcement) => Announcement): FeedData => ({
  ...feed,
  pages: feed.pages.map((page) => ({ ...page, items: page.items.map(fn) })),
});

export function findAnnouncement(feed: FeedData | undefined, id: number): Announcement | undefined {
  for (const page of feed?.pages ?? []) {
    const found = page.items.find((p) => p.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Puts a post in the feed: replaced where it is, else inserted by id (newest first). */
export function upsertAnnouncement(feed: FeedData, post: Announcement): FeedData {
  if (findAnnouncement(feed, post.id)) return mapPosts(feed, (p) => (p.id === post.id ? post : p));
  const [first, ...rest] = feed.pages;
  if (!first) return { pages: [{ items: [post], nextCursor: null }], pageParams: [undefined] };
  const items = [...first.items, post].sort((a, b) => b.id - a.id);
  return { ...feed, pages: [{ ...first, items }, ...rest] };
}

export function removeAnnouncement(feed: FeedData, id: number): FeedData {
  return {
    ...feed,
    pages: feed.pages.map((page) => ({ ...page, items: page.items.filter((p) => p.id !== id) })),
  };
}

/** A pushed announcement record (E7.80) applied to the feed. */
export function applyAnnouncementRecord(feed: FeedData, record: AnnouncementRecord): FeedData {
  if (record.action === 'deleted' || !record.post) return removeAnnouncement(feed, record.id);
  return upsertAnnouncement(feed, record.post);
}

/** A comment added, changed or removed under its announcement (idempotent: a push may repeat our own write). */
export function withComment(
  post: Announcement,
  action: CommentRecord['action'],
  id: number,
  comment: Comment | null,
) {
  const others = post.comments.filter((c) => c.id !== id);
  const comments =
    action === 'deleted' || !comment
      ? others
      : post.comments.some((c) => c.id === id)
        ? post.comments.map((c) => (c.id === id ? comment : c))
        : [...post.comments, comment].sort((a, b) => a.id - b.id);
  return { ...post, comments, commentCount: comments.length };
}

export function applyCommentRecord(feed: FeedData, record: CommentRecord): FeedData {
  return mapPosts(feed, (post) =>
    post.id === record.parentId ? withComment(post, record.action, record.id, record.comment) : post,
  );
}

/**
 * Live results (E7.81) patched into the polls list. Returns null when the push carries no results
 * and the viewer sees them anyway (a moderator): the list must be fetched again.
 */
export function applyPollResults(
  polls: Poll[],
  record: PollResultsRecord,
  moderator: boolean,
): Poll[] | null {
  if (record.results === null && moderator) return null;
  return polls.map((poll) =>
    poll.id === record.pollId ? { ...poll, totalVoters: record.totalVoters, results: record.results } : poll,
  );
}

/** Open polls first, then drafts and scheduled ones (moderators), then closed ones; newest first within. */
const ORDER: Record<Poll['status'], number> = { published: 0, scheduled: 1, draft: 2, closed: 3 };
export function sortPolls(polls: Poll[]): Poll[] {
  return [...polls].sort((a, b) => ORDER[a.status] - ORDER[b.status] || b.id - a.id);
}
