import { z } from 'zod';
import { emptyRequest } from '../auth';
import { eventIdParams } from '../event';
import { lobbyQuery, lobbySchema } from '../lobby';
import {
  markAllNotificationsReadRequest,
  markAsSeenRequest,
  markNotificationsReadRequest,
  markNotificationsSeenRequest,
  notificationCountsSchema,
  notificationPageSchema,
  notificationsQuery,
} from '../notifications';
import {
  deletePollQuery,
  pollActionRequest,
  pollEventQuery,
  pollParams,
  pollSchema,
  pollsQuery,
  savePollRequest,
  submitPollRequest,
} from '../polls';
import {
  announcementPageSchema,
  announcementSchema,
  commentSchema,
  createPostRequest,
  deletePostQuery,
  hidePostRequest,
  postsQuery,
  updatePostRequest,
} from '../posts';
import { presenceRequest, presenceStateSchema } from '../shell';
import { defineRoutes } from './route';

const postKind = z.enum(['announcement', 'comment']);

/** The lobby: announcements, agenda highlights and polls in one answer. */
export const lobbyRoutes = defineRoutes('lobby', [
  {
    id: 'getLobby',
    method: 'GET',
    path: '/event/lobby',
    summary: "The event's lobby",
    auth: 'user',
    query: lobbyQuery,
    response: lobbySchema,
  },
]);

/** Announcements and their comments (E7.41–E7.44). */
export const postRoutes = defineRoutes('posts', [
  {
    id: 'listPosts',
    method: 'GET',
    path: '/event/post',
    summary: 'Announcements with their latest comments, a page at a time',
    auth: 'user',
    query: postsQuery,
    response: announcementPageSchema,
  },
  {
    id: 'createPost',
    method: 'POST',
    path: '/event/post',
    summary: 'Post an announcement (organizers) or a comment',
    auth: 'user',
    body: createPostRequest,
    response: z.union([announcementSchema, commentSchema]),
  },
  {
    id: 'updatePost',
    method: 'PUT',
    path: '/event/post',
    summary: 'Edit an announcement or a comment',
    auth: 'user',
    body: updatePostRequest,
    response: z.union([announcementSchema, commentSchema]),
  },
  {
    id: 'deletePost',
    method: 'DELETE',
    path: '/event/post',
    summary: 'Delete an announcement or a comment',
    auth: 'user',
    query: deletePostQuery,
    response: z.object({ id: z.number(), type: postKind }),
  },
  {
    id: 'hidePost',
    method: 'POST',
    path: '/event/post/hide',
    summary: 'Hide an announcement or a comment (moderators)',
    auth: 'user',
    body: hidePostRequest,
    response: z.object({ id: z.number(), type: postKind, hidden: z.literal(true) }),
  },
]);

/** Polls with live results (E7.45–E7.49). */
export const pollRoutes = defineRoutes('polls', [
  {
    id: 'listPolls',
    method: 'GET',
    path: '/event/poll',
    summary: "The event's polls",
    auth: 'user',
    query: pollsQuery,
    response: z.array(pollSchema),
  },
  {
    id: 'getPoll',
    method: 'GET',
    path: '/event/poll/:pollId',
    summary: 'A poll',
    auth: 'user',
    params: pollParams,
    query: pollEventQuery,
    response: pollSchema,
  },
  {
    id: 'savePoll',
    method: 'POST',
    path: '/event/poll',
    summary: 'Create or edit a poll, or (a body with `action`) publish, close or show its results',
    auth: 'user',
    body: z.union([pollActionRequest, savePollRequest]),
    response: pollSchema,
  },
  {
    id: 'deletePoll',
    method: 'DELETE',
    path: '/event/poll',
    summary: 'Delete a poll',
    auth: 'user',
    query: deletePollQuery,
    response: z.object({ id: z.number() }),
  },
  {
    id: 'submitPoll',
    method: 'POST',
    path: '/event/poll/submit',
    summary: 'Vote in a poll',
    auth: 'user',
    body: submitPollRequest,
    response: pollSchema,
  },
]);

/** Notifications: the list, counts, read and seen marks. */
export const notificationRoutes = defineRoutes('notifications', [
  {
    id: 'listNotifications',
    method: 'GET',
    path: '/notifications',
    summary: 'My notifications, a page at a time',
    auth: 'user',
    query: notificationsQuery,
    response: notificationPageSchema,
  },
  {
    id: 'notificationCounts',
    method: 'GET',
    path: '/notifications/counts',
    summary: 'Unread and unseen counts',
    auth: 'user',
    response: notificationCountsSchema,
  },
  {
    id: 'markNotificationsRead',
    method: 'POST',
    path: '/notifications/read',
    summary: 'Mark notifications read',
    auth: 'user',
    body: markNotificationsReadRequest,
    response: notificationCountsSchema,
  },
  {
    id: 'markAllNotificationsRead',
    method: 'POST',
    path: '/notifications/read-all',
    summary: 'Mark every notification read',
    auth: 'user',
    body: markAllNotificationsReadRequest,
    response: notificationCountsSchema,
  },
  {
    id: 'markNotificationsSeen',
    method: 'POST',
    path: '/notifications/seen',
    summary: 'Mark notifications seen up to a time',
    auth: 'user',
    body: markNotificationsSeenRequest,
    response: notificationCountsSchema,
  },
  {
    id: 'markAsSeen',
    method: 'POST',
    path: '/event/markAsSeen',
    summary: "Mark one of the caller's notifications of an event seen",
    auth: 'user',
    body: markAsSeenRequest,
    response: notificationCountsSchema,
  },
]);

/** Presence: online or at the venue (A2 presence check). */
export const presenceRoutes = defineRoutes('presence', [
  {
    id: 'getPresence',
    method: 'GET',
    path: '/event/:eventId/presence',
    summary: 'Where I am attending from',
    auth: 'user',
    params: eventIdParams,
    query: emptyRequest,
    response: presenceStateSchema,
  },
  {
    id: 'setPresence',
    method: 'PUT',
    path: '/event/:eventId/presence',
    summary: 'Confirm where I am attending from',
    auth: 'user',
    params: eventIdParams,
    body: presenceRequest,
    response: presenceStateSchema,
  },
]);
