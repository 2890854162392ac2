import { type Kysely, type Migration, Migrator } from 'kysely';
import * as m0001 from './migrations/0001_foundation';
import * as m0002 from './migrations/0002_realtime';
import * as m0003 from './migrations/0003_agenda';
import * as m0004 from './migrations/0004_meetings';
import * as m0005 from './migrations/0005_engagement';
import * as m0006 from './migrations/0006_contacts';
import * as m0007 from './migrations/0007_checkin';
import * as m0008 from './migrations/0008_outbox';
import * as m0009 from './migrations/0009_accounts';
import * as m0010 from './migrations/0010_privacy';
import * as m0011 from './migrations/0011_infra';
import * as m0012 from './migrations/0012_organizer';
import * as m0013 from './migrations/0013_programme';
import * as m0014 from './migrations/0014_people';
import * as m0015 from './migrations/0015_import';
import * as m0016 from './migrations/0016_integrations';
import * as m0017 from './migrations/0017_door';
import * as m0018 from './migrations/0018_session_import';
import * as m0019 from './migrations/0019_search_scale';
import * as m0020 from './migrations/0020_sessions_list';
import * as m0021 from './migrations/0021_door_sync';
import * as m0022 from './migrations/0022_badges';
import * as m0023 from './migrations/0023_contacts_leads';
import * as m0024 from './migrations/0024_profile_filled';
import * as m0025 from './migrations/0025_meeting_tables';
import * as m0026 from './migrations/0026_type_texts';
import * as m0027 from './migrations/0027_web_push';
import * as m0028 from './migrations/0028_suggested_slots';
import * as m0029 from './migrations/0029_meetings_switch';
import * as m0030 from './migrations/0030_table_presence';
import * as m0031 from './migrations/0031_venue_map';
import * as m0032 from './migrations/0032_search_changes';
import * as m0033 from './migrations/0033_foreign_key_indexes';
import * as m0034 from './migrations/0034_housekeeping_indexes';
import * as m0035 from './migrations/0035_removed_leave_areas';
import * as m0036 from './migrations/0036_announcement_writes';
import * as m0037 from './migrations/0037_login_failures_address';
import * as m0038 from './migrations/0038_programme_names';
import * as m0039 from './migrations/0039_chat_client_keys';
import * as m0040 from './migrations/0040_badge_print_error_code';
import * as m0041 from './migrations/0041_checkin_area_updated_at';
import * as m0042 from './migrations/0042_event_words';

/** Frozen, ordered migrations: never edit one that has landed; add the next file instead. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_realtime': m0002,
  '0003_agenda': m0003,
  '0004_meetings': m0004,
  '0005_engagement': m0005,
  '0006_contacts': m0006,
  '0007_checkin': m0007,
  '0008_outbox': m0008,
  '0009_accounts': m0009,
  '0010_privacy': m0010,
  '0011_infra': m0011,
  '0012_organizer': m0012,
  '0013_programme': m0013,
  '0014_people': m0014,
  '0015_import': m0015,
  '0016_integrations': m0016,
  '0017_door': m0017,
  '0018_session_import': m0018,
  '0019_search_scale': m0019,
  '0020_sessions_list': m0020,
  '0021_door_sync': m0021,
  '0022_badges': m0022,
  '0023_contacts_leads': m0023,
  '0024_profile_filled': m0024,
  '0025_meeting_tables': m0025,
  '0026_type_texts': m0026,
  '0027_web_push': m0027,
  '0028_suggested_slots': m0028,
  '0029_meetings_switch': m0029,
  '0030_table_presence': m0030,
  '0031_venue_map': m0031,
  '0032_search_changes': m0032,
  '0033_foreign_key_indexes': m0033,
  '0034_housekeeping_indexes': m0034,
  '0035_removed_leave_areas': m0035,
  '0036_announcement_writes': m0036,
  '0037_login_failures_address': m0037,
  '0038_programme_names': m0038,
  '0039_chat_client_keys': m0039,
  '0040_badge_print_error_code': m0040,
  '0041_checkin_area_updated_at': m0041,
  '0042_event_words': m0042,
};

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Numbers are handed out ahead of work landing: 0010 may land after 0011 has run somewhere.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
