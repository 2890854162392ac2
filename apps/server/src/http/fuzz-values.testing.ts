import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { type Learned, urlOf } from './fuzz-routes.testing';

/** The bad values of the route fuzz test (fuzz.test.ts), and requests that carry them. Not used by the app. */

const nul = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([a, b]) => `${a}\u0000${b}`);

const ODD_VALUES: unknown[] = [
  1e308,
  -1,
  0,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  '99999999999999999999',
  '-1',
  '1.5',
  '1e400',
  'NaN',
  'Infinity',
  '0x1F',
  null,
  true,
  [],
  ['a', 'b'],
  [1, [2, [3]]],
  {},
  { a: { b: { c: { d: [{ e: 1 }] } } } },
  '0000-01-01T00:00:00Z',
  '0000-01-01T00:00:00.000+00:00',
  '0001-01-01T00:00:00+14:00',
  '275760-09-14T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '2024-02-30T10:00:00Z',
  '2024-02-30',
  '0000-01-01',
  '0000-01-01 00:00',
  '9999-12-31 23:45',
  'Mars/Olympus',
  '%ff',
  '999999999999999.1',
  '1.9999999999',
  'x'.repeat(10_000),
  '\uD800',
];

/** Values no route should turn into a 5xx, whatever field they land in. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nul, weight: 3 },
  { arbitrary: fc.constantFrom(...ODD_VALUES), weight: 5 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
);

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'));

/** A query value: the bad values as text, or a repeated key. */
const badQueryValue: fc.Arbitrary<string | string[]> = fc.oneof(
  { arbitrary: badValue.map(asText), weight: 4 },
  {
    arbitrary: fc.array(fc.constantFrom('1', 'a\u0000', '%ff', '-1'), { minLength: 2, maxLength: 3 }),
    weight: 1,
  },
);

/** Percent-encoded; a lone surrogate (which encodeURIComponent refuses) goes in as its raw bytes. */
function inUrl(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const ODD_PARAMS = [
  '%ff',
  '%00',
  '%',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '2147483648',
  '1e3',
  '0x10',
  'x'.repeat(500),
  '%E0%A4%A',
  '..%2f..%2f',
];

/** A path parameter, already as it appears in the URL. */
const badParam: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...ODD_PARAMS), weight: 3 },
  { arbitrary: badValue.map((v) => inUrl(asText(v))), weight: 1 },
);

const RAW_QUERIES = ['%ff=1', 'a=%', 'eventId=%ff', '%00=%00', 'a[b][c]=1', '&&==&', 'q=%E0%A4%A'];

export type Who = 'attendee' | 'organizer' | 'anonymous' | 'deleted';

export interface BadRequest {
  who: Who;
  /** What was made bad, for the failure report. */
  label: string;
  build(headers: Record<string, string>): InjectOptions;
}

function preview(value: unknown): string {
  const text = asText(value);
  return text.length > 60 ? `${JSON.stringify(text.slice(0, 60))}…(${text.length})` : JSON.stringify(text);
}

/**
 * Bad requests for one learned route: one part (a body field, the whole body, a query field, the
 * raw query string, a path parameter) made bad. `examples` go first on every run: a NUL in each
 * known field and parameter, and the valid request with a deleted account's token.
 */
export function badRequestsFor(learned: Learned): {
  arbitrary: fc.Arbitrary<BadRequest>;
  examples: BadRequest[];
} {
  const { route } = learned;
  const url = urlOf(route, learned.params);
  const bodyKeys = [...Object.keys(learned.body ?? {}), ...learned.extraBodyKeys];
  const queryKeys = [...Object.keys(learned.query), ...learned.extraQueryKeys];
  const base = (
    headers: Record<string, string>,
    over: { url?: string; query?: InjectOptions['query']; payload?: unknown } = {},
  ): InjectOptions => {
    const payload = 'payload' in over ? over.payload : learned.body;
    return {
      method: route.method as InjectOptions['method'],
      url: over.url ?? url,
      query: over.query ?? learned.query,
      headers,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    };
  };
  const withBody = (who: Who, key: string, value: unknown): BadRequest => ({
    who,
    label: `body.${key} = ${preview(value)}`,
    build: (h) => base(h, { payload: { ...(learned.body ?? {}), [key]: value } }),
  });
  const withQuery = (who: Who, key: string, value: string | string[]): BadRequest => ({
    who,
    label: `query.${key} = ${preview(value)}`,
    build: (h) => base(h, { query: { ...learned.query, [key]: value } }),
  });
  const withParam = (who: Who, name: string, value: string): BadRequest => ({
    who,
    label: `param ${name} = ${preview(value)}`,
    build: (h) => base(h, { url: urlOf(route, { ...learned.params, [name]: value }) }),
  });

  const who = fc.oneof(
    { arbitrary: fc.constant<Who>('attendee'), weight: 5 },
    { arbitrary: fc.constant<Who>('organizer'), weight: 2 },
    { arbitrary: fc.constantFrom<Who>('anonymous', 'deleted'), weight: 2 },
  );
  const key = (known: string[]) =>
    fc.oneof(
      { arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant('x'), weight: 4 },
      { arbitrary: fc.string({ minLength: 1, maxLength: 6 }), weight: 1 },
    );
  const parts: fc.WeightedArbitrary<BadRequest>[] = [
    {
      arbitrary: fc.tuple(who, key(queryKeys), badQueryValue).map(([w, k, v]) => withQuery(w, k, v)),
      weight: queryKeys.length > 0 ? 4 : 1,
    },
    {
      arbitrary: fc.tuple(who, fc.constantFrom(...RAW_QUERIES)).map(([w, q]) => ({
        who: w,
        label: `raw query ?${q}`,
        build: (h: Record<string, string>) => base(h, { url: `${url}?${q}`, query: {} }),
      })),
      weight: 1,
    },
  ];
  if (learned.body) {
    parts.push(
      { arbitrary: fc.tuple(who, key(bodyKeys), badValue).map(([w, k, v]) => withBody(w, k, v)), weight: 6 },
      {
        arbitrary: fc.tuple(who, badValue).map(([w, v]) => ({
          who: w,
          label: `body = ${preview(v)}`,
          build: (h: Record<string, string>) =>
            v !== null && typeof v === 'object'
              ? base(h, { payload: v })
              : base({ ...h, 'content-type': 'application/json' }, { payload: JSON.stringify(v) }),
        })),
        weight: 1,
      },
    );
  }
  if (route.params.length > 0) {
    parts.push({
      arbitrary: fc
        .tuple(who, fc.constantFrom(...route.params), badParam)
        .map(([w, p, v]) => withParam(w, p, v)),
      weight: 2,
    });
  }

  const examples: BadRequest[] = [
    { who: 'deleted', label: 'the learned request', build: (h) => base(h) },
    { who: 'organizer', label: 'the learned request', build: (h) => base(h) },
    { who: 'anonymous', label: 'the learned request', build: (h) => base(h) },
    ...bodyKeys.map((k) => withBody('attendee', k, 'a\u0000b')),
    ...queryKeys.map((k) => withQuery('attendee', k, 'a\u0000b')),
    ...route.params.flatMap((p) => ['%ff', '%00', 'x'.repeat(200)].map((v) => withParam('attendee', p, v))),
  ];
  return { arbitrary: fc.oneof(...parts), examples };
}
