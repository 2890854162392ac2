import type { SessionRole, Speaker, SpeakerDetail } from '@foyer/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';
import { viewerOf } from './agenda.policy';
import { findSpeakerRow, listSpeakerRows, type SpeakerRow, speakerSessions } from './speakers.repository';

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
  const rows = await listSpeakerRows(ctx.db, eventId, viewerOf(me));
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
  const row = await findSpeakerRow(ctx.db, eventId, viewer, speakerId);
  if (!row) throw AppError.notFound('Speaker not found');
  const sessions = await speakerSessions(ctx.db, eventId, speakerId, viewer);
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
