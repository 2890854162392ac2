import {
  apiKeyParams,
  createApiKeyRequest,
  createWebhookRequest,
  integrationEventParams,
  integrationPageQuery,
  integrationsParams,
  updateWebhookRequest,
  webhookParams,
} from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireApiKey } from '../../http/api-key';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import {
  createApiKey,
  createWebhook,
  deleteWebhook,
  integrationParticipants,
  integrationSessions,
  listApiKeys,
  listDeliveries,
  listWebhooks,
  revokeApiKey,
  sendTest,
  updateWebhook,
} from './integrations.service';
import { sendDueDeliveries } from './webhooks.delivery';

const base = '/organizer/event/:eventId/integrations';
/** How often the delivery job looks for due webhook deliveries. */
const DELIVER_EVERY_MS = 5_000;

/**
 * The console's integrations area (issue 12, part 8; docs/decisions/017): API keys and webhooks
 * (owner only), the integration API those keys open, and the job that sends webhook deliveries.
 */
export const integrationsRoutes: FastifyPluginAsync = async (app) => {
  app.scheduler.every('webhook-deliveries', DELIVER_EVERY_MS, () => sendDueDeliveries(app.ctx));

  app.get(`${base}/keys`, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(integrationsParams, request.params);
    return { success: true, data: await listApiKeys(app.ctx, userId, eventId) };
  });

  app.post(`${base}/keys`, { config: perMinute(20) }, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(integrationsParams, request.params);
    const input = parse(createApiKeyRequest, request.body);
    return { success: true, data: await createApiKey(app.ctx, userId, eventId, input) };
  });

  app.post(`${base}/keys/:keyId/revoke`, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, keyId } = parse(apiKeyParams, request.params);
    return { success: true, data: await revokeApiKey(app.ctx, userId, eventId, keyId) };
  });

  app.get(`${base}/webhooks`, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(integrationsParams, request.params);
    return { success: true, data: await listWebhooks(app.ctx, userId, eventId) };
  });

  app.post(`${base}/webhooks`, { config: perMinute(20) }, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(integrationsParams, request.params);
    const input = parse(createWebhookRequest, request.body);
    return { success: true, data: await createWebhook(app.ctx, userId, eventId, input) };
  });

  app.put(`${base}/webhooks/:webhookId`, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, webhookId } = parse(webhookParams, request.params);
    const input = parse(updateWebhookRequest, request.body);
    return { success: true, data: await updateWebhook(app.ctx, userId, eventId, webhookId, input) };
  });

  app.delete(`${base}/webhooks/:webhookId`, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, webhookId } = parse(webhookParams, request.params);
    return { success: true, data: await deleteWebhook(app.ctx, userId, eventId, webhookId) };
  });

  app.get(`${base}/webhooks/:webhookId/deliveries`, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, webhookId } = parse(webhookParams, request.params);
    return { success: true, data: await listDeliveries(app.ctx, userId, eventId, webhookId) };
  });

  app.post(`${base}/webhooks/:webhookId/test`, { config: perMinute(10) }, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, webhookId } = parse(webhookParams, request.params);
    return { success: true, data: await sendTest(app.ctx, userId, eventId, webhookId) };
  });

  // The integration API: an event's API key, not a user's token.
  app.get('/integration/event/:eventId/participants', { config: perMinute(120) }, async (request) => {
    const { eventId } = parse(integrationEventParams, request.params);
    await requireApiKey(request, eventId, 'participants:read');
    const query = parse(integrationPageQuery, request.query);
    return { success: true, data: await integrationParticipants(app.ctx, eventId, query) };
  });

  app.get('/integration/event/:eventId/sessions', { config: perMinute(120) }, async (request) => {
    const { eventId } = parse(integrationEventParams, request.params);
    await requireApiKey(request, eventId, 'sessions:read');
    const query = parse(integrationPageQuery, request.query);
    return { success: true, data: await integrationSessions(app.ctx, eventId, query) };
  });
};
