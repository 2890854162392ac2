import type { BoothDetails, ParticipantProfile, SessionDetail, SpeakerDetail } from '@foyer/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The things a modal route shows (A2.23–A2.26), by their URL segment. */
export const ENTITY_KINDS = ['speakers', 'sessions', 'expo', 'attendees'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export const isEntityKind = (value: string | undefined): value is EntityKind =>
  (ENTITY_KINDS as readonly string[]).includes(value ?? '');

/** What the detail header needs, whatever the kind. */
export interface EntitySummary {
  title: string;
  subtitle: string;
  photo: string | null;
  text: string;
}

const clean = (parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

async function load(kind: EntityKind, eventId: number, id: number): Promise<EntitySummary> {
  switch (kind) {
    case 'speakers': {
      const s = await api<SpeakerDetail>(`/event/${eventId}/speakers/${id}`);
      return {
        title: `${s.name} ${s.surname}`.trim(),
        subtitle: clean([s.jobTitle, s.company]),
        photo: s.profilePhoto,
        text: s.biography,
      };
    }
    case 'sessions': {
      const s = await api<SessionDetail>(`/event/${eventId}/sessions/${id}`);
      return {
        title: s.name,
        subtitle: clean([s.track?.name, s.location?.name]),
        photo: null,
        text: s.description ?? '',
      };
    }
    case 'expo': {
      const b = await api<BoothDetails>(`/event/booth/${id}`, { query: { eventId } });
      return { title: b.boothName, subtitle: b.boothType, photo: b.images.logo, text: b.description };
    }
    case 'attendees': {
      const p = await api<ParticipantProfile>(`/event/participant/${id}`, { query: { eventId } });
      return {
        title: p.fullName,
        subtitle: clean([p.jobTitle, p.company]),
        photo: p.profilePhoto,
        text: p.biography,
      };
    }
  }
}

export function useEntity(kind: EntityKind, eventId: number, id: number) {
  return useQuery({
    queryKey: ['event-entity', kind, eventId, id],
    queryFn: () => load(kind, eventId, id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    staleTime: 60_000,
  });
}
