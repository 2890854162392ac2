import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

/** The organizer console's import jobs (0015). Keep in step with the migration (it is the truth). */
export interface ImportJobsTable {
  id: Generated<number>;
  event_id: number;
  created_by: number | null;
  kind: string;
  file_name: string;
  state: 'running' | 'done' | 'failed';
  total: Generated<number>;
  processed: Generated<number>;
  inserted: Generated<number>;
  updated: Generated<number>;
  unchanged: Generated<number>;
  errors: Generated<number>;
  failure: string | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}
