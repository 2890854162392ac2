import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './columns';

/** Outgoing mail and SMS (0001), the realtime feed (0002) and the event bus's outbox (0008). Keep in step with the migrations (they are the truth). */
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

export interface BusOutboxTable {
  id: Generated<number>;
  event_id: number;
  type: string;
  payload: Json<unknown>;
  ordered: Generated<boolean>;
  state: Generated<'pending' | 'done' | 'dead'>;
  attempts: Generated<number>;
  run_after: Generated<Date>;
  locked_until: Timestamp | null;
  done_handlers: Generated<string[]>;
  last_error: string | null;
  created_at: CreatedAt;
  done_at: Timestamp | null;
}
