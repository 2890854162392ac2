import { api, apiRegisterAttendee } from './flows';

/** A fresh attendee of the event, so agenda changes of one test do not show up in another. */
export function registerAgendaAttendee(eventId: number, name: string) {
  return apiRegisterAttendee(eventId, { tag: 'agenda', name, surname: 'Planner' });
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
