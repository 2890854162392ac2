import { api, apiRegisterVerified, uniqueEmail } from './flows';

/** A fresh attendee of the event, so agenda changes of one test do not show up in another. */
export async function registerAgendaAttendee(
  eventId: number,
  name: string,
): Promise<{ email: string; password: string; token: string; participantId: number }> {
  const email = uniqueEmail('agenda');
  const password = 'Agenda-pass-1';
  const token = await apiRegisterVerified({
    eventId,
    name,
    surname: 'Planner',
    email,
    password,

    fields: { industry: 'Health' },
  });
  const me = await api<{ id: number }>(`/event/participant/me?eventId=${eventId}`, { token });
  return { email, password, token, participantId: me.id };
}

export interface AgendaItemLike {
  type: string;
  id: number;
  name: string;
  isOffTime: boolean;
}

export async function agendaOf(token: string, eventId: number): Promise<AgendaItemLike[]> {
  return (await api<{ items: AgendaItemLike[] }>(`/event/agenda?eventId=${eventId}`, { token })).items;
}
