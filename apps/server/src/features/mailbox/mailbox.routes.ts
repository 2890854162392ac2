import { type MailboxMessage, mailboxQuery } from '@foyer/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { parse } from '../../http/validate';
import { renderMailbox } from './mailbox.html';
import { listOutbox } from './mailbox.repository';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The name in a Host header, lower-cased, without its port (an IPv6 address keeps its brackets). */
function hostName(host: string): string {
  const name = host.trim().toLowerCase();
  return name.startsWith('[') ? name.slice(0, name.indexOf(']') + 1) : (name.split(':')[0] ?? '');
}

/**
 * Whether a Host header names this machine: localhost (and *.localhost, RFC 6761), a 127.x.x.x
 * address, [::1], or PUBLIC_URL's own name.
 */
function isLocalHost(host: string | undefined, publicUrl: string): boolean {
  if (!host) return false;
  const name = hostName(host);
  if (name === 'localhost' || name.endsWith('.localhost') || name === '[::1]') return true;
  if (/^127(\.\d{1,3}){3}$/.test(name)) return true;
  try {
    return name === new URL(publicUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * docs/decisions/006: by default only a request made on this machine sees the outbox: the socket
 * peer is loopback and no proxy forwarded it (a reverse proxy on the same host connects from
 * loopback too, so any forwarding header counts as remote), and its Host names this machine: a page
 * of another site whose name was made to resolve to 127.0.0.1 (DNS rebinding) is a loopback request
 * from the developer's browser, and read the mailbox as its own origin. DEV_MAILBOX=true opens it to
 * anyone outside production; production, SMTP_URL and DEV_MAILBOX=false close it.
 */
export function mayReadMailbox(request: FastifyRequest): boolean {
  const { devMailbox: audience, publicUrl } = request.server.ctx.config;
  if (audience === 'anyone') return true;
  if (audience === 'nobody') return false;
  const headers = request.headers;
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined) return false;
  if (!isLocalHost(headers.host, publicUrl)) return false;
  return LOOPBACK.has(request.socket.remoteAddress ?? '');
}

/** Where the mailbox is not served, the routes answer 404 (not the SPA page). */
async function readMailbox(request: FastifyRequest): Promise<MailboxMessage[]> {
  const { db } = request.server.ctx;
  if (!mayReadMailbox(request)) throw AppError.notFound();
  const query = parse(mailboxQuery, request.query);
  return listOutbox(db, query);
}

const mailboxApi: FastifyPluginAsync = async (app) => {
  app.get(
    '/dev/mailbox',
    async (request): Promise<{ success: true; data: MailboxMessage[] }> => ({
      success: true,
      data: await readMailbox(request),
    }),
  );
};

/**
 * GET /dev/mailbox (HTML) and GET /api/v1/dev/mailbox (JSON). The page lives outside the API
 * prefix, so this plugin is not encapsulated (features/index.ts: its routes land on the root, prefix ignored) and
 * registers the JSON route under the prefix it was given.
 */
async function mailbox(app: FastifyInstance, options: { prefix?: string }): Promise<void> {
  app.get('/dev/mailbox', async (request, reply) => {
    const messages = await readMailbox(request);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderMailbox(messages));
  });
  await app.register(mailboxApi, { prefix: options.prefix ?? '' });
}
export const mailboxRoutes = mailbox as FastifyPluginAsync;
