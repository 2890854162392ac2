import * as contract from '@foyer/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * Support for the route fuzz test (fuzz.test.ts): the routes the app registered, and for each a
 * request that passes validation, learned from the validation errors themselves (the `fields` of
 * each 400) and the field names of the contract's schemas. Not used by the app.
 */

export interface RouteInfo {
  method: string;
  /** With `:name` placeholders, as registered. */
  url: string;
  params: string[];
}

const TREE_LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/;

/** Every route the app registered, from Fastify's own route tree (printRoutes). HEAD is left out. */
export function registeredRoutes(app: FastifyInstance): RouteInfo[] {
  const stack: string[] = [];
  const routes: RouteInfo[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = TREE_LINE.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    stack.length = depth;
    const path = `${stack.join('')}${m[2]}`;
    stack.push(m[2] ?? '');
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: path, params: [...path.matchAll(/:(\w+)/g)].map((p) => p[1] ?? '') });
    }
  }
  return routes;
}

// ---- sample values per field name, from the contract's own schemas --------------------------------

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | null => {
  const zod = (schema as { _zod?: { def?: Def } } | null)?._zod;
  return zod?.def ?? null;
};

const FORMAT_EXAMPLES: Record<string, string> = {
  email: 'fuzz@foyer.test',
  datetime: '2026-11-22T10:00:00Z',
  date: '2026-11-22',
  url: 'https://example.com',
};

/** A few values a schema might accept (enum options, literals, a plain example per primitive). */
function samples(schema: unknown, depth = 0): unknown[] {
  const def = defOf(schema);
  if (!def || depth > 6) return [];
  switch (def.type) {
    case 'string':
      return [FORMAT_EXAMPLES[String(def.format)] ?? 'hello'];
    case 'number':
      return [1];
    case 'boolean':
      return [true, false];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>);
    case 'literal':
      return [...(def.values as unknown[])];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return samples(def.innerType, depth + 1);
    case 'pipe':
      return [...samples(def.out, depth + 1), ...samples(def.in, depth + 1)];
    case 'union':
      return (def.options as unknown[]).flatMap((o) => samples(o, depth + 1));
    case 'array':
      return [...samples(def.element, depth + 1).map((s) => [s]), []];
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const value: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const s = samples(field, depth + 1);
        if (s.length > 0) value[key] = s[0];
      }
      return [value];
    }
    default:
      return [];
  }
}

/** Field name → candidate values, gathered from every object schema the contract exports. */
function contractCandidates(): Map<string, unknown[]> {
  const byKey = new Map<string, unknown[]>();
  const seen = new Set<unknown>();
  const visit = (schema: unknown, depth: number) => {
    const def = defOf(schema);
    if (!def || depth > 8 || seen.has(schema)) return;
    seen.add(schema);
    if (def.type === 'object') {
      for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
        const list = byKey.get(key) ?? [];
        for (const s of samples(field)) {
          if (!list.some((v) => JSON.stringify(v) === JSON.stringify(s))) list.push(s);
        }
        byKey.set(key, list);
        visit(field, depth + 1);
      }
      return;
    }
    for (const inner of [def.innerType, def.in, def.out, def.element]) visit(inner, depth + 1);
    if (Array.isArray(def.options)) for (const o of def.options) visit(o, depth + 1);
  };
  for (const exported of Object.values(contract)) visit(exported, 0);
  return byKey;
}

const CONTRACT_CANDIDATES = contractCandidates();

/** Top-level field names of the contract's exported schemas whose export name ends in `suffix`. */
function fieldNames(suffix: string): string[] {
  const names = new Set<string>();
  for (const [name, exported] of Object.entries(contract)) {
    if (!name.endsWith(suffix)) continue;
    const first = samples(exported);
    for (const value of first) {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const key of Object.keys(value)) names.add(key);
      }
    }
  }
  return [...names];
}

const QUERY_FIELDS = fieldNames('Query');
const BODY_FIELDS = [...new Set([...fieldNames('Request'), ...QUERY_FIELDS])];

/** Values that often satisfy refined strings (time zones, days, UTC wall clock, ISO instants). */
const GENERIC = [
  'hello',
  1,
  true,
  'UTC',
  '2026-11-22',
  '2026-11-22 10:00',
  '2026-11-22 11:00',
  '2026-11-22T10:00:00Z',
  'fuzz@foyer.test',
  'correct horse 1',
  '123456',
  '+441234567890',
  'https://example.com',
  [],
  {},
];

function candidatesFor(key: string, ids: { eventId: number }): unknown[] {
  const idLike = /(^id$|Id$)/.test(key);
  return [
    ...(key === 'eventId' ? [ids.eventId] : []),
    ...(idLike ? [1, 2, 3] : []),
    ...(CONTRACT_CANDIDATES.get(key) ?? []),
    ...GENERIC,
  ];
}

// ---- learning a request that passes validation --------------------------------------------------

export interface Learned {
  route: RouteInfo;
  params: Record<string, string>;
  /** Optional fields the route also accepts, found by offering the contract's field names. */
  extraQueryKeys: string[];
  extraBodyKeys: string[];
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
  /** The answer to the learned request, to see how far learning got. */
  answer: { status: number; json: unknown };
}

export type Send = (options: InjectOptions) => Promise<{ status: number; json: unknown }>;

let ip = 0;

/**
 * Sends through `app.inject`, each request from an address of its own (the per-address rate limits
 * stay out of the way); the answer's JSON, or null for a file.
 */
export function injectSend(app: FastifyInstance): Send {
  return async (options) => {
    ip += 1;
    const remoteAddress = `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
    const res = await app.inject({ ...options, remoteAddress });
    let json: unknown = null;
    try {
      json = res.json();
    } catch {
      // not JSON (a CSV, an iCalendar file): the caller looks at the status
    }
    return { status: res.statusCode, json };
  };
}

export function urlOf(route: RouteInfo, params: Record<string, string>): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1');
}

const errorFields = (json: unknown): Record<string, string> | null => {
  const error = (json as { error?: { fields?: Record<string, string> } } | null)?.error;
  return error?.fields ?? null;
};

/**
 * Starts from empty input and, guided by the `fields` of each 400, tries candidate values per field
 * until the request passes validation (or the budget runs out). Requests are sent for real.
 */
export async function learn(
  send: Send,
  route: RouteInfo,
  headers: Record<string, string>,
  ids: { eventId: number },
  budget = 40,
): Promise<Learned> {
  const params = Object.fromEntries(route.params.map((p) => [p, String(p === 'eventId' ? ids.eventId : 1)]));
  const query: Record<string, unknown> = {};
  const hasBody = route.method === 'POST' || route.method === 'PUT';
  const body: Record<string, unknown> = {};
  const tried = new Map<string, number>();
  const where = new Map<string, 'query' | 'body'>();
  const build = (): InjectOptions => ({
    method: route.method as InjectOptions['method'],
    url: urlOf(route, params),
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers,
    ...(hasBody || Object.keys(body).length > 0 ? { payload: body } : {}),
  });
  let answer = { status: 0, json: null as unknown };
  for (let i = 0; i < budget; i += 1) {
    const res = await send(build());
    answer = res;
    const fields = errorFields(res.json);
    if (res.status !== 400 || !fields) break;
    let changed = false;
    for (const [path, message] of Object.entries(fields)) {
      if (path === '_') {
        const unknown = /^Unknown fields?: (.+)$/.exec(message)?.[1]?.split(', ') ?? [];
        for (const key of unknown) {
          // A field the query does not know may belong in a DELETE body, and the other way round.
          if (key in query) {
            body[key] = query[key];
            delete query[key];
            where.set(key, 'body');
            changed = true;
          } else if (key in body && !hasBody) {
            query[key] = body[key];
            delete body[key];
            where.set(key, 'query');
            changed = true;
          } else if (key in body) {
            delete body[key];
            changed = true;
          }
        }
        continue;
      }
      const key = path.split('.')[0] ?? path;
      if (route.params.includes(key) && !(key in query) && !(key in body)) continue;
      const list = candidatesFor(key, ids);
      const n = tried.get(key) ?? 0;
      if (n >= list.length) continue;
      tried.set(key, n + 1);
      const target = where.get(key) ?? (hasBody ? 'body' : 'query');
      where.set(key, target);
      const value = list[n];
      if (target === 'body') body[key] = value;
      else if (typeof value === 'object' && value !== null) query[key] = JSON.stringify(value);
      else query[key] = value;
      changed = true;
    }
    if (!changed) break;
  }
  const stringQuery = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const learnedBody = hasBody || Object.keys(body).length > 0 ? body : undefined;
  // A strict object names every field it does not know in one issue: offer all the contract's
  // field names at once, and the ones not named are fields this route accepts.
  const accepted = async (names: string[], into: 'query' | 'body'): Promise<string[]> => {
    const offered = names.filter((n) => !(n in query) && !(n in body) && !route.params.includes(n));
    if (offered.length === 0) return [];
    const res = await send({
      ...build(),
      query:
        into === 'query'
          ? { ...stringQuery, ...Object.fromEntries(offered.map((n) => [n, 'x'])) }
          : stringQuery,
      ...(into === 'body'
        ? { payload: { ...body, ...Object.fromEntries(offered.map((n) => [n, {}])) } }
        : {}),
    });
    const unknown = /^Unknown fields?: (.+)$/.exec(errorFields(res.json)?._ ?? '')?.[1]?.split(', ');
    return unknown ? offered.filter((n) => !unknown.includes(n)) : [];
  };
  return {
    route,
    params,
    query: stringQuery,
    body: learnedBody,
    extraQueryKeys: await accepted(QUERY_FIELDS, 'query'),
    extraBodyKeys: learnedBody ? await accepted(BODY_FIELDS, 'body') : [],
    answer,
  };
}
