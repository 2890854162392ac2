import {
  type BoothRoleName,
  canManageBooth,
  ErrorCode,
  LEAD_NOTES_FULL,
  LEAD_NOTES_MAX,
  type Lead,
  type LeadList,
  type LeadQuestion,
  normalizePhone,
  type saveLeadQuestionsRequest,
  type scanLeadRequest,
  type updateLeadRequest,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { DB, ParticipantRow } from '../../db/schema';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import { englishMessage } from '../../http/messages';
import { requireMembership } from '../access/event-access';
import { matchScan } from '../contacts/scan.service';
import * as booths from './booths.repository';
import { roleOn } from './booths.service';
import * as repo from './leads.repository';

/**
 * Booth leads (E1.11 for exhibitors). A lead belongs to the booth, not to whoever scanned it: any
 * member of the team (owner, admin, user; not a pending invitation) scans, rates (1–5), answers the
 * qualification questions and writes notes, and every member sees it at once (the leads processor
 * pushes it to each of them). Nobody else does: 403 for anyone outside the team, organizers
 * included, since leads are the exhibitor's business data.
 *
 * What a lead holds: a badge's holder hands their badge to be scanned at the booth, which is
 * consent to give the booth their profile's name, company, job title, website, photo, e-mail and
 * phone (lead retrieval as exhibitors expect it); a scanned vCard or MECARD gives what it holds, plus
 * the same profile fields when its e-mail or phone is a participant's (E4.64).
 */

export interface LeadDeps {
  ctx: AppContext;
  bus: Pick<Bus, 'emit'>;
}

export interface Team {
  me: ParticipantRow;
  booth: booths.BoothRow;
  role: BoothRoleName;
}

const LEADS_MAX = 5_000;
const iso = (d: Date | string) => new Date(d).toISOString();

/** The caller's booth, when they are on its team; 403 for anyone else. */
export async function requireTeam(db: Executor, eventId: number, userId: number): Promise<Team> {
  const { me } = await requireMembership(db, eventId, userId);
  const role = me.booth_id ? roleOn(me, me.booth_id) : null;
  if (!me.booth_id || !role) throw AppError.forbidden('Only the booth team sees its leads');
  const booth = await booths.findBooth(db, eventId, me.booth_id);
  if (!booth) throw AppError.forbidden('Only the booth team sees its leads');
  return { me, booth, role };
}

/**
 * The team as it is now, in a write's transaction: the booth's row held (FOR SHARE; FOR UPDATE for a
 * save of the questions), then the caller's row read again and held. Every team change (the team's
 * own screens, the console, a booth's delete) holds the booth's row first, then the people's, so one
 * in flight is waited for: a member taken off the team, or an admin made a plain member, meanwhile
 * writes nothing (403), instead of a lead or a note from someone no longer on the team. A save of
 * the questions holds the booth FOR UPDATE too, so answers read after this are checked against the
 * questions as they now are.
 */
async function heldTeam(
  trx: Transaction<DB>,
  eventId: number,
  team: Team,
  lock: 'share' | 'lock' = 'share',
): Promise<Team> {
  const booth = await booths.findBooth(trx, eventId, team.booth.id, lock);
  const me = await repo.lockTeamMember(trx, eventId, team.me.id);
  const role = booth && me ? roleOn(me, booth.id) : null;
  if (!booth || !me || !role) throw AppError.forbidden('Only the booth team sees its leads');
  return { me, booth, role };
}

export function presentQuestion(q: repo.QuestionRow): LeadQuestion {
  return { id: q.id, label: q.label, kind: q.kind, options: q.options };
}

/** Leads as the team sees them, notes and answers included (answers only to current questions). */
export async function presentLeads(
  db: Executor,
  rows: readonly repo.LeadRow[],
  questions: readonly repo.QuestionRow[],
): Promise<Lead[]> {
  const [notes, scanners] = await Promise.all([
    repo.notesOf(
      db,
      rows.map((r) => r.id),
    ),
    repo.namesOf(db, [...new Set(rows.flatMap((r) => (r.scanned_by ? [r.scanned_by] : [])))]),
  ]);
  const asked = new Set(questions.map((q) => String(q.id)));
  return rows.map((row) => ({
    id: row.id,
    boothId: row.booth_id,
    participantId: row.participant_id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`.trim(),
    emails: row.emails,
    phones: row.phones,
    company: row.company,
    jobTitle: row.job_title,
    website: row.website,
    profilePhoto: row.profile_photo,
    rating: row.rating,
    answers: Object.fromEntries(Object.entries(row.answers ?? {}).filter(([id]) => asked.has(id))),
    notes: notes
      .filter((n) => n.lead_id === row.id)
      .map((n) => ({
        id: n.id,
        note: n.note,
        author: `${n.author_name ?? ''} ${n.author_surname ?? ''}`.trim(),
        createdAt: iso(n.created_at),
      })),
    source: row.source,
    scannedBy: (row.scanned_by && scanners.get(row.scanned_by)) || '',
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }));
}

/** One lead as the team sees it. */
export async function presentLead(db: Executor, boothId: number, id: number): Promise<Lead | null> {
  const row = await repo.findLead(db, boothId, id);
  if (!row) return null;
  const [lead] = await presentLeads(db, [row], await repo.questionsOf(db, boothId));
  return lead ?? null;
}

/** GET /event/lead: my booth's questions and leads, newest first. */
export async function listLeads(ctx: AppContext, userId: number, eventId: number): Promise<LeadList> {
  const { booth, role } = await requireTeam(ctx.db, eventId, userId);
  const [questions, rows] = await Promise.all([
    repo.questionsOf(ctx.db, booth.id),
    repo.listLeads(ctx.db, booth.id, LEADS_MAX),
  ]);
  return {
    boothId: booth.id,
    boothName: booth.name,
    canEditQuestions: canManageBooth(role),
    canRemoveLeads: canManageBooth(role),
    questions: questions.map(presentQuestion),
    leads: await presentLeads(ctx.db, rows, questions),
  };
}

/**
 * Adds the notes to the lead, whose row the caller holds (FOR UPDATE, or by the scan's upsert): a
 * lead holds at most LEAD_NOTES_MAX notes, one more is a 409 on the note field and adds none of them.
 */
async function addNotes(
  trx: Transaction<DB>,
  leadId: number,
  authorId: number,
  notes: readonly string[],
  at: Date,
): Promise<void> {
  if (notes.length === 0) return;
  if ((await repo.countLeadNotes(trx, leadId)) + notes.length > LEAD_NOTES_MAX)
    throw new AppError(409, ErrorCode.Conflict, englishMessage(LEAD_NOTES_FULL), { note: LEAD_NOTES_FULL });
  for (const note of notes) await repo.insertLeadNote(trx, { leadId, authorId, note, at });
}

/**
 * Answers checked against the booth's questions: known ids, a choice among its options; '' clears.
 * Only an answer being changed is checked: one stored before the questions changed (an option
 * removed or renamed, a kind changed, a question deleted) is what the visitor said, so it is kept as
 * it was (shown while its question is asked), and sent back unchanged it is not checked again.
 * Checked, it refused every later save of the lead's answers until someone erased it; dropped, it
 * would vanish unseen. A new answer must fit the question as it is now; clearing always works.
 */
function checkedAnswers(
  questions: readonly repo.QuestionRow[],
  current: Record<string, string>,
  given: Record<string, string>,
): Record<string, string> {
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  const next = { ...current };
  for (const [id, answer] of Object.entries(given)) {
    if (answer === (current[id] ?? '')) continue; // unchanged: kept as it was, not checked again
    const question = byId.get(id);
    if (answer === '') delete next[id];
    else if (!question)
      throw AppError.badRequest('answers: unknown question', {
        [`answers.${id}`]: 'validation.error.option',
      });
    else if (question.kind === 'choice' && !question.options.includes(answer)) {
      throw AppError.badRequest('answers: not one of the options', {
        [`answers.${id}`]: 'validation.error.option',
      });
    } else next[id] = answer;
  }
  return next;
}

/**
 * POST /event/lead/scan: a scanned badge, vCard or MECARD becomes the booth's lead (a second scan,
 * by anyone on the team, adds to the same lead). A rating, answers and a note may come with it.
 */
export async function scanLead(
  deps: LeadDeps,
  userId: number,
  input: z.output<typeof scanLeadRequest>,
): Promise<Lead> {
  const { ctx } = deps;
  const team = await requireTeam(ctx.db, input.eventId, userId);
  const { booth } = team;
  const match = await matchScan(ctx.db, input.eventId, input.code);
  const { person, card } = match;
  if (person?.booth_id === booth.id && person.booth_role !== 'not_confirmed') {
    throw AppError.badRequest('This person is on your team', { code: 'contacts.leads.error.team' });
  }
  const profileEmails = person?.email ? [person.email.trim().toLowerCase()] : [];
  const profilePhones = person?.phone ? [normalizePhone(person.phone)] : [];
  const values: repo.LeadValues = {
    participant_id: person?.id ?? null,
    first_name: card?.firstName || person?.name || '',
    last_name: card ? card.lastName : (person?.surname ?? ''),
    emails: [...new Set([...(card?.emails ?? []), ...profileEmails])],
    phones: [...new Set([...(card?.phones ?? []), ...profilePhones])],
    company: card?.company || person?.company || '',
    job_title: card?.jobTitle || person?.job_title || '',
    website: card?.website || person?.website || '',
    profile_photo: person?.profile_photo ?? null,
    source: match.source,
  };
  const matchKey = person
    ? `p:${person.id}`
    : values.emails[0]
      ? `e:${values.emails[0]}`
      : values.phones[0]
        ? `t:${values.phones[0]}`
        : `n:${`${values.first_name} ${values.last_name}`.trim().toLowerCase()}`;
  const at = ctx.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const { me } = await heldTeam(trx, input.eventId, team);
    const questions = input.answers ? await repo.questionsOf(trx, booth.id) : [];
    const saved = await repo.upsertLead(trx, {
      boothId: booth.id,
      eventId: input.eventId,
      matchKey,
      values,
      scannedBy: me.id,
      at,
    });
    if (input.rating !== undefined || input.answers) {
      const row = await repo.lockLead(trx, booth.id, saved.id);
      await repo.setLead(trx, saved.id, {
        rating: input.rating,
        answers: input.answers ? checkedAnswers(questions, row?.answers ?? {}, input.answers) : undefined,
        at,
      });
    }
    const notes = [saved.created ? card?.note : undefined, input.note];
    await addNotes(
      trx,
      saved.id,
      me.id,
      notes.filter((note): note is string => !!note),
      at,
    );
    await deps.bus.emit(
      { type: 'booth.lead.changed', eventId: input.eventId, boothId: booth.id, leadId: saved.id },
      trx,
    );
    return saved.id;
  });
  return (await presentLead(ctx.db, booth.id, id)) as Lead;
}

/** PUT /event/lead/:id: rating and answers. */
export async function updateLead(
  deps: LeadDeps,
  userId: number,
  id: number,
  input: z.output<typeof updateLeadRequest>,
): Promise<Lead> {
  const { ctx } = deps;
  const team = await requireTeam(ctx.db, input.eventId, userId);
  const { booth } = team;
  await ctx.db.transaction().execute(async (trx) => {
    await heldTeam(trx, input.eventId, team);
    const questions = input.answers ? await repo.questionsOf(trx, booth.id) : [];
    const row = await repo.lockLead(trx, booth.id, id);
    if (!row) throw AppError.notFound('Lead not found');
    await repo.setLead(trx, id, {
      rating: input.rating,
      answers: input.answers ? checkedAnswers(questions, row.answers ?? {}, input.answers) : undefined,
      at: ctx.now(),
    });
    await deps.bus.emit(
      { type: 'booth.lead.changed', eventId: input.eventId, boothId: booth.id, leadId: id },
      trx,
    );
  });
  return (await presentLead(ctx.db, booth.id, id)) as Lead;
}

/** POST /event/lead/:id/note (E9.54: the report separates notes by a line of equals signs). */
export async function addLeadNote(
  deps: LeadDeps,
  userId: number,
  id: number,
  input: { eventId: number; note: string },
): Promise<Lead> {
  const { ctx } = deps;
  const team = await requireTeam(ctx.db, input.eventId, userId);
  const { booth } = team;
  await ctx.db.transaction().execute(async (trx) => {
    const { me } = await heldTeam(trx, input.eventId, team);
    if (!(await repo.lockLead(trx, booth.id, id))) throw AppError.notFound('Lead not found');
    await addNotes(trx, id, me.id, [input.note], ctx.now());
    await deps.bus.emit(
      { type: 'booth.lead.changed', eventId: input.eventId, boothId: booth.id, leadId: id },
      trx,
    );
  });
  return (await presentLead(ctx.db, booth.id, id)) as Lead;
}

/**
 * DELETE /event/lead/:id: the booth's owner or an admin removes a lead (404 for another booth's);
 * the rest of the team sees it go (the leads processor finds it gone and says so).
 */
export async function removeLead(deps: LeadDeps, userId: number, eventId: number, id: number): Promise<void> {
  const { ctx } = deps;
  const team = await requireTeam(ctx.db, eventId, userId);
  const { booth } = team;
  const refused = () => AppError.forbidden('Only the booth owner or an admin can remove leads');
  if (!canManageBooth(team.role)) throw refused();
  await ctx.db.transaction().execute(async (trx) => {
    if (!canManageBooth((await heldTeam(trx, eventId, team)).role)) throw refused();
    if (!(await repo.deleteLead(trx, booth.id, id))) throw AppError.notFound('Lead not found');
    await deps.bus.emit({ type: 'booth.lead.changed', eventId, boothId: booth.id, leadId: id }, trx);
  });
}

/**
 * PUT /event/lead/questions: the booth's owner or an admin sets the qualification questions; the
 * team's screens get them live.
 */
export async function saveQuestions(
  deps: LeadDeps,
  userId: number,
  input: z.output<typeof saveLeadQuestionsRequest>,
): Promise<LeadQuestion[]> {
  const { ctx } = deps;
  const team = await requireTeam(ctx.db, input.eventId, userId);
  const { booth } = team;
  const refused = () => AppError.forbidden('Only the booth owner or an admin can set the questions');
  if (!canManageBooth(team.role)) throw refused();
  await ctx.db.transaction().execute(async (trx) => {
    // The booth held, the questions read as they are now: two saves at once (a double click, two
    // admins) run one after the other, so the second replaces the first's new questions instead of
    // adding its own beside them, and an id the first removed is refused, not silently dropped. The
    // caller's role read again behind it: an admin made a plain member meanwhile changes nothing.
    if (!canManageBooth((await heldTeam(trx, input.eventId, team, 'lock')).role)) throw refused();
    const known = new Set((await repo.questionsOf(trx, booth.id)).map((q) => q.id));
    for (const [i, q] of input.questions.entries()) {
      if (q.id && !known.has(q.id))
        throw AppError.badRequest('questions: unknown question', {
          [`questions.${i}.id`]: 'validation.error.option',
        });
    }
    await repo.replaceQuestions(trx, booth.id, input.questions);
    await deps.bus.emit(
      { type: 'booth.lead.changed', eventId: input.eventId, boothId: booth.id, leadId: null },
      trx,
    );
  });
  return (await repo.questionsOf(ctx.db, booth.id)).map(presentQuestion);
}

/** A participant outside the booth's team opened its page: a visit for the booth report. */
export async function recordBoothVisit(ctx: AppContext, userId: number, eventId: number, boothId: number) {
  const { me } = await requireMembership(ctx.db, eventId, userId);
  if (me.booth_id === boothId && roleOn(me, boothId)) return;
  await ctx.db.transaction().execute(async (trx) => {
    // The booth held FOR KEY SHARE: one being deleted is waited for and then not found (404), never
    // a visit refused by its foreign key.
    if (!(await booths.findBooth(trx, eventId, boothId, 'keep'))) throw AppError.notFound('Booth not found');
    await repo.recordVisit(trx, boothId, me.id, ctx.now());
  });
}
