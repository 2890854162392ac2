import type { Kysely } from 'kysely';

// Frozen once landed: the organizer console, people (issue 12).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(_db: Kysely<any>): Promise<void> {
  // Filled by the people slice before it lands.
}
