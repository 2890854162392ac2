import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './columns';

/** The organizer console's integrations (0016). Keep in step with the migration (it is the truth). */
type TextList = ColumnType<string[], string[] | undefined, string[]>;

export interface ApiKeysTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  prefix: string;
  /** SHA-256 (hex) of the whole secret (`foyer_…`). */
  key_hash: string;
  scopes: TextList;
  created_by: number | null;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface WebhooksTable {
  id: Generated<number>;
  event_id: number;
  url: string;
  secret: string;
  events: TextList;
  active: Generated<boolean>;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface WebhookAttempt {
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event_type: string;
  payload: Json<Record<string, unknown>>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  status: Generated<'pending' | 'failed' | 'delivered' | 'dead'>;
  last_status_code: number | null;
  last_error: string | null;
  attempt_log: Json<WebhookAttempt[]>;
  created_at: CreatedAt;
  delivered_at: Timestamp | null;
}
