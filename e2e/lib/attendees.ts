import { api, apiRegisterAttendee } from './flows';

/** A fresh attendee of the event (so favourites and the wizard do not clash between tests). */
export function registerAttendee(eventId: number, name: string, surname: string) {
  return apiRegisterAttendee(eventId, { tag: 'attendees', name, surname });
}

interface SearchAnswer {
  props: string[];
  results: unknown[][];
}

/** Cards of a search2 answer, as objects (E7.33). */
export async function searchCards(
  token: string,
  body: Record<string, unknown>,
): Promise<{ id: number; fullName: string; tags: string[]; canInvite: boolean }[]> {
  const answer = await api<SearchAnswer>('/event/participant/search2', { token, body });
  return answer.results.map(
    (row) =>
      Object.fromEntries(answer.props.map((p, i) => [p, row[i]])) as {
        id: number;
        fullName: string;
        tags: string[];
        canInvite: boolean;
      },
  );
}
