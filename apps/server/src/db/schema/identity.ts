import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './columns';

/** Accounts and sign-in (0001). Keep in step with the migrations (they are the truth). */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  surname: string;
  password_hash: string | null;
  timezone: string | null;
  profile_photo_path: string | null;
  sms_phone: string | null;
  ui_settings: Json<Record<string, unknown>>;
  notification_preferences: Json<{ type: string; channels: string[] }[]>;
  device_tokens: Json<{ deviceUID: string; token: string }[]>;
  is_super_user: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** 0005: A4.36 latest notification date seen; A4.38 notifications with an id up to this are read. */
  notifications_seen_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  notifications_read_up_to: Generated<number>;
  /** 0009: when the address was confirmed with the mailed code; null = cannot log in yet. */
  email_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** 0027: the push topics this person muted (issue 15; `pushTopics` in the contract). */
  push_muted: Json<string[]>;
}

/** 0027: a browser's Web Push subscription, owned by the account signed in on it. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: Generated<string>;
  created_at: CreatedAt;
}

/** 0027: the dedupe keys of pushes that went out (one notification is never shown twice). */
export interface PushSentTable {
  dedupe_key: string;
  created_at: CreatedAt;
}

export interface IdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  subject: string;
  created_at: CreatedAt;
}

export interface UserEmailsTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  is_primary: Generated<boolean>;
  confirmed_at: Date | null;
  created_at: CreatedAt;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  as_user_id: number | null;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

export interface EmailCodesTable {
  id: Generated<number>;
  user_id: number | null;
  email: string;
  purpose: 'reset' | 'connect' | 'signup';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username: string;
  /** 0037: the client address the attempt came from (null for rows written before). */
  address: string | null;
  created_at: CreatedAt;
}

export interface OneTimeTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}
