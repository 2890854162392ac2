import type { AttendeeCard, ParticipantProfile, ParticipantTag, Recommendation } from '@foyer/contract';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readRunningAgain } from '../../../lib/use-realtime';
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
 * Writes someone's new tags into every cached list and profile of the event (E7.76); a list or
 * profile being read meanwhile is read again, since its answer may come from before the change.
 */
export function patchTags(queryClient: QueryClient, eventId: number, change: TagChange): void {
  queryClient.setQueriesData<InfiniteData<ParticipantPage, string | null>>(
    { queryKey: participantSearchKey(eventId) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, cards: page.cards.map((c) => withTags(c, change)) })),
      },
  );
  queryClient.setQueryData<Recommendation[]>(recommendationsKey(eventId), (list) =>
    list?.map((r) => ({ ...r, participant: withTags(r.participant, change) })),
  );
  queryClient.setQueryData<ParticipantProfile>(
    participantKey(eventId, change.participantId),
    (profile) => profile && { ...profile, tags: change.tags },
  );
  for (const key of taggedAnswerKeys(eventId)) readRunningAgain(queryClient, key);
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
