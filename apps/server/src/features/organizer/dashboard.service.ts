import type { Dashboard, DashboardFigure } from '@foyer/contract';
import { DateTime } from 'luxon';
import Papa from 'papaparse';
import type { AppContext } from '../../context';
import * as repo from './dashboard.repository';
import { requireConsole } from './organizer.access';

/** The console's dashboard (issue 12, part 7): organizers (owner, admin) only, archived events too. */
export async function getDashboard(ctx: AppContext, userId: number, eventId: number): Promise<Dashboard> {
  const { event } = await requireConsole(ctx.db, eventId, userId, 'dashboard');
  return buildDashboard(ctx, eventId, event.timezone);
}

async function buildDashboard(ctx: AppContext, eventId: number, zone: string): Promise<Dashboard> {
  const now = ctx.now();
  const [counts, byType, byDay, meetings, sessions, areas, people, byHour, booths, polls] = await Promise.all(
    [
      repo.participantCounts(ctx.db, eventId, zone, now),
      repo.participantsByType(ctx.db, eventId),
      repo.registrationsByDay(ctx.db, eventId, zone),
      repo.meetingCounts(ctx.db, eventId, now),
      repo.sessionFill(ctx.db, eventId),
      repo.checkinAreas(ctx.db, eventId),
      repo.checkinPeople(ctx.db, eventId),
      repo.checkinsByHour(ctx.db, eventId, zone),
      repo.boothVisits(ctx.db, eventId),
      repo.pollCounts(ctx.db, eventId),
    ],
  );
  return {
    generatedAt: now.toISOString(),
    timezone: zone,
    participants: { total: counts.total, active: counts.active, invited: counts.invited, byType },
    registrationsByDay: byDay,
    activeToday: counts.activeToday,
    meetings,
    sessions: sessions.map((s) => ({ ...s, sdt: new Date(s.sdt).toISOString() })),
    checkins: { inside: people.inside, total: people.total, areas, byHour },
    boothVisits: booths,
    polls: {
      polls: polls.byPoll.length,
      votes: polls.byPoll.reduce((sum, poll) => sum + poll.votes, 0),
      voters: polls.voters,
      byPoll: polls.byPoll,
    },
  };
}

/** A cell that a spreadsheet would run as a formula starts with one of these; it gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Quoted besides what RFC 4180 asks: Excel splits a CSV on the locale's list separator (";" in tr,
 * ru, es) and may on tabs, so an unquoted "Acme;=1+2" would start a cell with a formula.
 */
const SEPARATOR_ELSEWHERE = /[;\t]/;

/** RFC 4180 CSV with a header row; formula-like text cells are defused (CWE-1236). */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  return Papa.unparse(
    { fields: header, data: rows },
    {
      escapeFormulae: FORMULA_START,
      newline: '\r\n',
      quotes: (value: unknown) => typeof value === 'string' && SEPARATOR_ELSEWHERE.test(value),
    },
  );
}

export interface DashboardExport {
  filename: string;
  csv: string;
}

/** GET /organizer/event/:eventId/dashboard/export?figure=…: one figure as a CSV file. */
export async function exportDashboardFigure(
  ctx: AppContext,
  userId: number,
  eventId: number,
  figure: DashboardFigure,
): Promise<DashboardExport> {
  const { event } = await requireConsole(ctx.db, eventId, userId, 'dashboard');
  const zone = event.timezone;
  const data = await buildDashboard(ctx, eventId, zone);
  return { filename: `event-${eventId}-${figure}.csv`, csv: figureCsv(data, figure, zone) };
}

const localTime = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toFormat('yyyy-LL-dd HH:mm');

export function figureCsv(data: Dashboard, figure: DashboardFigure, zone: string): string {
  switch (figure) {
    case 'registrationsByDay':
      return toCsv(
        ['day', 'registrations'],
        data.registrationsByDay.map((r) => [r.day, r.count]),
      );
    case 'participantsByType':
      return toCsv(
        ['type', 'participants'],
        data.participants.byType.map((r) => [r.name || '(none)', r.count]),
      );
    case 'meetings':
      return toCsv(
        ['figure', 'count'],
        [
          ['requested', data.meetings.requested],
          ['accepted', data.meetings.accepted],
          ['held', data.meetings.held],
        ],
      );
    case 'sessions':
      return toCsv(
        ['session', 'starts', 'capacity', 'joined'],
        data.sessions.map((s) => [s.name, localTime(s.sdt, zone), s.capacity ?? '', s.joined]),
      );
    case 'checkinsByHour': {
      const names = new Map(data.checkins.areas.map((a) => [a.id, areaName(a)]));
      return toCsv(
        ['hour', 'area', 'check-ins'],
        data.checkins.byHour.map((r) => [r.hour, names.get(r.areaId) ?? '', r.count]),
      );
    }
    case 'boothVisits':
      return toCsv(
        ['booth', 'contacts', 'meetings'],
        data.boothVisits.map((b) => [b.name, b.contacts, b.meetings]),
      );
    case 'polls':
      return toCsv(
        ['poll', 'status', 'votes'],
        data.polls.byPoll.map((p) => [p.question, p.status, p.votes]),
      );
  }
}

function areaName(area: Dashboard['checkins']['areas'][number]): string {
  return area.kind === 'event' ? 'Whole event' : area.name;
}
