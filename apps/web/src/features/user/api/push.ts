import type { PushSettings, PushTopic } from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const pushSettingsKey = ['user', 'push'] as const;

/** GET /user/push: the server's key to subscribe with and the topics muted on every device. */
export function usePushSettings() {
  return useQuery({ queryKey: pushSettingsKey, queryFn: () => api<PushSettings>('/user/push') });
}

/** PUT /user/push: mute or unmute topics (the answer replaces the cached settings). */
export function useMutePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (muted: PushTopic[]) => api<PushSettings>('/user/push', { method: 'PUT', body: { muted } }),
    onSuccess(settings) {
      queryClient.setQueryData(pushSettingsKey, settings);
    },
  });
}
