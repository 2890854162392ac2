import type { ConsoleParticipant } from '@foyer/contract';
import type { PeopleListRow } from './people.repository';

/** A participant as the console's people table shows it. */
export function toConsoleParticipant(row: PeopleListRow): ConsoleParticipant {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    company: row.company,
    jobTitle: row.job_title,
    phone: row.phone,
    typeId: row.type_id,
    categoryIds: row.category_ids ?? [],
    state: row.state,
    organizerRole: row.organizer ? (row.organizer_role === 'owner' ? 'owner' : 'admin') : null,
    checkInAdmin: row.check_in_admin,
    present: row.present,
    checkedIn: row.checked_in,
    invitedAt: row.invited_at ? new Date(row.invited_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const HEADER = [
  'id',
  'name',
  'surname',
  'email',
  'company',
  'jobTitle',
  'phone',
  'type',
  'state',
  'organizer',
  'checkInAdmin',
  'checkedIn',
  'createdAt',
];

/** A cell a spreadsheet would run as a formula gets a leading quote (CSV injection). */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function peopleCsvRows(rows: ConsoleParticipant[], typeNames: Map<number, string>): string[][] {
  const body = rows.map((p) => [
    String(p.id),
    p.name,
    p.surname,
    p.email,
    p.company,
    p.jobTitle,
    p.phone,
    p.typeId === null ? '' : (typeNames.get(p.typeId) ?? ''),
    p.state,
    p.organizerRole ?? '',
    p.checkInAdmin ? 'yes' : 'no',
    p.checkedIn ? 'yes' : 'no',
    p.createdAt,
  ]);
  return [HEADER, ...body].map((row) => row.map(safeCell));
}
