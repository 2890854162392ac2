import { type AttendeeCard, SEARCH_PROPS } from '@foyer/contract';
import type { InviteTarget } from './participants.repository';
import type { SearchRow } from './search.repository';

export function toCard(row: SearchRow, tags: AttendeeCard['tags'], canInviteThem: boolean): AttendeeCard {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    fullName: `${row.name} ${row.surname}`.trim(),
    jobTitle: row.job_title,
    company: row.company,
    profilePhoto: row.profile_photo,
    boothId: row.booth_id,
    boothName: row.booth_name,
    boothLogo: row.booth_logo,
    typeId: row.type_id,
    participantType: row.type_name,
    present: row.present,
    organizer: row.organizer,
    tags,
    canInvite: canInviteThem,
    deleted: row.state === 'deleted',
  };
}

/**
 * A search2 result row as JSON but for the asker's own parts, `tags` and `canInvite` (next to each
 * other in SEARCH_PROPS): the props before them (`head`) and after (`tail`), and who the person is to
 * the invitation rule. The same for every asker: the index keeps them (EventIndex.cardParts).
 */
export interface CardParts {
  head: string;
  tail: string;
  target: InviteTarget;
}

const TAGS_AT = SEARCH_PROPS.indexOf('tags');
if (SEARCH_PROPS[TAGS_AT + 1] !== 'canInvite')
  throw new Error('search card: SEARCH_PROPS must list canInvite right after tags');

export function cardPartsOf(row: SearchRow): CardParts {
  const card = toCard(row, [], false);
  const values = SEARCH_PROPS.map((p) => JSON.stringify(card[p]));
  return {
    head: values.slice(0, TAGS_AT).join(',') + (TAGS_AT > 0 ? ',' : ''),
    tail: values
      .slice(TAGS_AT + 2)
      .map((v) => `,${v}`)
      .join(''),
    target: row,
  };
}

/** The row's JSON array, in SEARCH_PROPS order, for one asker. */
export function cardJson(parts: CardParts, tags: AttendeeCard['tags'], canInvite: boolean): string {
  return `[${parts.head}${JSON.stringify(tags)},${canInvite}${parts.tail}]`;
}
