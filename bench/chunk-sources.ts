/**
 * What a built chunk is made of: its minified bytes by npm package, or by source file, read from its
 * source map (each mapping's span up to the next, on the chunk's own lines). For goal 5 of issue 13:
 * which part of the first screen's script is the app's and which the libraries'.
 *
 *   node --import tsx bench/chunk-sources.ts [chunk name prefix, default "index"] [--files] [--top N]
 *
 * WEB_DIST (default apps/web/dist) is a build made with source maps (`npm run build` makes them).
 * Bytes that no mapping covers are "(unmapped)": the bundler's own glue, and modules built without a
 * map (the translation catalogues, JSON).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const byFile = args.includes('--files');
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 30;
const prefix = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--top') ?? 'index';
const assets = join(process.env.WEB_DIST ?? 'apps/web/dist', 'assets');

// A screen's name is also its translation chunks' (attendees-…js in each language): the largest.
const candidates = readdirSync(assets)
  .filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'))
  .map((f) => ({ f, size: statSync(join(assets, f)).size }))
  .sort((a, b) => b.size - a.size);
const chunk = candidates[0]?.f;
if (!chunk) {
  console.error(`bench/chunk-sources: no ${prefix}-*.js in ${assets}`);
  process.exit(1);
}
if (candidates.length > 1) console.log(`${candidates.length} chunks named ${prefix}-…: the largest`);
const code = readFileSync(join(assets, chunk), 'utf8');
const map = JSON.parse(readFileSync(join(assets, `${chunk}.map`), 'utf8')) as {
  sources: string[];
  mappings: string;
};

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one mapping segment (base64 VLQ, as source maps write them). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

const bytes = new Map<string, number>();
const add = (source: string, n: number) => bytes.set(source, (bytes.get(source) ?? 0) + n);
const lines = code.split('\n');
let source = 0; // source indexes are relative to the previous segment's, across lines
map.mappings.split(';').forEach((line, lineIndex) => {
  const length = lines[lineIndex]?.length ?? 0;
  let column = 0; // generated columns restart on every line
  const starts: { column: number; source: number | null }[] = [];
  for (const segment of line.split(',')) {
    if (!segment) continue;
    const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
    column += columnDelta;
    if (sourceDelta !== undefined) source += sourceDelta;
    starts.push({ column, source: sourceDelta === undefined ? null : source });
  }
  const firstMapped = starts[0]?.column ?? length;
  add('(unmapped)', firstMapped);
  starts.forEach((start, i) => {
    const end = starts[i + 1]?.column ?? length;
    add(
      start.source === null ? '(unmapped)' : (map.sources[start.source] ?? '(unknown)'),
      end - start.column,
    );
  });
});

const label = (path: string): string => {
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (npm && !byFile) return `npm: ${npm[1]}`;
  if (npm) return `npm: ${path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)}`;
  return path.replace(/^(\.\.\/)+/, '');
};
const grouped = new Map<string, number>();
for (const [path, n] of bytes) grouped.set(label(path), (grouped.get(label(path)) ?? 0) + n);

const total = code.length;
const kib = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} KiB`;
console.log(`${chunk}: ${kib(total).trim()} before compression`);
const sorted = [...grouped].sort((a, b) => b[1] - a[1]);
for (const [name, n] of sorted.slice(0, top)) {
  console.log(`${kib(n)} ${((n / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
}
const npmShare = sorted.filter(([name]) => name.startsWith('npm: ')).reduce((sum, [, n]) => sum + n, 0);
console.log(`npm packages ${((npmShare / total) * 100).toFixed(0)} % of the chunk`);
