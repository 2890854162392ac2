import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { parentVisibleTo, type Viewer, visibleTo } from './sessions.visibility';

/**
 * Speakers (E3.24): participants flagged as speakers or speaking in a session of the event.
 * showSpeaker is the participant's visibility; others than organizers see only shown speakers.
 */
function speakersQuery(db: Executor, eventId: number, viewer: Viewer) {
  return db
    .selectFrom('participants as p')
    .select([
      'p.id',
      'p.name',
      'p.surname',
      'p.company',
      'p.job_title',
      'p.profile_photo',
      'p.biography',
      'p.visible',
    ])
    .where('p.event_id', '=', eventId)
    .where('p.state', '!=', 'deleted')
    .where((eb) =>
      eb.or([
        eb('p.is_speaker', '=', true),
        eb.exists(
          eb
            .selectFrom('session_people as sp')
            .innerJoin('sessions as ss', 'ss.id', 'sp.session_id')
            .select(sql`1`.as('one'))
            .whereRef('sp.participant_id', '=', 'p.id')
            .where('sp.role', '=', 'speaker')
            .where('ss.deleted', '=', false),
        ),
      ]),
    )
    .$if(!viewer.organizer, (qb) => qb.where('p.visible', '=', true));
}

export type SpeakerRow = Awaited<ReturnType<ReturnType<typeof speakersQuery>['execute']>>[number];

export function listSpeakerRows(db: Executor, eventId: number, viewer: Viewer): Promise<SpeakerRow[]> {
  return speakersQuery(db, eventId, viewer).orderBy('p.surname').orderBy('p.name').orderBy('p.id').execute();
}

export function findSpeakerRow(
  db: Executor,
  eventId: number,
  viewer: Viewer,
  speakerId: number,
): Promise<SpeakerRow | undefined> {
  return speakersQuery(db, eventId, viewer).where('p.id', '=', speakerId).executeTakeFirst();
}

/** The sessions of the event the speaker is in, as the viewer may see them (a slot with its session), by start. */
export function speakerSessions(db: Executor, eventId: number, speakerId: number, viewer: Viewer) {
  return db
    .selectFrom('session_people as sp')
    .innerJoin('sessions as s', 's.id', 'sp.session_id')
    .leftJoin('tracks as t', 't.id', 's.track_id')
    .leftJoin('locations as l', 'l.id', 's.location_id')
    .select([
      's.id',
      's.name',
      's.sdt',
      's.edt',
      'sp.role',
      't.id as track_id',
      't.name as track_name',
      't.color as track_color',
      'l.name as location',
    ])
    .where('sp.participant_id', '=', speakerId)
    .where('s.event_id', '=', eventId)
    .where('s.deleted', '=', false)
    .where(visibleTo(viewer))
    .where(parentVisibleTo(viewer))
    .orderBy('s.sdt')
    .orderBy('s.id')
    .execute();
}
