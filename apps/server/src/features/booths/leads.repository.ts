import { type Selectable, sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type {
  BoothLeadNotesTable,
  BoothLeadQuestionsTable,
  BoothLeadsTable,
  DB,
  ParticipantRow,
} from '../../db/schema';

/**
 * Booth leads, their notes and questions, and booth visits. The report's meetings are read from
 * the meetings tables here (as the organizer dashboard does): the meetings feature has no listing
 * by booth team, and features must not import each other's repositories (decision 014).
 */

export type LeadRow = Selectable<BoothLeadsTable>;
export type LeadNoteRow = Selectable<BoothLeadNotesTable> & {
  author_name: string | null;
  author_surname: string | null;
};
export type QuestionRow = Selectable<BoothLeadQuestionsTable>;

export interface LeadValues {
  participant_id: number | null;
  first_name: string;
  last_name: string;
  emails: string[];
  phones: string[];
  company: string;
  job_title: string;
  website: string;
  profile_photo: string | null;
  source: LeadRow['source'];
}

/**
 * The booth's lead for `matchKey`: added, or (a second scan, or two team members scanning at the
 * same moment) merged into the one there is: e-mails and phones appended, empty fields filled.
 */
export async function upsertLead(
  trx: Transaction<DB>,
  input: {
    boothId: number;
    eventId: number;
    matchKey: string;
    values: LeadValues;
    scannedBy: number;
    at: Date;
  },
): Promise<{ id: number; created: boolean }> {
  const v = input.values;
  const row = await trx
    .insertInto('booth_leads')
    .values({
      ...v,
      booth_id: input.boothId,
      event_id: input.eventId,
      match_key: input.matchKey,
      scanned_by: input.scannedBy,
      answers: '{}',
      created_at: input.at,
      updated_at: input.at,
    })
    .onConflict((oc) =>
      oc.columns(['booth_id', 'match_key']).doUpdateSet({
        participant_id: sql`coalesce(booth_leads.participant_id, excluded.participant_id)`,
        last_name: sql`coalesce(nullif(booth_leads.last_name, ''), excluded.last_name)`,
        emails: sql`ARRAY(SELECT DISTINCT unnest(booth_leads.emails || excluded.emails))`,
        phones: sql`ARRAY(SELECT DISTINCT unnest(booth_leads.phones || excluded.phones))`,
        company: sql`coalesce(nullif(booth_leads.company, ''), excluded.company)`,
        job_title: sql`coalesce(nullif(booth_leads.job_title, ''), excluded.job_title)`,
        website: sql`coalesce(nullif(booth_leads.website, ''), excluded.website)`,
        profile_photo: sql`coalesce(booth_leads.profile_photo, excluded.profile_photo)`,
        updated_at: input.at,
      }),
    )
    .returning(['id', sql<boolean>`xmax = 0`.as('created')])
    .executeTakeFirstOrThrow();
  return { id: row.id, created: row.created };
}

/**
 * The team member's row as it is now, held FOR SHARE until the commit (after the booth's row, the
 * order every team change takes them in).
 */
export function lockTeamMember(
  trx: Transaction<DB>,
  eventId: number,
  participantId: number,
): Promise<ParticipantRow | undefined> {
  return trx
    .selectFrom('participants')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', participantId)
    .where('state', '!=', 'deleted')
    .forShare()
    .executeTakeFirst();
}

export function findLead(db: Executor, boothId: number, id: number): Promise<LeadRow | undefined> {
  return db
    .selectFrom('booth_leads')
    .selectAll()
    .where('booth_id', '=', boothId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function lockLead(trx: Transaction<DB>, boothId: number, id: number): Promise<LeadRow | undefined> {
  return trx
    .selectFrom('booth_leads')
    .selectAll()
    .where('booth_id', '=', boothId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function listLeads(db: Executor, boothId: number, limit: number): Promise<LeadRow[]> {
  return db
    .selectFrom('booth_leads')
    .selectAll()
    .where('booth_id', '=', boothId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function setLead(
  trx: Transaction<DB>,
  id: number,
  set: { rating?: number | null; answers?: Record<string, string>; at: Date },
): Promise<void> {
  await trx
    .updateTable('booth_leads')
    .set({
      ...(set.rating !== undefined ? { rating: set.rating } : {}),
      ...(set.answers !== undefined ? { answers: JSON.stringify(set.answers) } : {}),
      updated_at: set.at,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteLead(db: Executor, boothId: number, id: number): Promise<boolean> {
  const gone = await db
    .deleteFrom('booth_leads')
    .where('booth_id', '=', boothId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

export async function insertLeadNote(
  trx: Transaction<DB>,
  input: { leadId: number; authorId: number; note: string; at: Date },
): Promise<void> {
  await trx
    .insertInto('booth_lead_notes')
    .values({ lead_id: input.leadId, author_id: input.authorId, note: input.note, created_at: input.at })
    .execute();
}

/** How many notes the lead holds (read under the lead's row lock, so two writers count in turn). */
export async function countLeadNotes(db: Executor, leadId: number): Promise<number> {
  const row = await db
    .selectFrom('booth_lead_notes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The leads' notes, oldest first, with their authors' names. */
export function notesOf(db: Executor, leadIds: readonly number[]): Promise<LeadNoteRow[]> {
  if (leadIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('booth_lead_notes as n')
    .leftJoin('participants as p', 'p.id', 'n.author_id')
    .selectAll('n')
    .select(['p.name as author_name', 'p.surname as author_surname'])
    .where('n.lead_id', 'in', leadIds)
    .orderBy('n.id')
    .execute();
}

/** Names of the people who scanned leads. */
export async function namesOf(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('participants')
    .select(['id', 'name', 'surname'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, `${r.name} ${r.surname}`.trim()]));
}

// ---- questions ---------------------------------------------------------------------------------

export function questionsOf(db: Executor, boothId: number): Promise<QuestionRow[]> {
  return db
    .selectFrom('booth_lead_questions')
    .selectAll()
    .where('booth_id', '=', boothId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export interface QuestionInput {
  id?: number | undefined;
  label: string;
  kind: QuestionRow['kind'];
  options: string[];
}

/** Replaces the booth's questions: kept ones (by id) updated, left-out ones deleted, new ones added. */
export async function replaceQuestions(
  trx: Transaction<DB>,
  boothId: number,
  questions: readonly QuestionInput[],
) {
  const keep = questions.flatMap((q) => (q.id ? [q.id] : []));
  await trx
    .deleteFrom('booth_lead_questions')
    .where('booth_id', '=', boothId)
    .$if(keep.length > 0, (q) => q.where('id', 'not in', keep))
    .execute();
  for (const [position, q] of questions.entries()) {
    const values = { label: q.label, kind: q.kind, options: q.kind === 'choice' ? q.options : [], position };
    if (q.id) {
      await trx
        .updateTable('booth_lead_questions')
        .set(values)
        .where('id', '=', q.id)
        .where('booth_id', '=', boothId)
        .execute();
    } else {
      await trx
        .insertInto('booth_lead_questions')
        .values({ ...values, booth_id: boothId })
        .execute();
    }
  }
}

// ---- visits and the report ---------------------------------------------------------------------

/** Someone opened the booth's page: their first visit is remembered, later ones counted. */
export async function recordVisit(
  db: Executor,
  boothId: number,
  participantId: number,
  at: Date,
): Promise<void> {
  await db
    .insertInto('booth_visits')
    .values({ booth_id: boothId, participant_id: participantId, first_at: at, last_at: at })
    .onConflict((oc) =>
      oc.columns(['booth_id', 'participant_id']).doUpdateSet({
        last_at: at,
        visits: sql`booth_visits.visits + 1`,
      }),
    )
    .execute();
}

/**
 * The booth's visitors for its report. Someone who hides their profile is not named to the booth
 * (they are in no list of the event's) unless they became its lead: their badge was scanned.
 */
export function visitorsOf(db: Executor, boothId: number) {
  const isLead = sql<boolean>`EXISTS (SELECT 1 FROM booth_leads l
    WHERE l.booth_id = v.booth_id AND l.participant_id = v.participant_id)`;
  return db
    .selectFrom('booth_visits as v')
    .innerJoin('participants as p', 'p.id', 'v.participant_id')
    .select([
      'p.id',
      'p.name',
      'p.surname',
      'p.company',
      'p.job_title',
      'v.visits',
      'v.first_at',
      'v.last_at',
    ])
    .select(isLead.as('is_lead'))
    .where('v.booth_id', '=', boothId)
    .where('p.state', '!=', 'deleted')
    .where((eb) => eb.or([eb('p.visible', '=', true), eb(isLead, '=', true)]))
    .orderBy('v.last_at', 'desc')
    .limit(10_000)
    .execute();
}

/** The meetings of the booth's team (and its popup tables), with everyone in them. */
export async function meetingsOfTeam(db: Executor, boothId: number) {
  const meetings = await db
    .selectFrom('meetings as m')
    .select(['m.id', 'm.kind', 'm.status', 'm.sdt', 'm.edt'])
    .where((eb) =>
      eb.or([
        eb('m.booth_id', '=', boothId),
        eb.exists(
          eb
            .selectFrom('meeting_participants as mp')
            .innerJoin('participants as p', 'p.id', 'mp.participant_id')
            .select('mp.meeting_id')
            .whereRef('mp.meeting_id', '=', 'm.id')
            .where('mp.active', '=', true)
            .where('p.booth_id', '=', boothId)
            .where('p.booth_role', 'in', ['owner', 'admin', 'user']),
        ),
      ]),
    )
    .orderBy('m.sdt')
    .limit(10_000)
    .execute();
  const people =
    meetings.length === 0
      ? []
      : await db
          .selectFrom('meeting_participants as mp')
          .innerJoin('participants as p', 'p.id', 'mp.participant_id')
          .select(['mp.meeting_id', 'p.name', 'p.surname', 'p.company', 'p.booth_id', 'p.booth_role'])
          .where(
            'mp.meeting_id',
            'in',
            meetings.map((m) => m.id),
          )
          .where('mp.active', '=', true)
          .orderBy('p.name')
          .execute();
  return { meetings, people };
}

/** The accounts of the booth's team (owner, admins, users; not pending invitations). */
export async function teamUserIds(db: Executor, boothId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('participants')
    .select('user_id')
    .where('booth_id', '=', boothId)
    .where('booth_role', 'in', ['owner', 'admin', 'user'])
    .where('state', '!=', 'deleted')
    .where('user_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.user_id as number);
}
