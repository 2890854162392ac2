import type { Search2Response } from '@foyer/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface PersonOption {
  id: number;
  fullName: string;
  company: string;
}

const PICKER_PAGE = 10; // E7 "page length 10 in pickers"

/** POST /event/participant/search2 for a person picker: rows aligned with props (E7.33). */
export function usePeopleSearch(eventId: number, query: string) {
  return useQuery({
    queryKey: ['meetings-people', eventId, query],
    queryFn: async () => {
      const result = await api<Search2Response>('/event/participant/search2', {
        method: 'POST',
        body: { eventId, query: query || undefined, length: PICKER_PAGE },
      });
      const col = (name: Search2Response['props'][number]) => result.props.indexOf(name);
      return result.results.map(
        (row): PersonOption => ({
          id: Number(row[col('id')]),
          fullName: String(row[col('fullName')] ?? ''),
          company: String(row[col('company')] ?? ''),
        }),
      );
    },
    staleTime: 30_000,
  });
}
