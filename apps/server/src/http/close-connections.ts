import type { FastifyInstance } from 'fastify';

/** How often a closing server looks for connections whose last answer has gone out. */
const SWEEP_MS = 50;

/**
 * A closing server stops once its last connection has ended. Node's `server.close()` ends the idle
 * keep-alive connections once, when it is called; a connection whose request was still running then
 * becomes idle after its answer and stays open until the client lets it go (fetch keeps it ~71 s,
 * our keep-alive of 72 s less a second), so a shutdown or a test's `app.close()` waited that long.
 * While closing, connections that have become idle are ended every SWEEP_MS: each answer in flight
 * is still sent whole, then its connection ends.
 */
export function endIdleConnectionsWhileClosing(app: FastifyInstance): void {
  app.addHook('preClose', (done) => {
    const { server } = app;
    if (server.listening) {
      const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
      sweep.unref();
      server.once('close', () => clearInterval(sweep));
    }
    done();
  });
}
