import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './columns';

/** Badge printers, templates and the print queue (0022). Keep in step with the migration. */
export interface BadgePrintersTable {
  id: Generated<number>;
  event_id: number;
  label: string;
  kind: 'zpl' | 'txt' | 'pdf';
  host: string | null;
  port: Generated<number>;
  print_type: Generated<'directly' | 'printQueue' | 'none'>;
  dpi: Generated<number>;
  template_ids: ColumnType<number[], number[] | undefined, number[]>;
  created_at: Generated<Date>;
}

export interface BadgeTemplateLineRow {
  text: string;
  size: 'sm' | 'md' | 'lg' | 'xl';
  bold: boolean;
}

export interface BadgeTemplatesTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  size: string;
  participant_type_id: number | null;
  is_default: Generated<boolean>;
  lines: Json<BadgeTemplateLineRow[]>;
  qr: Generated<'none' | 'small' | 'medium' | 'large'>;
  text_template: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface BadgePrintBatchesTable {
  id: Generated<number>;
  event_id: number;
  printer_id: number | null;
  filter: Json<Record<string, unknown>>;
  total: Generated<number>;
  skipped: Generated<number>;
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface BadgePrintJobsTable {
  id: Generated<number>;
  event_id: number;
  participant_id: number;
  printer_id: number | null;
  batch_id: number | null;
  status: Generated<'queued' | 'sending' | 'printed' | 'failed'>;
  force: Generated<boolean>;
  fast: Generated<boolean>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  lease_until: Date | null;
  last_error: string | null;
  last_error_code: string | null;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  printed_at: Date | null;
}
