import type {
  ApiKey,
  CreateApiKeyRequest,
  CreatedApiKey,
  CreateWebhookRequest,
  UpdateWebhookRequest,
  Webhook,
  WebhookDelivery,
  WebhookWithSecret,
} from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { consoleKey } from './events';

/** The console's integrations area (issue 12, part 8): API keys and webhooks, owner only. */

const keysKey = (eventId: number) => [...consoleKey(eventId), 'integrations', 'keys'] as const;
const hooksKey = (eventId: number) => [...consoleKey(eventId), 'integrations', 'webhooks'] as const;
const deliveriesKey = (eventId: number, webhookId: number) =>
  [...hooksKey(eventId), webhookId, 'deliveries'] as const;
const base = (eventId: number) => `/organizer/event/${eventId}/integrations`;

export function useApiKeys(eventId: number) {
  return useQuery({
    queryKey: keysKey(eventId),
    queryFn: ({ signal }) => api<ApiKey[]>(`${base(eventId)}/keys`, { signal }),
  });
}

export function useCreateApiKey(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) =>
      api<CreatedApiKey>(`${base(eventId)}/keys`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey(eventId) }),
  });
}

export function useRevokeApiKey(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) => api<ApiKey>(`${base(eventId)}/keys/${keyId}/revoke`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey(eventId) }),
  });
}

export function useWebhooks(eventId: number) {
  return useQuery({
    queryKey: hooksKey(eventId),
    queryFn: ({ signal }) => api<Webhook[]>(`${base(eventId)}/webhooks`, { signal }),
  });
}

export function useCreateWebhook(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) =>
      api<WebhookWithSecret>(`${base(eventId)}/webhooks`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: hooksKey(eventId) }),
  });
}

export function useUpdateWebhook(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateWebhookRequest }) =>
      api<WebhookWithSecret>(`${base(eventId)}/webhooks/${id}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: hooksKey(eventId) }),
  });
}

export function useDeleteWebhook(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`${base(eventId)}/webhooks/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: hooksKey(eventId) }),
  });
}

/** The delivery log; refetched every 10 s while a delivery waits for an attempt. */
export function useWebhookDeliveries(eventId: number, webhookId: number | null) {
  return useQuery({
    queryKey: deliveriesKey(eventId, webhookId ?? 0),
    enabled: webhookId !== null,
    queryFn: ({ signal }) =>
      api<WebhookDelivery[]>(`${base(eventId)}/webhooks/${webhookId}/deliveries`, { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'pending' || d.status === 'failed') ? 10_000 : false,
  });
}

export function useTestWebhook(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: number) =>
      api<WebhookDelivery>(`${base(eventId)}/webhooks/${webhookId}/test`, { method: 'POST' }),
    onSuccess: (_delivery, webhookId) =>
      client.invalidateQueries({ queryKey: deliveriesKey(eventId, webhookId) }),
  });
}
