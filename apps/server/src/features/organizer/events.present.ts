import {
  type ConsoleEvent,
  type ConsoleEventDetails,
  isEventFinished,
  type OrganizerRole,
  toVenueMap,
} from '@foyer/contract';
import type { EventRow } from '../../db/schema';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toConsoleEvent(
  event: EventRow,
  role: OrganizerRole,
  participantCount: number,
  now: Date,
): ConsoleEvent {
  return {
    id: event.id,
    name: event.name,
    eventType: event.event_type,
    timezone: event.timezone,
    domain: event.domain,
    realSdt: iso(event.real_sdt),
    realEdt: iso(event.real_edt),
    archived: event.archived_at !== null,
    isFinished: isEventFinished({ isFinished: event.is_finished, realEdt: event.real_edt }, now),
    participantCount,
    role,
  };
}

export function toConsoleEventDetails(
  event: EventRow,
  role: OrganizerRole,
  participantCount: number,
  now: Date,
  words: Record<string, Record<string, string>>,
): ConsoleEventDetails {
  return {
    ...toConsoleEvent(event, role, participantCount, now),
    description: event.description,
    defaultLanguage: event.default_language,
    languages: event.languages,
    publicEvent: event.public_event,
    registrationOpen: event.registration_open,
    useTicketIdForSignup: event.use_ticket_id_for_signup,
    meetingsEnabled: event.meetings_enabled,
    restricted: event.restricted,
    registrationForm: event.registration_form,
    colors: event.colors,
    images: event.images,
    tabs: event.tabs,
    indexPagePath: event.index_page_path,
    pages: event.pages,
    translation: event.translation,
    words,
    // A2.71: the console knows the rooms; it names them itself.
    venueMap: toVenueMap(event.venue_map, null),
  };
}
