import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { makeRoom } from '../lib/make-room';

/**
 * JSON answers of 1 KB and more go compressed to a client that accepts it: Brotli at its fastest
 * level when offered (browsers offer it over HTTPS), else gzip at level 1. A sessions page of ~70 KB
 * goes as ~6 KB: on a venue's Wi-Fi that is the difference that shows. On loopback it costs the
 * server CPU rather than saving it (bench/RESULTS.md, 2026-11-28: BENCH_ENC=identity compares).
 * Files (their own precompressed copies), streams and small answers are left as they are.
 */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Bodies a route named (nameBody): one name, one sequence of bytes, so their compressed copies are
 * kept and reused. A sessions list page is the same for most of its callers.
 */
const bodyNames = new WeakMap<FastifyReply, string>();
const compressedCopies = new Map<string, Buffer>();
/** ~6 KB each (a compressed list page): a few MB at most. */
const MAX_COPIES = 1000;

/**
 * The route promises that every body it sends under `name` in this process is byte for byte the same,
 * so a compressed copy made once serves them all. Null: a body of its own.
 */
export function nameBody(reply: FastifyReply, name: string | null): FastifyReply {
  if (name !== null) bodyNames.set(reply, name);
  return reply;
}

export async function compressJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const name = bodyNames.get(reply);
  const key = encoding === null || name === undefined ? null : `${encoding} ${name}`;
  // A kept copy was made of this very body (1 KB or more): no need to measure it again.
  let body = key === null ? undefined : compressedCopies.get(key);
  const bytes = body ? 0 : typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (!body && bytes < COMPRESS_MIN_BYTES) return payload;
  reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
  if (encoding === null) return payload;
  if (!body) {
    body = compress(payload, encoding, bytes);
    if (key !== null) {
      makeRoom(compressedCopies, MAX_COPIES);
      compressedCopies.set(key, body);
    }
  }
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return body;
}

function compress(payload: string | Buffer, encoding: 'br' | 'gzip', bytes: number): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(payload, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 1,
          // A 256 KB window (not 4 MB) holds a whole answer and halves the cost of each call.
          [constants.BROTLI_PARAM_LGWIN]: 18,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
        },
      })
    : gzipSync(payload, { level: 1 });
}

/** `br` or `gzip` when the client accepts it (a q of 0 refuses), else null. */
export function chooseEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

function varyWithEncoding(vary: unknown): string {
  const present = String(vary ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (present.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return present.join(', ');
  return [...present, 'Accept-Encoding'].join(', ');
}
