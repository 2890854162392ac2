/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`): the functions with the most self time, and
 * the packages (node_modules/<name>, node internals, the app's own files) they belong to.
 *
 *   BENCH_ONLY=profile node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/overhead.ts
 *   node_modules/.bin/tsx bench/lib/overhead-cpuprofile.ts /tmp/prof/CPU.<main thread>.cpuprofile [top=30] [skip=5]
 *
 * `skip` leaves out the first seconds of samples (start-up: loading modules, migrations).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function owner(url: string): string {
  if (!url) return '(native/gc/idle)';
  if (url.startsWith('node:')) return 'node internals';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match?.[1]) return match[1];
  const app = /\/(apps\/[^/]+\/src\/[^/]+|packages\/[^/]+|bench)\//.exec(url);
  return app?.[1] ?? url;
}

const [file, topArg, skipArg] = process.argv.slice(2);
if (!file) throw new Error('usage: overhead-cpuprofile.ts <file.cpuprofile> [top] [skip seconds]');
const top = Number(topArg ?? 30);
const skipUs = Number(skipArg ?? 0) * 1e6;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
let at = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at >= skipUs) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
});

const byFunction = new Map<string, number>();
const byOwner = new Map<string, number>();
let total = 0;
let idle = 0;
for (const [id, us] of selfUs) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  total += us;
  if (frame.functionName === '(idle)') {
    idle += us;
    continue;
  }
  const where = frame.url
    ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/main\//, '')}:${frame.lineNumber + 1}`
    : '';
  const key = `${frame.functionName || '(anonymous)'} ${where}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const o = frame.functionName.startsWith('(') ? frame.functionName : owner(frame.url);
  byOwner.set(o, (byOwner.get(o) ?? 0) + us);
}
const busy = total - idle;
const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
console.log(`busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s sampled\n`);
console.log('self time by owner:');
for (const [name, us] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`${pct(us)}  ${name}`);
console.log('\nself time by function:');
for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${pct(us)}  ${name}`);
