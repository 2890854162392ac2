import fp from 'fastify-plugin';
import { type Bus, createBus, pruneOutbox } from './bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's event bus (events/bus.ts): features emit, processors subscribe. One per app. */
    bus: Bus;
  }
}

const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * The event bus as `app.bus`: logs through the app, starts its sweep once the app is ready, drains
 * on close (running e-mails and pushes are not cut off), and prunes done outbox rows hourly.
 */
export const busPlugin = fp(
  async (app) => {
    const bus = createBus(app.ctx.db, {
      paused: app.ctx.config.outboxPaused,
      oneConnection: app.ctx.dbKind === 'pglite',
    });
    bus.setLogger(app.log);
    app.decorate('bus', bus);
    app.scheduler.every('outbox-prune', PRUNE_EVERY_MS, () => pruneOutbox(app.ctx));
    app.addHook('onReady', async () => bus.start());
    app.addHook('onClose', () => bus.stop());
  },
  { name: 'bus', fastify: '5.x', dependencies: ['scheduler'], decorators: { fastify: ['ctx'] } },
);
