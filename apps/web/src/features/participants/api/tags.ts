import type { AttendeeCard, ParticipantProfile, ParticipantTag, Recommendation } from '@foyer/contract';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { patchAnswers } from '../../../lib/use-realtime';
import { participantKey, profilesKey } from './participant';
import { recommendationsKey } from './recommendations';
import { type ParticipantPage, participantSearchKey } from './search-participants';

export interface TagChange {
  participantId: number;
  tags: ParticipantTag[];
}

/** The event's cached answers that show people's tags: lists, recommendations, profiles. */
export const taggedAnswerKeys = (eventId: number) => [
  participantSearchKey(eventId),
  recommendationsKey(eventId),
  profilesKey(eventId),
];

const withTags = <T extends AttendeeCard>(card: T, change: TagChange): T =>
  card.id === change.participantId ? { ...card, tags: change.tags } : card;

/**
 * Writes someone's new tags into every cached list and profile of the event (E7.76), and into the
 * answer of one being read meanwhile (patchAnswers).
 */
export function patchTags(queryClient: QueryClient, eventId: number, change: TagChange): void {
  patchAnswers<InfiniteData<ParticipantPage, string | null>>(
    queryClient,
    participantSearchKey(eventId),
    (data) => ({
      ...data,
      pages: data.pages.map((page) => ({ ...page, cards: page.cards.map((c) => withTags(c, change)) })),
    }),
  );
  patchAnswers<Recommendation[]>(
    queryClient,
    recommendationsKey(eventId),
    (list) => list.map((r) => ({ ...r, participant: withTags(r.participant, change) })),
    { exact: true },
  );
  patchAnswers<ParticipantProfile>(
    queryClient,
    participantKey(eventId, change.participantId),
    (profile) => ({ ...profile, tags: change.tags }),
    { exact: true },
  );
}

/**
 * POST /event/participant/tag: favourite or ignore someone (E2.42). The cards change at once; the
 * lists are fetched again afterwards because ignored people leave them.
 */
export function useSetTag(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { participantId: number; tag: ParticipantTag; on: boolean }) =>
      api<TagChange>('/event/participant/tag', { method: 'POST', body: { eventId, ...input } }),
    onSuccess: (change, input) => {
      patchTags(queryClient, eventId, change);
      if (input.tag === 'ignored' || !input.on) {
        void queryClient.invalidateQueries({ queryKey: participantSearchKey(eventId) });
        void queryClient.invalidateQueries({ queryKey: recommendationsKey(eventId) });
      }
    },
  });
}
