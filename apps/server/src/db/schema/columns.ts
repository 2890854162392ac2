import type { ColumnType } from 'kysely';

/** Column shapes shared by the table types (timestamps and JSON). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Json<T> = ColumnType<T, string | T | undefined, string | T>;
