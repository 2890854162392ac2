import {
  DEFAULT_ALLOWED_TABS,
  type DiscoverEvent,
  type DomainDetails,
  type EventCategory,
  type EventDetails,
  type EventImages,
  type EventMe,
  type EventSummary,
  fullDateStrInEventTime,
  isEventFinished,
  isProfileComplete,
  isRegistrationOpen,
  type ParticipantType,
  type PublicEvent,
  profilePoints,
  toEventImages,
  toVenueMap,
} from '@foyer/contract';
import type { EventRow, ParticipantRow } from '../../db/schema';

/** Rows to the contract's shapes: the API never sends a database row as is. */

const iso = (value: Date | string) => new Date(value).toISOString();

const images = (raw: Record<string, string | null>): EventImages => toEventImages(raw);

export function toMe(participant: ParticipantRow): EventMe {
  return {
    id: participant.id,
    typeId: participant.type_id,
    boothId: participant.booth_id,
    organizer: participant.organizer,
    organizerRole: participant.organizer_role,
    profilePhoto: participant.profile_photo,
    checkInAdmin: participant.check_in_admin,
    rights: participant.rights ?? {},
    profileFilled: participant.profile_filled_at != null,
    profileComplete: isProfileComplete(pointsOf(participant)),
  };
}

/** E9.46's points of a stored profile (what the wizard shows as "n of 5"). */
function pointsOf(p: ParticipantRow): number {
  const texts = p.fields?.categoryValues;
  const answered =
    texts && typeof texts === 'object'
      ? Object.values(texts as Record<string, unknown>).filter(
          (v) => typeof v === 'string' && v.trim() !== '',
        ).length
      : 0;
  return profilePoints({
    profilePhoto: p.profile_photo,
    jobTitle: p.job_title,
    company: p.company,
    offer: p.offer,
    seek: p.seek,
    biography: p.biography,
    typeId: p.type_id,
    categoryCount: (p.category_ids?.length ?? 0) + answered,
  });
}

export function toSummary(event: EventRow, participant: ParticipantRow | null, now: Date): EventSummary {
  return {
    id: event.id,
    name: event.name,
    description: event.description,
    eventType: event.event_type,
    defaultLanguage: event.default_language,
    timezone: event.timezone,
    domain: event.domain,
    startDate: iso(event.start_date),
    realSdt: iso(event.real_sdt),
    realEdt: iso(event.real_edt),
    updatedAt: iso(event.updated_at),
    fullDateStrInEventTime: fullDateStrInEventTime({
      realSdt: iso(event.real_sdt),
      realEdt: iso(event.real_edt),
      timezone: event.timezone,
    }),
    isFinished: isEventFinished({ isFinished: event.is_finished, realEdt: event.real_edt }, now),
    images: images(event.images),
    colors: event.colors,
    me: participant ? toMe(participant) : null,
  };
}

export function toDetails(
  event: EventRow,
  participant: ParticipantRow | null,
  now: Date,
  structure: {
    categories: {
      id: number;
      name: string;
      parent_id: number | null;
      kind: 'participant' | 'booth';
      type: 'select' | 'text';
    }[];
    participantTypes: {
      id: number;
      name: string;
      priority: number;
      max_meeting_count: number | null;
      disable_guest: boolean;
      texts: Partial<Record<string, string>>;
    }[];
    /** A2.71: names of the rooms the venue map's pins point to. */
    roomNames?: ReadonlyMap<number, string>;
  },
): EventDetails {
  const category = (c: (typeof structure.categories)[number]): EventCategory => ({
    id: c.id,
    name: c.name,
    parentId: c.parent_id,
    type: c.type,
  });
  const participantTypes: ParticipantType[] = structure.participantTypes.map((t) => ({
    id: t.id,
    name: t.name,
    priority: t.priority,
    maxMeetingCount: t.max_meeting_count,
    disableGuest: t.disable_guest,
    texts: Object.fromEntries(
      Object.entries(t.texts ?? {}).filter(
        (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
      ),
    ),
  }));
  return {
    ...toSummary(event, participant, now),
    pages: { login: event.pages.login ?? null },
    categories: structure.categories.filter((c) => c.kind === 'participant').map(category),
    categoriesForBooth: structure.categories.filter((c) => c.kind === 'booth').map(category),
    participantTypes,
    // A2.71: an event that names no tabs gets the default set.
    tabs: event.tabs.length > 0 ? event.tabs : [...DEFAULT_ALLOWED_TABS],
    limitTabs: event.limit_tabs,
    tabsConfig: event.tabs_config,
    indexPagePath: event.index_page_path,
    translation: event.translation,
    // A7.28: the app asks for messagesForEvent/{id}.json only in these languages.
    ownWords: event.own_words,
    meetingsEnabled: event.meetings_enabled,
    venueMap: toVenueMap(event.venue_map, structure.roomNames ?? new Map()),
  };
}

export function registrationOpen(event: EventRow, now: Date): boolean {
  return isRegistrationOpen(
    { registrationOpen: event.registration_open, isFinished: event.is_finished, realEdt: event.real_edt },
    now,
  );
}

export function toPublicEvent(event: EventRow, now: Date): PublicEvent {
  return {
    id: event.id,
    name: event.name,
    description: event.description,
    eventType: event.event_type,
    images: images(event.images),
    colors: event.colors,
    pages: { login: event.pages.login ?? null },
    realSdt: iso(event.real_sdt),
    realEdt: iso(event.real_edt),
    timezone: event.timezone,
    defaultLanguage: event.default_language,
    registrationOpen: registrationOpen(event, now),
    registrationForm: event.registration_form,
    ownWords: event.own_words,
  };
}

export function toDomainDetails(event: EventRow): DomainDetails {
  return {
    id: event.id,
    publicEvent: event.public_event,
    indexPagePath: event.index_page_path,
    useTicketIdForSignup: event.use_ticket_id_for_signup,
  };
}

export function toDiscoverEvent(event: EventRow, joined: boolean, now: Date): DiscoverEvent {
  return {
    id: event.id,
    name: event.name,
    eventType: event.event_type,
    domain: event.domain,
    realSdt: iso(event.real_sdt),
    realEdt: iso(event.real_edt),
    timezone: event.timezone,
    logo: event.images.logo ?? null,
    banner: event.images.banner ?? null,
    colors: event.colors,
    registrationOpen: registrationOpen(event, now),
    joined,
  };
}
