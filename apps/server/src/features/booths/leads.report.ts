import {
  type BoothReportPart,
  CONTACT_NOTE_SEPARATOR,
  csvField,
  defuseFormula,
  type Lead,
} from '@foyer/contract';
import type { AppContext } from '../../context';
import * as repo from './leads.repository';
import { presentLeads, requireTeam } from './leads.service';

/**
 * The booth report (E9.53's naming: booth_leads.csv, booth_visitors.csv, booth_meetings.csv, and
 * booth_report.xlsx with one sheet each), for the booth's team only. Notes are separated by a line
 * of equals signs (E9.54), as in scanned_contacts.csv.
 */

type Cell = string | number;
interface Table {
  name: string;
  header: string[];
  rows: Cell[][];
}

const iso = (d: Date | string) => new Date(d).toISOString();
const LEADS_MAX = 10_000;

function leadsTable(leads: readonly Lead[], questions: readonly repo.QuestionRow[]): Table {
  return {
    name: 'Leads',
    header: [
      'First name',
      'Last name',
      'E-mails',
      'Phones',
      'Company',
      'Job title',
      'Website',
      'Rating',
      ...questions.map((q) => q.label),
      'Scanned by',
      'Added',
      'Notes',
    ],
    rows: leads.map((l) => [
      l.firstName,
      l.lastName,
      l.emails.join('; '),
      l.phones.join('; '),
      l.company,
      l.jobTitle,
      l.website,
      l.rating ?? '',
      ...questions.map((q) => l.answers[String(q.id)] ?? ''),
      l.scannedBy,
      l.createdAt,
      l.notes.map((n) => n.note).join(`\n${CONTACT_NOTE_SEPARATOR}\n`),
    ]),
  };
}

type Visitors = Awaited<ReturnType<typeof repo.visitorsOf>>;

function visitorsTable(visitors: Visitors): Table {
  return {
    name: 'Visitors',
    header: [
      'First name',
      'Last name',
      'Company',
      'Job title',
      'Visits',
      'First visit',
      'Last visit',
      'Lead',
    ],
    rows: visitors.map((v) => [
      v.name,
      v.surname,
      v.company,
      v.job_title,
      v.visits,
      iso(v.first_at),
      iso(v.last_at),
      v.is_lead ? 'yes' : 'no',
    ]),
  };
}

type Meetings = Awaited<ReturnType<typeof repo.meetingsOfTeam>>;

function meetingsTable({ meetings, people }: Meetings, boothId: number): Table {
  const isTeam = (p: Meetings['people'][number]) =>
    p.booth_id === boothId && p.booth_role !== null && p.booth_role !== 'not_confirmed';
  const names = (list: Meetings['people']) =>
    list.map((p) => `${p.name} ${p.surname}`.trim() + (p.company ? ` (${p.company})` : '')).join('; ');
  return {
    name: 'Meetings',
    header: ['Start', 'End', 'Kind', 'Status', 'Team', 'With'],
    rows: meetings.map((m) => {
      const here = people.filter((p) => p.meeting_id === m.id);
      return [
        iso(m.sdt),
        iso(m.edt),
        m.kind,
        m.status,
        names(here.filter(isTeam)),
        names(here.filter((p) => !isTeam(p))),
      ];
    }),
  };
}

function toCsv(table: Table): string {
  const lines = [table.header, ...table.rows].map((row) => row.map((c) => csvField(String(c))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

async function toXlsx(tables: readonly Table[]): Promise<Buffer> {
  // Loaded on the first spreadsheet (~25 MB of a process's memory), not at start.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Foyer';
  for (const table of tables) {
    const sheet = workbook.addWorksheet(table.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    // Cells are written as values, never as formulas; a text that looks like one is defused as in the
    // CSV: the rows, and the header too (a qualification question's label heads its column).
    sheet.addRow(table.header.map(defuseFormula)).font = { bold: true };
    for (const row of table.rows)
      sheet.addRow(row.map((c) => (typeof c === 'string' ? defuseFormula(c) : c)));
    sheet.columns.forEach((column, i) => {
      const widest = Math.max(
        table.header[i]?.length ?? 10,
        ...table.rows.slice(0, 200).map((r) => Math.min(60, String(r[i] ?? '').split('\n')[0]?.length ?? 0)),
      );
      column.width = Math.max(10, widest + 2);
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The booth's report as CSV (one part) or XLSX (all parts). */
export async function boothReport(
  ctx: AppContext,
  userId: number,
  input: { eventId: number; format: 'csv' | 'xlsx'; part: BoothReportPart },
): Promise<{ body: string | Buffer; booth: number }> {
  const { booth } = await requireTeam(ctx.db, input.eventId, userId);
  const table = async (part: BoothReportPart): Promise<Table> => {
    if (part === 'visitors') return visitorsTable(await repo.visitorsOf(ctx.db, booth.id));
    if (part === 'meetings') return meetingsTable(await repo.meetingsOfTeam(ctx.db, booth.id), booth.id);
    const questions = await repo.questionsOf(ctx.db, booth.id);
    const rows = await repo.listLeads(ctx.db, booth.id, LEADS_MAX);
    return leadsTable(await presentLeads(ctx.db, rows, questions), questions);
  };
  if (input.format === 'csv') return { body: toCsv(await table(input.part)), booth: booth.id };
  const tables = [await table('leads'), await table('visitors'), await table('meetings')];
  return { body: await toXlsx(tables), booth: booth.id };
}
