import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './columns';

/** Notifications, chat, announcements and comments, polls (0005). Keep in step with the migrations (they are the truth). */
// 0005_engagement: notifications, chat, announcements and comments, polls
export interface NotificationsTable {
  id: Generated<number>;
  /** Null for an event-wide notification (every participant of event_id). */
  user_id: number | null;
  event_id: number | null;
  type: string;
  session_id: number | null;
  invitation_id: number | null;
  meeting_id: number | null;
  post_id: number | null;
  poll_id: number | null;
  actor_participant_id: number | null;
  message: string | null;
  title: string | null;
  created_at: CreatedAt;
}

export interface NotificationReadsTable {
  user_id: number;
  notification_id: number;
  read_at: CreatedAt;
}

export interface ChatRoomsTable {
  id: Generated<number>;
  event_id: number;
  type: 'private' | 'group';
  name: string | null;
  private_key: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  /** 0039: the key its creator's client gave a group (a retried creation lands on it). */
  client_key: string | null;
}

export interface ChatMembersTable {
  room_id: number;
  participant_id: number;
  user_id: number | null;
  last_seen_message_id: Generated<number>;
  pinned: Generated<boolean>;
  joined_at: CreatedAt;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  room_id: number;
  sender_id: number | null;
  /** 'text' or a system type (E4.55); null once deleted (E7.89). */
  type: string | null;
  msg: string | null;
  det: Json<Record<string, number | string | null> | null>;
  created_at: CreatedAt;
  deleted_at: Date | null;
  /** 0039: the key its sender's client gave it (a retried send lands on it). */
  client_key: string | null;
}

/** 0036: a capped announcement written (the posting cap counts these, deleted posts included). */
export interface AnnouncementWritesTable {
  participant_id: number;
  created_at: Timestamp;
}

export interface PostsTable {
  id: Generated<number>;
  event_id: number;
  type: 'announcement' | 'comment';
  parent_id: number | null;
  participant_id: number;
  text: string;
  files: Json<{ url: string; contentType: 'image/jpeg' | 'image/png' }[]>;
  post_at: Date | null;
  published_at: Date | null;
  /** Written by an organizer or moderator: it notifies the event; else a participant post. */
  official: Generated<boolean>;
  /** An organizer took it out of the lobby (the row stays). */
  hidden_at: Date | null;
  hidden_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PollsTable {
  id: Generated<number>;
  event_id: number;
  question: string;
  answers: Json<{ id: number; text: string }[]>;
  multiple: Generated<boolean>;
  auto_publish_results: Generated<boolean>;
  status: Generated<'draft' | 'published' | 'closed'>;
  results_visible: Generated<boolean>;
  post_at: Date | null;
  published_at: Date | null;
  closed_at: Date | null;
  finished_at: Date | null;
  /** When the "poll" notification went out (once, at the first publish). */
  announced_at: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PollBallotsTable {
  poll_id: number;
  participant_id: number;
  answer_ids: ColumnType<number[], number[], number[]>;
  created_at: CreatedAt;
}
