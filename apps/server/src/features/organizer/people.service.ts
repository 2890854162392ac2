import {
  type ConsoleParticipant,
  canOwnEvent,
  PEOPLE_PAGE_SIZE,
  type PeoplePage,
  type peopleBulkRequest,
  type peopleExportQuery,
  type peopleListQuery,
  type updateConsoleParticipantRequest,
} from '@foyer/contract';
import type { Updateable } from 'kysely';
import Papa from 'papaparse';
import type { z } from 'zod';
import type { ParticipantsTable } from '../../db/schema';
import type { OutgoingMessage } from '../../events/bus';
import { AppError } from '../../http/errors';
import { lockParticipants } from '../participants/participants.service';
import { checkTypeAndCategories, type InvitationDeps, issueInvitation } from './invitations.service';
import { consoleRole, requireConsole } from './organizer.access';
import { peopleCsvRows, toConsoleParticipant } from './people.present';
import * as repo from './people.repository';

/** Rights every organizer holds (E6.08, A3.11), as events.service gives the owner. */
const ORGANIZER_RIGHTS = { inviteparticipant: true, onbehalfmeeting: true, reserveatable: true };

type ListQuery = Omit<z.output<typeof peopleExportQuery>, 'format'>;

const toFilter = (q: ListQuery): repo.PeopleFilter => ({
  search: q.search || undefined,
  typeId: q.typeId,
  state: q.state,
  organizer: q.organizer === undefined ? undefined : q.organizer === 'true',
  checkedIn: q.checkedIn === undefined ? undefined : q.checkedIn === 'true',
  sort: q.sort,
});

/** GET /organizer/event/:eventId/participants */
export async function listPeople(
  deps: Pick<InvitationDeps, 'ctx'>,
  userId: number,
  eventId: number,
  query: z.output<typeof peopleListQuery>,
): Promise<PeoplePage> {
  const { db } = deps.ctx;
  await requireConsole(db, eventId, userId, 'people');
  const filter = toFilter(query);
  const [rows, total] = await Promise.all([
    repo.listPeople(db, eventId, filter, {
      limit: PEOPLE_PAGE_SIZE,
      offset: (query.page - 1) * PEOPLE_PAGE_SIZE,
    }),
    repo.countPeople(db, eventId, filter),
  ]);
  return { items: rows.map(toConsoleParticipant), total, page: query.page, pageSize: PEOPLE_PAGE_SIZE };
}

/** An export: CSV text or an XLSX workbook. */
export type PeopleExport = { format: 'csv'; body: string } | { format: 'xlsx'; body: Buffer };

/**
 * GET …/participants/export: every matching row as CSV (papaparse) or XLSX (exceljs, one sheet, every
 * cell a text cell), formula-looking cells quoted the same way in both.
 */
export async function exportPeople(
  deps: Pick<InvitationDeps, 'ctx'>,
  userId: number,
  eventId: number,
  query: z.output<typeof peopleExportQuery>,
): Promise<PeopleExport> {
  const { db } = deps.ctx;
  await requireConsole(db, eventId, userId, 'people');
  const rows = await repo.listPeople(db, eventId, toFilter(query), null);
  const types = new Map((await repo.listTypeNames(db, eventId)).map((t) => [t.id, t.name]));
  const table = peopleCsvRows(rows.map(toConsoleParticipant), types);
  if (query.format === 'xlsx') return { format: 'xlsx', body: await workbookOf(table) };
  return { format: 'csv', body: Papa.unparse(table, { quotes: true }) };
}

/** One sheet of text cells (exceljs writes a string as a shared string, never as a formula). */
async function workbookOf(table: string[][]): Promise<Buffer> {
  // Loaded on the first spreadsheet (~25 MB of a process's memory), not at start.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('Participants');
  for (const row of table) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * GET event/participant/adminDetails (E7.31): the console's view of one participant, for organizers.
 * Door staff (check-in admins) are refused: it carries e-mail and phone, which their lookup never shows.
 */
export async function getPersonForAdmin(
  deps: Pick<InvitationDeps, 'ctx'>,
  userId: number,
  eventId: number,
  participantId: number,
): Promise<ConsoleParticipant> {
  const { db } = deps.ctx;
  await requireConsole(db, eventId, userId, 'people');
  const person = await repo.findPerson(db, eventId, participantId);
  if (!person || person.state === 'deleted') throw AppError.notFound('Participant not found');
  return toConsoleParticipant({ ...person, checked_in: await repo.isCheckedIn(db, person.id) });
}

const notOwner = () => AppError.forbidden('Only the owner may change organizer roles');

/** PUT …/participants/:participantId */
export async function updatePerson(
  deps: Pick<InvitationDeps, 'ctx'>,
  userId: number,
  eventId: number,
  participantId: number,
  input: z.output<typeof updateConsoleParticipantRequest>,
): Promise<ConsoleParticipant> {
  const { ctx } = deps;
  const { role, me } = await requireConsole(ctx.db, eventId, userId, 'people');
  const changesRoles = input.organizerRole !== undefined || input.checkInAdmin !== undefined;
  if (changesRoles && !canOwnEvent(role)) throw notOwner();
  return ctx.db.transaction().execute(async (trx) => {
    await checkTypeAndCategories(trx, eventId, input.typeId ? [input.typeId] : [], input.categoryIds ?? []);
    // The caller's and the person's rows held to the commit: two owners taking each other's role
    // at once leave one owner, never an event nobody owns; an edit beside it keeps both changes.
    const held = await lockParticipants(trx, eventId, [me.id, participantId]);
    const meNow = held.get(me.id);
    if (changesRoles && !(meNow && canOwnEvent(consoleRole(meNow)))) throw notOwner();
    const person = await repo.findPerson(trx, eventId, participantId);
    if (!person || person.state === 'deleted') throw AppError.notFound('Participant not found');
    if (person.id === me.id && input.organizerRole !== undefined && input.organizerRole !== 'owner')
      throw AppError.badRequest('The owner cannot give up their own role here', {
        organizerRole: 'validation.error.option',
      });
    const values: Updateable<ParticipantsTable> = { updated_at: ctx.now() };
    if (input.name !== undefined) values.name = input.name;
    if (input.surname !== undefined) values.surname = input.surname;
    if (input.company !== undefined) values.company = input.company;
    if (input.jobTitle !== undefined) values.job_title = input.jobTitle;
    if (input.phone !== undefined) values.phone = input.phone;
    if (input.typeId !== undefined) values.type_id = input.typeId;
    if (input.categoryIds !== undefined) values.category_ids = input.categoryIds;
    if (input.checkInAdmin !== undefined) values.check_in_admin = input.checkInAdmin;
    if (input.organizerRole !== undefined) {
      const organizer = input.organizerRole !== 'none';
      values.organizer = organizer;
      values.organizer_role = organizer ? input.organizerRole : null;
      values.rights = JSON.stringify(organizer ? { ...person.rights, ...ORGANIZER_RIGHTS } : {});
    }
    const saved = await repo.updatePerson(trx, person.id, values);
    return toConsoleParticipant({ ...saved, checked_in: await repo.isCheckedIn(trx, saved.id) });
  });
}

/** POST …/participants/bulk: one transaction; the caller's own record is never removed. */
export async function bulkAction(
  deps: InvitationDeps,
  userId: number,
  eventId: number,
  input: z.output<typeof peopleBulkRequest>,
): Promise<{ affected: number }> {
  const { ctx } = deps;
  const { me, event } = await requireConsole(ctx.db, eventId, userId, 'people');
  const ids = [...new Set(input.ids)];
  return ctx.db.transaction().execute(async (trx) => {
    if (input.action === 'setType') await checkTypeAndCategories(trx, eventId, [input.typeId as number], []);
    const people = (await repo.findPeople(trx, eventId, ids)).filter((p) => p.state !== 'deleted');
    if (input.action === 'setType') {
      const affected = people.length
        ? await repo.updatePeople(
            trx,
            eventId,
            people.map((p) => p.id),
            { type_id: input.typeId, updated_at: ctx.now() },
          )
        : 0;
      return { affected };
    }
    if (input.action === 'remove') {
      // Owners stay: removing one is an ownership change, not a list clean-up.
      const removable = people.filter((p) => p.id !== me.id && p.organizer_role !== 'owner');
      const affected = removable.length
        ? await repo.updatePeople(
            trx,
            eventId,
            removable.map((p) => p.id),
            { state: 'deleted', invite_token_hash: null, updated_at: ctx.now() },
          )
        : 0;
      // Their sockets still sit in the event's rooms: ended once this commits (realtime processor).
      const userIds = removable.flatMap((p) => (p.user_id === null ? [] : [p.user_id]));
      if (userIds.length > 0) await deps.bus.emit({ type: 'participants.removed', eventId, userIds }, trx);
      return { affected };
    }
    const invited = people.filter((p) => p.state === 'invited');
    const info = {
      id: event.id,
      name: event.name,
      domain: event.domain,
      event_type: event.event_type,
      is_finished: event.is_finished,
      real_edt: event.real_edt,
    };
    const mails: OutgoingMessage[] = [];
    // The people's rows are held (findPeople): a resend at once finds the link this one issues.
    for (const person of invited) {
      const mail = await issueInvitation(trx, ctx, info, person);
      if (mail) mails.push(mail);
    }
    if (mails.length > 0) await deps.bus.emit({ type: 'messages.send', eventId, messages: mails }, trx);
    return { affected: mails.length };
  });
}
