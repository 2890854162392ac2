import type { ParticipantProfile, UpdateEventProfileRequest, WizardState } from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { participantSearchKey } from './search-participants';

export const wizardKey = (eventId: number) => ['attendees', 'wizard', eventId] as const;

/** GET /event/participant/wizard: my event profile, its steps and points (E2.74, E9.46). */
export function useWizard(eventId: number) {
  return useQuery({
    queryKey: wizardKey(eventId),
    queryFn: ({ signal }) => api<WizardState>('/event/participant/wizard', { query: { eventId }, signal }),
    retry: false,
  });
}

/** PUT /event/participant (E7.28): saves part of my event profile. */
export function useUpdateEventProfile(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEventProfileRequest) =>
      api<ParticipantProfile>('/event/participant', { method: 'PUT', body }),
    onSuccess: async (_data, body) => {
      await queryClient.invalidateQueries({ queryKey: wizardKey(eventId) });
      // The event's `me` says whether the profile was filled (A4.43): fresh before the wizard moves on.
      if (body.finished) await queryClient.invalidateQueries({ queryKey: ['event', eventId] });
      void queryClient.invalidateQueries({ queryKey: participantSearchKey(eventId) });
      void queryClient.invalidateQueries({ queryKey: ['attendees', 'recommendations', eventId] });
    },
  });
}
