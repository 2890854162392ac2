import type { Generated } from 'kysely';
import type { CreatedAt, Json } from './columns';

/** Outgoing mail and SMS (0001) and the realtime feed (0002). Keep in step with the migrations (they are the truth). */
export interface OutboxTable {
  id: Generated<number>;
  channel: Generated<'email' | 'sms'>;
  recipient: string;
  subject: Generated<string>;
  body_text: string;
  body_html: string | null;
  dedupe_key: string | null;
  created_at: CreatedAt;
}

export interface RealtimeEventsTable {
  id: Generated<number>;
  room: string;
  seq: number;
  type: string;
  payload: Json<unknown>;
  created_at: CreatedAt;
}
