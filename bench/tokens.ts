/**
 * An access token seen for the first time (a reconnect after its process died, a fresh sign-in on
 * another process behind the balancer): `verifyAccessToken` on BENCH_TOKENS (20,000) different
 * tokens, none remembered yet, against jose's `jwtVerify` with the same imported WebCrypto key (what
 * the server did before), in one run, alternating rounds. Prints the event loop's time per token
 * (wall time of back-to-back awaits: what other requests wait for) and CPU per token, and the ratio.
 *
 *   node_modules/.bin/tsx bench/tokens.ts
 */
import { randomBytes, webcrypto } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { jwtVerify } from 'jose';
import { signAccessToken, verifyAccessToken } from '../apps/server/src/http/auth';

const TOKENS = Number(process.env.BENCH_TOKENS ?? 20_000);
const ROUNDS = 3;

interface Timing {
  wallUs: number;
  cpuUs: number;
}

async function time(tokens: readonly string[], verify: (token: string) => Promise<unknown>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (const token of tokens) {
    if (!(await verify(token))) throw new Error('a token did not verify');
  }
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wallUs: (wall * 1000) / tokens.length, cpuUs: (used.user + used.system) / tokens.length };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main(): Promise<void> {
  const before: Timing[] = [];
  const after: Timing[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // A new secret each round: nothing remembered from the round before.
    const secret = randomBytes(32).toString('hex');
    const tokens = await Promise.all(
      Array.from({ length: TOKENS }, (_, i) => signAccessToken(secret, { userId: i + 1 })),
    );
    const key = await webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    before.push(await time(tokens, (token) => jwtVerify(token, key, { algorithms: ['HS256'] })));
    after.push(await time(tokens, (token) => verifyAccessToken(secret, token)));
  }
  const a = { wall: median(before.map((t) => t.wallUs)), cpu: median(before.map((t) => t.cpuUs)) };
  const b = { wall: median(after.map((t) => t.wallUs)), cpu: median(after.map((t) => t.cpuUs)) };
  const f = (n: number) => n.toFixed(1);
  console.log(
    `| ${new Date().toISOString().slice(0, 10)} | a first-seen access token (\`bench/tokens.ts\`, ${TOKENS} different tokens, median of ${ROUNDS} alternating rounds) | — | ` +
      `jose's jwtVerify: ${f(a.wall)} µs a token (${f(a.cpu)} µs CPU); verifyAccessToken: ${f(b.wall)} µs (${f(b.cpu)} µs CPU) | ` +
      `ratio ${(b.wall / a.wall).toFixed(3)}× wall, ${(b.cpu / a.cpu).toFixed(3)}× CPU; load avg ${loadavg()
        .map((l) => l.toFixed(1))
        .join('/')} |`,
  );
}

await main();
