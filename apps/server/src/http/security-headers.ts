import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The response headers helmet sets for `options`, worked out once. With no directive given as a
 * function they are the same for every request; @fastify/helmet instead built the whole helmet
 * middleware again on every request (parsing the CSP), a sixth of the CPU time of a 404.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    // X-Powered-By: neither Node nor Fastify sets it.
    removeHeader() {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Helmet's security headers on every response that goes through Fastify (routes, 404s, errors),
 * set in one hook from a prepared object. A route may still override one (reply.header).
 */
export function addSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
