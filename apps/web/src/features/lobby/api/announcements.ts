import type {
  Announcement,
  AnnouncementPage,
  Comment,
  CreatePostRequest,
  UpdatePostRequest,
} from '@foyer/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import {
  type FeedData,
  findAnnouncement,
  removeAnnouncement,
  upsertAnnouncement,
  withComment,
} from '../lib/feed-cache';
import { lobbyKeys } from './keys';

/** GET event/post (E2.47): newest first with their comments, older pages on demand. */
export function useAnnouncements(eventId: number) {
  return useInfiniteQuery({
    queryKey: lobbyKeys.announcements(eventId),
    queryFn: ({ pageParam }) =>
      api<AnnouncementPage>('/event/post', { query: { eventId, before: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * One announcement for the info modal: from the feed when it holds it, else fetched alone (a
 * link to an older one) by its id.
 */
export function useAnnouncement(eventId: number, id: number | null) {
  const queryClient = useQueryClient();
  const feed = useAnnouncements(eventId);
  const cached = id === null ? undefined : findAnnouncement(feed.data, id);
  const single = useQuery({
    queryKey: lobbyKeys.announcement(eventId, id ?? 0),
    queryFn: async () => {
      const page = await api<AnnouncementPage>('/event/post', {
        query: { eventId, id: id ?? 0, limit: 1 },
      });
      const post = page.items.find((p) => p.id === id) ?? null;
      if (post)
        queryClient.setQueryData<FeedData>(
          lobbyKeys.announcements(eventId),
          (f) => f && upsertAnnouncement(f, post),
        );
      return post;
    },
    enabled: id !== null && !cached && feed.isSuccess,
  });
  return { post: cached ?? single.data ?? null, isPending: !cached && (feed.isPending || single.isPending) };
}

function usePatchFeed(eventId: number) {
  const queryClient = useQueryClient();
  return (fn: (feed: FeedData) => FeedData) =>
    queryClient.setQueryData<FeedData>(lobbyKeys.announcements(eventId), (feed) => feed && fn(feed));
}

type NewAnnouncement = Omit<Extract<CreatePostRequest, { type: 'announcement' }>, 'type' | 'eventId'>;
type AnnouncementChanges = Omit<Extract<UpdatePostRequest, { type: 'announcement' }>, 'type' | 'eventId'>;

/** POST event/post (E7.41, E7.44). */
export function useCreateAnnouncement(eventId: number) {
  const patch = usePatchFeed(eventId);
  return useMutation({
    mutationFn: (input: NewAnnouncement) =>
      api<Announcement>('/event/post', { method: 'POST', body: { type: 'announcement', eventId, ...input } }),
    onSuccess: (post) => patch((feed) => upsertAnnouncement(feed, post)),
  });
}

/** PUT event/post (E7.42, E7.44). */
export function useUpdateAnnouncement(eventId: number) {
  const patch = usePatchFeed(eventId);
  return useMutation({
    mutationFn: (input: AnnouncementChanges) =>
      api<Announcement>('/event/post', { method: 'PUT', body: { type: 'announcement', eventId, ...input } }),
    onSuccess: (post) => patch((feed) => upsertAnnouncement(feed, post)),
  });
}

/** DELETE event/post (E7.43) for an announcement or a comment. */
function useDeletePost(eventId: number) {
  return (id: number) => api<{ id: number }>('/event/post', { method: 'DELETE', query: { id, eventId } });
}

export function useDeleteAnnouncement(eventId: number) {
  const patch = usePatchFeed(eventId);
  const remove = useDeletePost(eventId);
  return useMutation({
    mutationFn: (id: number) => remove(id),
    onSuccess: (_, id) => patch((feed) => removeAnnouncement(feed, id)),
  });
}

/** POST event/post/hide: an organizer or moderator takes someone's announcement out of the lobby. */
export function useHideAnnouncement(eventId: number) {
  const patch = usePatchFeed(eventId);
  return useMutation({
    mutationFn: (id: number) =>
      api<{ id: number; hidden: true }>('/event/post/hide', { method: 'POST', body: { id, eventId } }),
    onSuccess: (_, id) => patch((feed) => removeAnnouncement(feed, id)),
  });
}

function usePatchPost(eventId: number) {
  const patch = usePatchFeed(eventId);
  return (parentId: number, fn: (post: Announcement) => Announcement) =>
    patch((feed) => ({
      ...feed,
      pages: feed.pages.map((page) => ({
        ...page,
        items: page.items.map((p) => (p.id === parentId ? fn(p) : p)),
      })),
    }));
}

/** Comments (E5.30, E6.07, E6.09): add, edit own, delete own (moderators any). */
export function useCommentMutations(eventId: number, parentId: number) {
  const patchPost = usePatchPost(eventId);
  const remove = useDeletePost(eventId);
  const add = useMutation({
    mutationFn: (text: string) =>
      api<Comment>('/event/post', { method: 'POST', body: { type: 'comment', eventId, parentId, text } }),
    onSuccess: (c) => patchPost(parentId, (post) => withComment(post, 'created', c.id, c)),
  });
  const edit = useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      api<Comment>('/event/post', { method: 'PUT', body: { type: 'comment', eventId, id, text } }),
    onSuccess: (c) => patchPost(parentId, (post) => withComment(post, 'updated', c.id, c)),
  });
  const del = useMutation({
    mutationFn: (id: number) => remove(id),
    onSuccess: (_, id) => patchPost(parentId, (post) => withComment(post, 'deleted', id, null)),
  });
  return { add, edit, del };
}
