import { SEARCH_PROPS } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { cardJson, cardPartsOf, toCard } from './search.card';
import type { SearchRow } from './search.repository';

const row: SearchRow = {
  id: 7,
  name: 'Zoë "Z"',
  surname: 'O\u2028Brien\\',
  job_title: '</script>',
  company: '',
  profile_photo: null,
  booth_id: 3,
  booth_name: 'Booth, "B"',
  booth_logo: null,
  type_id: null,
  type_name: null,
  present: 'venue',
  organizer: false,
  state: 'deleted',
  search_boost: 0,
  sort_name: 'zoe',
  sort_company: '',
};

describe('a search card made as JSON once', () => {
  it('E7.33 reads back as the card’s props in SEARCH_PROPS order, with the asker’s tags and right to invite', () => {
    const parts = cardPartsOf(row);
    for (const [tags, canInvite] of [
      [[], false],
      [['fav', 'ignored'], true],
    ] as const) {
      const card = toCard(row, [...tags], canInvite);
      expect(JSON.parse(cardJson(parts, [...tags], canInvite))).toEqual(SEARCH_PROPS.map((p) => card[p]));
    }
    expect(parts.target).toMatchObject({ id: 7, booth_id: 3, type_id: null, state: 'deleted' });
  });
});
