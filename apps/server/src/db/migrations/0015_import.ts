import type { Kysely } from 'kysely';

// Frozen once landed: the organizer console, import (issue 12).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(_db: Kysely<any>): Promise<void> {
  // Filled by the import slice before it lands.
}
