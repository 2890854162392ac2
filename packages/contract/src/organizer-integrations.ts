import { z } from 'zod';
import { idSchema, intSchema, requiredText } from './common';

/**
 * The organizer console's integrations area (issue 12, part 8): per-event API keys for the public
 * integration API, and webhooks signed with HMAC. Owner only (`canUseConsoleArea`). Decision
 * record: docs/decisions/017-integrations.md.
 */

/** What an API key may do; each scope opens the integration routes that name it. */
export const apiKeyScopes = ['participants:read', 'sessions:read'] as const;
export const apiKeyScopeSchema = z.enum(apiKeyScopes, { error: 'validation.error.option' });
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** An API key is `foyer_` and 43 base64url characters (32 random bytes); shown once. */
export const API_KEY_PREFIX = 'foyer_';

/** What a webhook may subscribe to. */
export const webhookEventTypes = [
  'participant.registered',
  'participant.checked_in',
  'meeting.confirmed',
  'contact.collected',
] as const;
export const webhookEventTypeSchema = z.enum(webhookEventTypes, { error: 'validation.error.option' });
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
/** What a delivery carries: a subscribed event, or the console's "send test". */
export type WebhookDeliveryEvent = WebhookEventType | 'ping';

export const webhookDeliveryStatuses = ['pending', 'failed', 'delivered', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/**
 * A receiver's address: http or https, a host, no user name or password in it. Loopback and
 * private addresses are allowed (an owner may run the receiver next to Foyer).
 */
export function isWebhookUrl(value: string): boolean {
  // No spaces or control characters, which URL parsing would quietly drop or encode.
  if (/\s/.test(value) || [...value].some((char) => char.charCodeAt(0) < 32)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}

export const webhookUrlSchema = z
  .string({ error: 'validation.error.required' })
  .trim()
  .min(1, 'validation.error.required')
  .max(2000, 'validation.error.maxLength')
  .refine(isWebhookUrl, 'organizer.integrations.error.url');

/** A list without repeats, at least one entry (`message` when empty). */
const choices = <T extends z.ZodType<string>>(item: T, message: string) =>
  z
    .array(item, { error: message })
    .min(1, message)
    .max(20, message)
    .transform((values) => [...new Set(values)] as z.output<T>[]);

export const integrationsParams = z.strictObject({ eventId: idSchema });
export const apiKeyParams = z.strictObject({ eventId: idSchema, keyId: idSchema });
export const webhookParams = z.strictObject({ eventId: idSchema, webhookId: idSchema });

/** POST …/integrations/keys */
export const createApiKeyRequest = z.strictObject({
  name: requiredText(100),
  scopes: choices(apiKeyScopeSchema, 'organizer.integrations.error.scopes'),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequest>;

/** A key as lists show it: never its secret, which only its creation answers. */
export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The first characters after `foyer_`, to recognise the key. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The creation's answer: the key and, this once, its secret. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** POST …/integrations/webhooks */
export const createWebhookRequest = z.strictObject({
  url: webhookUrlSchema,
  events: choices(webhookEventTypeSchema, 'organizer.integrations.error.events'),
  active: z.boolean().default(true),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequest>;

/** PUT …/integrations/webhooks/:webhookId: what is sent changes; `rotateSecret` makes a new secret. */
export const updateWebhookRequest = z.strictObject({
  url: webhookUrlSchema.optional(),
  events: choices(webhookEventTypeSchema, 'organizer.integrations.error.events').optional(),
  active: z.boolean().optional(),
  rotateSecret: z.boolean().optional(),
});
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequest>;

export const webhookSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** Create and update answer the webhook, and its signing secret when it was just made (else null). */
export const webhookWithSecretSchema = z.object({ webhook: webhookSchema, secret: z.string().nullable() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** One try at delivering. */
export const webhookAttemptSchema = z.object({
  at: z.string(),
  statusCode: z.number().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
});

/** One delivery in the log, newest first. */
export const webhookDeliverySchema = z.object({
  id: z.number(),
  event: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

// ---------------------------------------------------------------- the integration API (API keys)

export const integrationEventParams = z.strictObject({ eventId: idSchema });

/** Pages by id: `after` is the last id of the previous page. */
export const integrationPageQuery = z.strictObject({
  after: idSchema.optional(),
  limit: intSchema(1, 200).default(50),
});

export const integrationParticipantSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  company: z.string(),
  jobTitle: z.string(),
  /** The participant type's name. */
  type: z.string().nullable(),
  state: z.string(),
  createdAt: z.string(),
});
export type IntegrationParticipant = z.infer<typeof integrationParticipantSchema>;

export const integrationParticipantPageSchema = z.object({
  items: z.array(integrationParticipantSchema),
  nextCursor: z.number().nullable(),
});

export const integrationSessionSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  sdt: z.string(),
  edt: z.string(),
  location: z.string().nullable(),
  track: z.string().nullable(),
  capacity: z.number().nullable(),
  hidden: z.boolean(),
});
export type IntegrationSession = z.infer<typeof integrationSessionSchema>;

export const integrationSessionPageSchema = z.object({
  items: z.array(integrationSessionSchema),
  nextCursor: z.number().nullable(),
});
