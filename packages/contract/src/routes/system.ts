import { z } from 'zod';
import { mailboxMessageSchema, mailboxQuery } from '../mailbox';
import { clientConfigSchema, healthSchema } from '../shell';
import { defineRoutes } from './route';

/** The server itself: health, the web app's run-time configuration, the development outbox. */
export const systemRoutes = defineRoutes('system', [
  {
    id: 'health',
    method: 'GET',
    path: '/health',
    summary: 'Liveness with the database kind and the mail transport',
    auth: 'none',
    response: healthSchema,
  },
  {
    id: 'clientConfig',
    method: 'GET',
    path: '/client-config',
    summary: "The web app's run-time configuration",
    auth: 'none',
    response: clientConfigSchema,
  },
  {
    id: 'openApiDocument',
    method: 'GET',
    path: '/openapi.json',
    summary: 'This document (OpenAPI 3.1); a reference page for it is at /api/docs',
    auth: 'none',
    response: z.record(z.string(), z.unknown()).describe('An OpenAPI 3.1 document'),
    produces: 'application/json',
  },
  {
    id: 'devMailbox',
    method: 'GET',
    path: '/dev/mailbox',
    summary: 'The development outbox (only from this machine, never in production; docs/decisions/006)',
    auth: 'none',
    query: mailboxQuery,
    response: z.array(mailboxMessageSchema),
  },
]);
