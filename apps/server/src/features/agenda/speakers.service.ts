import type { SessionRole, Speaker, SpeakerDetail } from '@foyer/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';
import { viewerOf } from './agenda.policy';
import { type Viewer, visibleTo } from './sessions.repository';

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

type SpeakerRow = Awaited<ReturnType<ReturnType<typeof speakersQuery>['execute']>>[number];

function toSpeaker(row: SpeakerRow): Speaker {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    company: row.company,
    jobTitle: row.job_title,
    profilePhoto: row.profile_photo,
    biography: row.biography,
    showSpeaker: row.visible,
  };
}

/** GET /event/:eventId/speakers. */
export async function listSpeakers(ctx: AppContext, userId: number, eventId: number): Promise<Speaker[]> {
  const { me } = await requireMembership(ctx.db, eventId, userId);
  const rows = await speakersQuery(ctx.db, eventId, viewerOf(me))
    .orderBy('p.surname')
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
  return rows.map(toSpeaker);
}

/** GET /event/:eventId/speakers/:speakerId: the speaker and the sessions the caller may see. */
export async function getSpeaker(
  ctx: AppContext,
  userId: number,
  eventId: number,
  speakerId: number,
): Promise<SpeakerDetail> {
  const { me } = await requireMembership(ctx.db, eventId, userId);
  const viewer = viewerOf(me);
  const row = await speakersQuery(ctx.db, eventId, viewer).where('p.id', '=', speakerId).executeTakeFirst();
  if (!row) throw AppError.notFound('Speaker not found');
  const sessions = await ctx.db
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
    .orderBy('s.sdt')
    .orderBy('s.id')
    .execute();
  return {
    ...toSpeaker(row),
    sessions: sessions.map((s) => ({
      id: s.id,
      name: s.name,
      sdt: new Date(s.sdt).toISOString(),
      edt: new Date(s.edt).toISOString(),
      role: s.role as SessionRole,
      track: s.track_id === null ? null : { id: s.track_id, name: s.track_name ?? '', color: s.track_color },
      location: s.location,
    })),
  };
}
