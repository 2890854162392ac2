import { LOCALES, type Locale } from '@foyer/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/executor';
import { PUSH_TTL_SECONDS, type PushGateway } from '../../push/push';
import { type PushMessage, pushPayload } from './push.message';
import * as repo from './push.repository';

export interface PushDeps {
  db: Executor;
  push: PushGateway;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const asLocale = (value: string): Locale =>
  (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en';

/** A push service that could not take a message now: the caller's outbox row retries it. */
export class PushLaterError extends Error {}

/**
 * Sends one push to every browser of this account, each in its own language. Each browser's send is
 * keyed (`dedupeKey` + the subscription): a retry after a crash or a failure skips the browsers that
 * already have it. A subscription the push service no longer knows is forgotten; one that refused
 * the message for good is skipped; one that could not take it now fails the whole call (after the
 * others were tried), so the outbox retries it.
 */
export async function deliverPush(
  deps: PushDeps,
  userId: number,
  message: PushMessage,
  dedupeKey: string,
): Promise<void> {
  let later = 0;
  for (const sub of await repo.subscriptionsOf(deps.db, userId)) {
    const key = `${dedupeKey}:${sub.id}`;
    if (await repo.wasSent(deps.db, key)) continue;
    const payload = JSON.stringify(pushPayload(message, asLocale(sub.language)));
    const outcome = await deps.push.send(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      payload,
      {
        ttlSeconds: PUSH_TTL_SECONDS,
        topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
      },
    );
    if (outcome === 'sent') await repo.markSent(deps.db, key);
    else if (outcome === 'gone') await repo.deleteSubscriptionById(deps.db, sub.id);
    else if (outcome === 'refused')
      deps.log.warn({ subscriptionId: sub.id }, 'push: the push service refused a message');
    else later += 1;
  }
  if (later > 0) throw new PushLaterError(`push: ${later} browser(s) could not take the message now`);
}

/** What other features ask of push: which of these accounts have a browser to push to (and their muted topics). */
export { pushableInEvent, pushableUsers } from './push.repository';
