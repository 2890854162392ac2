import { api, apiRegisterVerified, uniqueEmail } from './flows';

/** A fresh attendee of the event (so favourites and the wizard do not clash between tests). */
export async function registerAttendee(
  eventId: number,
  name: string,
  surname: string,
): Promise<{ email: string; password: string; token: string; participantId: number }> {
  const email = uniqueEmail('attendees');
  const password = 'Attendee-pass-1';
  const token = await apiRegisterVerified({
    eventId,
    name,
    surname,
    email,
    password,
    fields: { industry: 'Health' },
  });
  const me = await api<{ id: number }>(`/event/participant/me?eventId=${eventId}`, { token });
  return { email, password, token, participantId: me.id };
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
