/**
 * The attendee search's in-memory index alone (search.index.ts), without a database: BENCH_ATTENDEES
 * (1,000,000) people of bench/lib/people.ts built into an index in this process, then BENCH_QUERIES
 * (2,000) different searches as people type them (prefixes of names, companies and job titles, a
 * tenth with a type filter, a tenth by name), each timed three times (the fastest kept). The baseline,
 * in the same run, is the plain way: every person checked against the same conditions (on a sample
 * of BENCH_SCAN_SAMPLE searches, 100). Prints mean/p50/p95/max, the ratio of means and the slowest
 * searches: a quick loop for work on the index (bench/search.ts measures it behind HTTP, at 50
 * connections, on PostgreSQL or PGlite). The build is timed too, with the event loop's longest
 * block while it runs (what the server's other requests would wait).
 *
 * The people's words are made as PostgreSQL's `simple` text search makes them (lower case, split at
 * what is not a letter or a digit): close to what the server reads, not the same bytes.
 *   node --max-old-space-size=6144 --import tsx bench/search-index.ts
 */
import { loadavg } from 'node:os';
import type { SearchOrder } from '@foyer/contract';
import { SEARCH_COUNT_CAP } from '@foyer/contract';
import { EventIndex } from '../apps/server/src/features/participants/search.index';
import {
  acceptorOf,
  factsWithRoom,
  type IndexQuery,
  type IndexRow,
  setFacts,
  textTestOf,
  toEntry,
} from '../apps/server/src/features/participants/search.index.entry';
import { textQuery } from '../apps/server/src/features/participants/search.service';
import { person, random, typedQueries } from './lib/people';

const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 1_000_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 2000);
const SCAN_SAMPLE = Number(process.env.BENCH_SCAN_SAMPLE ?? 100);
const PAGE = 60;
const TYPES = 3;

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function row(id: number): IndexRow {
  const p = person(id);
  const lexemes = [
    ...new Set(words(`${p.name} ${p.surname} ${p.company} ${p.jobTitle} ${p.offer} ${p.seek}`)),
  ];
  return {
    id,
    name: p.name,
    surname: p.surname,
    job_title: p.jobTitle,
    company: p.company,
    profile_photo: null,
    booth_role: null,
    present: null,
    type_id: 1 + (id % TYPES),
    category_ids: [1 + (Math.floor(id / 3) % 5)],
    booth_id: null,
    organizer: false,
    state: id % 10 === 0 ? 'inactive' : 'active',
    visible: true,
    search_boost: id % TYPES,
    sort_name: `${p.name} ${p.surname}`.toLowerCase(),
    sort_company: p.company.toLowerCase(),
    search_text: `${p.name} ${p.surname} ${p.company} ${p.jobTitle}`.toLowerCase(),
    lexemes: lexemes.sort().join(' '),
  };
}

const rows = Array.from({ length: ATTENDEES }, (_, i) => row(i + 1));
const index = new EventIndex();
// Built as the server builds a whole event (in slices, the event loop given turns between them);
// a chain of setImmediate times the longest block meanwhile (what other requests would wait).
const buildStart = performance.now();
let longestBlockMs = 0;
let building = true;
let lastTurn = buildStart;
const turn = () => {
  const now = performance.now();
  longestBlockMs = Math.max(longestBlockMs, now - lastTurn);
  lastTurn = now;
  if (building) setImmediate(turn);
};
setImmediate(turn);
await index.build(rows);
building = false;
const buildSeconds = (performance.now() - buildStart) / 1000;

interface Search {
  label: string;
  query: IndexQuery;
  order: { by: SearchOrder; asc: boolean };
}
const rnd = random(7);
const searches: Search[] = typedQueries(ATTENDEES, QUERIES).map((typed, i) => {
  const r = rnd();
  const text = textQuery(typed);
  const filterTypeIds = r < 0.1 ? [1 + (i % TYPES)] : undefined;
  const by: SearchOrder = r >= 0.8 && r < 0.9 ? 'name' : 'relevance';
  return {
    label: `"${typed}"${filterTypeIds ? ' with a type' : ''}${by === 'name' ? ' by name' : ''}`,
    query: {
      viewerId: 0,
      seesAll: false,
      typeIds: null,
      tokens: text.tokens,
      needle: text.needle,
      filterTypeIds,
      tagsOf: () => undefined,
      excluded: new Set(),
    },
    order: { by, asc: true },
  };
});

function fastest(run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const timed = searches.map((s) => ({
  label: s.label,
  ms: fastest(() => index.search(s.query, s.order, null, PAGE + 1, SEARCH_COUNT_CAP)),
}));

// The baseline: every person checked, the matches counted up to the cap and the page's first ones
// kept in order (what a search costs without lists).
const entries = rows.map(toEntry);
const facts = factsWithRoom(entries.length);
for (const [slot, e] of entries.entries()) setFacts(facts, slot, e);
const scanned = searches.slice(0, SCAN_SAMPLE).map((s) =>
  fastest(() => {
    const accept = acceptorOf(s.query, facts, (slot) => entries[slot] as (typeof entries)[number]);
    const text = textTestOf(s.query);
    const found = entries.filter((e, slot) => accept(slot) && (text === null || text(e)));
    found.sort((a, b) => (s.order.by === 'name' ? a.sortName.localeCompare(b.sortName) : b.boost - a.boost));
    found.slice(0, PAGE);
  }),
);

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const sorted = timed.map((t) => t.ms).sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const f = (n: number) => n.toFixed(2);
const sampleMean = mean(timed.slice(0, SCAN_SAMPLE).map((t) => t.ms));
// By kind: a type filter, name order, the rest (the slowest kinds are where to look next).
for (const [kind, of] of [
  ['with a type', timed.filter((t) => t.label.includes(' with a type'))],
  ['by name', timed.filter((t) => t.label.endsWith(' by name') && !t.label.includes(' with a type'))],
  ['text alone', timed.filter((t) => !t.label.includes(' with a type') && !t.label.endsWith(' by name'))],
] as const)
  console.error(`  ${kind}: ${of.length} searches, mean ${f(mean(of.map((t) => t.ms)))} ms`);
for (const t of [...timed].sort((a, b) => b.ms - a.ms).slice(0, 8))
  console.error(`  ${f(t.ms)} ms  ${t.label}`);
console.log(
  `| ${new Date().toISOString().slice(0, 10)} | search index in memory (\`bench/search-index.ts\`, ${ATTENDEES} people, ` +
    `${timed.length} different searches, page ${PAGE}, built in ${buildSeconds.toFixed(1)} s, the event loop's longest block meanwhile ${longestBlockMs.toFixed(0)} ms) | — | ` +
    `mean/p50/p95/max ${f(mean(sorted))}/${f(at(0.5))}/${f(at(0.95))}/${f(at(1))} ms; every person checked ` +
    `(${SCAN_SAMPLE} of the searches): mean ${f(mean(scanned))} ms | index ×${(mean(scanned) / sampleMean).toFixed(0)} ` +
    `faster than checking everyone on the same searches; load avg ${loadavg()[0]?.toFixed(1)} |`,
);
