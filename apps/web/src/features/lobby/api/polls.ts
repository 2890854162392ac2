import type { Poll, PollAction, PollFormValues } from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sortPolls } from '../lib/feed-cache';
import { lobbyKeys } from './keys';

/** GET event/poll (E2.48): what the caller may see (moderators also drafts), open ones first. */
export function usePolls(eventId: number) {
  return useQuery({
    queryKey: lobbyKeys.polls(eventId),
    queryFn: () => api<Poll[]>('/event/poll', { query: { eventId } }),
    select: sortPolls,
  });
}

function useReplacePoll(eventId: number) {
  const queryClient = useQueryClient();
  return (poll: Poll) =>
    queryClient.setQueryData<Poll[]>(lobbyKeys.polls(eventId), (polls) =>
      polls?.some((p) => p.id === poll.id)
        ? polls.map((p) => (p.id === poll.id ? poll : p))
        : [poll, ...(polls ?? [])],
    );
}

export interface SavePollInput extends PollFormValues {
  id?: number;
  /** ISO date-time to publish at; null = keep as a draft. */
  postAt?: string | null;
}

/** POST event/poll: create (E7.45) or edit with id (E7.46). */
export function useSavePoll(eventId: number) {
  const replace = useReplacePoll(eventId);
  return useMutation({
    mutationFn: (input: SavePollInput) =>
      api<Poll>('/event/poll', {
        method: 'POST',
        body: {
          eventId,
          ...input,
          answers: input.answers.map((a) => (a.id === undefined ? { text: a.text } : a)),
        },
      }),
    onSuccess: replace,
  });
}

/** POST event/poll with action (E7.49, E4.58–E4.61). */
export function usePollAction(eventId: number) {
  const replace = useReplacePoll(eventId);
  return useMutation({
    mutationFn: (input: { id: number; action: PollAction; publishResults?: boolean }) =>
      api<Poll>('/event/poll', { method: 'POST', body: { eventId, ...input } }),
    onSuccess: replace,
  });
}

/** DELETE event/poll (E7.47). */
export function useDeletePoll(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ id: number }>('/event/poll', { method: 'DELETE', query: { id, eventId } }),
    onSuccess: (_, id) =>
      queryClient.setQueryData<Poll[]>(lobbyKeys.polls(eventId), (polls) =>
        polls?.filter((p) => p.id !== id),
      ),
  });
}

/** POST event/poll/submit (E7.48, E1.09). */
export function useVote(eventId: number) {
  const replace = useReplacePoll(eventId);
  return useMutation({
    mutationFn: (input: { id: number; answers: number[] }) =>
      api<Poll>('/event/poll/submit', { method: 'POST', body: { eventId, ...input } }),
    onSuccess: replace,
  });
}
