import type { ParticipantTag, SearchOrder } from '@foyer/contract';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { makeBooth, makeCategory, makeEvent, makeType } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { EventIndex } from './search.index';
import type { IndexQuery, IndexRow } from './search.index.entry';
import type { IndexCursor } from './search.index.orders';
import { createSearchIndexes, readEvent } from './search.indexes';
import { type SearchScope, searchPage } from './search.repository';
import { textQuery } from './search.service';

const t = useTestApp();

/** A small deterministic generator, so a failure names a case that can be run again. */
function random(seed: number) {
  let x = seed;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T };
}

const NAMES = [
  'Ann',
  'Anna',
  'Omar',
  'Jean-Luc',
  'María',
  'Björn',
  'Søren',
  'Ayşe',
  'Li',
  'Zoë',
  'Ólafur',
  'ann',
];
const SURNAMES = ['Andersson', "O'Neil", 'Müller', 'Smith', 'Ng', 'van der Berg', 'Yılmaz', 'Annand', 'Li'];
const COMPANIES = [
  'Acme',
  'Globex Corp',
  'Initech',
  'Umbrella_Co',
  '100% Fun',
  'Ännchen AG',
  '',
  'acme labs',
];
const JOBS = ['Engineer', 'Sales lead', 'CTO', 'Head of Growth', '', 'Designer', 'engineering manager'];
const OFFERS = ['', 'consulting', 'investment', 'hiring engineers'];

/** Every word, some prefixes and substrings of the generated texts, and a few that find nobody. */
function queries(r: ReturnType<typeof random>, n: number): string[] {
  const words = [...NAMES, ...SURNAMES, ...COMPANIES, ...JOBS, ...OFFERS, 'Hardware', 'Software']
    .flatMap((w) => w.split(/\s+/))
    .filter(Boolean);
  const out = ['', 'a', 'an', 'ann', 'nn', 'zz', 'x y', '%', '_', 'o n', 'eng man', 'müll', 'ÄNN', '*'];
  while (out.length < n) {
    const w = r.pick(words).toLowerCase();
    const from = r.next() < 0.3 ? Math.floor(r.next() * w.length) : 0;
    out.push(w.slice(from, from + 1 + Math.floor(r.next() * w.length)));
  }
  return out;
}

interface World {
  eventId: number;
  viewerId: number;
  typeIds: number[];
  categoryIds: number[];
  rows: IndexRow[];
}

/** An event of `n` generated people: types of three priorities, categories, booths, hidden and deleted ones. */
async function makeWorld(seed: number, n: number): Promise<World> {
  const r = random(seed);
  const event = await makeEvent(t.ctx);
  const types = [
    await makeType(t.ctx, event.id, { name: 'Visitor', priority: 0 }),
    await makeType(t.ctx, event.id, { name: 'Speaker', priority: 3 }),
    await makeType(t.ctx, event.id, { name: 'Hardware', priority: 1 }),
  ];
  const categories = [
    await makeCategory(t.ctx, event.id, { name: 'Software' }),
    await makeCategory(t.ctx, event.id, { name: 'Hardware' }),
  ];
  const booth = await makeBooth(t.ctx, event.id, 'Stand');
  const values = Array.from({ length: n }, (_, i) => {
    const owner = r.next() < 0.05;
    return {
      event_id: event.id,
      email: `gen-${seed}-${i}@example.test`,
      name: r.pick(NAMES),
      surname: r.pick(SURNAMES),
      company: r.pick(COMPANIES),
      job_title: r.pick(JOBS),
      offer: r.pick(OFFERS),
      seek: '',
      type_id: r.next() < 0.1 ? null : r.pick(types).id,
      category_ids: r.next() < 0.5 ? [] : [r.pick(categories).id],
      visible: r.next() < 0.9,
      state: r.pick(['active', 'active', 'active', 'inactive', 'deleted'] as const),
      booth_id: owner || r.next() < 0.1 ? booth.id : null,
      booth_role: owner ? ('owner' as const) : null,
      organizer: r.next() < 0.03,
    };
  });
  await t.ctx.db.insertInto('participants').values(values).execute();
  const first = await t.ctx.db
    .selectFrom('participants')
    .select('id')
    .where('event_id', '=', event.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    eventId: event.id,
    viewerId: first.id,
    typeIds: types.map((x) => x.id),
    categoryIds: categories.map((x) => x.id),
    rows: await readRows(event.id),
  };
}

const readRows = (eventId: number) => readEvent(t.ctx.db, eventId);

type Case = Omit<IndexQuery, 'tokens' | 'needle' | 'tagsOf' | 'excluded'> & { query: string };

/** The SQL reading (search.repository.ts) of every match in order: what the index must answer. */
async function reference(w: World, c: Case, order: { by: SearchOrder; asc: boolean }): Promise<number[]> {
  const scope: SearchScope = {
    eventId: w.eventId,
    viewerId: c.viewerId,
    seesAll: c.seesAll,
    typeIds: c.typeIds,
    text: textQuery(c.query),
    filterTypeIds: c.filterTypeIds,
    filterCategoryIds: c.filterCategoryIds,
    withoutBooth: c.withoutBooth,
    excludeIgnored: false,
  };
  return (await searchPage(t.ctx.db, scope, order, null, 100_000)).map((row) => row.id);
}

function indexQuery(c: Case): IndexQuery {
  const text = textQuery(c.query);
  return { ...c, tokens: text.tokens, needle: text.needle, tagsOf: () => undefined, excluded: new Set() };
}

/** Pages through the index with its cursors, checking each page and the count against the reference. */
function pageAll(
  index: EventIndex,
  q: IndexQuery,
  order: { by: SearchOrder; asc: boolean },
  cap: number | null,
  length: number,
  expected: number[],
  rows: Map<number, IndexRow>,
): number[] {
  const seen: number[] = [];
  let cursor: IndexCursor | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const page = index.search(q, order, cursor, length + 1, cap);
    if (!cursor) expect(page.total).toBe(cap === null ? expected.length : Math.min(expected.length, cap + 1));
    const ids = page.ids.slice(0, length);
    seen.push(...ids);
    if (page.ids.length <= length) return seen;
    const last = rows.get(ids.at(-1) as number) as IndexRow;
    const key = order.by === 'company' ? last.sort_company : last.sort_name;
    cursor = { boost: Number(last.search_boost), key, id: last.id };
  }
  throw new Error('pages never ended');
}

describe('the in-memory search index (decision 021)', () => {
  it('E7.32 E1.01 finds, counts and orders exactly as the SQL reading, page after page, for generated people and queries', async () => {
    const w = await makeWorld(7, 420);
    // Small limits make text take the walking paths too: dense text walks the order, and matches
    // rare in the order (past the walk's budget) are all read and sorted.
    const indexes = [
      new EventIndex(),
      new EventIndex({ dense: 8 }),
      new EventIndex({ dense: 8, walkBudget: 25 }),
      // Dense text whose short walk finds too little: its candidates are put in order by position.
      new EventIndex({ dense: 8, walkBudget: 1 }),
      // Dense text walks whenever it can (a type filter in the relevance order: that type's people
      // alone), whole or until a budget.
      new EventIndex({ dense: 8, walkCost: 0 }),
      new EventIndex({ dense: 8, walkBudget: 25, walkCost: 0 }),
    ];
    for (const index of indexes) index.apply(w.rows, []);
    // Built in slices (a whole event's read), as by apply.
    const sliced = new EventIndex({ dense: 8, walkBudget: 25, slice: 7 });
    await sliced.build(w.rows);
    indexes.push(sliced);
    const r = random(11);
    const orders: { by: SearchOrder; asc: boolean }[] = [
      { by: 'relevance', asc: true },
      { by: 'name', asc: true },
      { by: 'name', asc: false },
      { by: 'company', asc: true },
      { by: 'company', asc: false },
    ];
    let compared = 0;
    const compareAll = async (list: string[]) => {
      const rows = new Map((await readRows(w.eventId)).map((row) => [row.id, row]));
      for (const [n, query] of list.entries()) {
        const c: Case = {
          viewerId: w.viewerId,
          seesAll: n % 5 === 0,
          typeIds: n % 7 === 3 ? [w.typeIds[1] as number] : null,
          query,
          filterTypeIds:
            n % 6 === 1
              ? [w.typeIds[0] as number, w.typeIds[2] as number]
              : n % 6 === 3
                ? [w.typeIds[1] as number]
                : undefined,
          filterCategoryIds: n % 4 === 2 ? [w.categoryIds[1] as number] : undefined,
          withoutBooth: n % 9 === 4,
        };
        const order = orders[n % orders.length] as { by: SearchOrder; asc: boolean };
        const expected = await reference(w, c, order);
        const narrowed = Boolean(
          query.trim() && query.trim() !== '*'
            ? true
            : c.filterTypeIds || c.filterCategoryIds || c.withoutBooth,
        );
        for (const index of indexes) {
          for (const cap of narrowed ? [1000, 40] : [null]) {
            const got = pageAll(index, indexQuery(c), order, cap, 17, expected, rows);
            expect(got, `query ${JSON.stringify(query)} case ${n} cap ${cap}`).toEqual(expected);
            compared++;
          }
        }
      }
    };
    await compareAll(queries(r, 70));
    // Changes applied one by one, as the change log brings them: stale list entries must not match.
    const ids = w.rows.map((row) => row.id);
    const changed = ids.filter((_, i) => i % 7 === 0);
    for (const [i, id] of changed.entries()) {
      await t.ctx.db
        .updateTable('participants')
        .set(
          i % 3 === 0
            ? { name: r.pick(NAMES), company: r.pick(COMPANIES) }
            : i % 3 === 1
              ? { visible: false }
              : { state: 'active', job_title: 'Hardware tinkerer' },
        )
        .where('id', '=', id)
        .execute();
    }
    const removed = ids.filter((_, i) => i % 11 === 5);
    await t.ctx.db.deleteFrom('participants').where('id', 'in', removed).execute();
    const now = new Map((await readRows(w.eventId)).map((row) => [row.id, row]));
    for (const index of indexes) {
      for (const id of changed)
        index.apply(now.has(id) ? [now.get(id) as IndexRow] : [], now.has(id) ? [] : [id]);
      index.apply([], removed);
    }
    await compareAll(queries(r, 40));
    expect(compared).toBeGreaterThan(250);
  });

  it('builds a whole event in slices, the event loop given turns meanwhile, to what apply builds', async () => {
    const w = await makeWorld(5, 300);
    const index = new EventIndex({ slice: 20 });
    // Work waiting for the event loop (another request, a socket) runs between the build's slices.
    let turns = 0;
    let building = true;
    const other = () => {
      if (!building) return;
      turns++;
      setImmediate(other);
    };
    setImmediate(other);
    await index.build(w.rows);
    building = false;
    expect(turns).toBeGreaterThanOrEqual(300 / 20);
    const applied = new EventIndex();
    applied.apply(w.rows, []);
    expect(index.size).toBe(applied.size);
    const c: Case = { viewerId: w.viewerId, seesAll: false, typeIds: null, query: 'a' };
    for (const order of [
      { by: 'relevance', asc: true },
      { by: 'company', asc: false },
    ] as const) {
      expect(index.search(indexQuery(c), order, null, 50, null)).toEqual(
        applied.search(indexQuery(c), order, null, 50, null),
      );
    }
  });

  it('leaves out the excluded, and keeps only people with all the asked tags', async () => {
    const w = await makeWorld(3, 60);
    const index = new EventIndex();
    index.apply(w.rows, []);
    const visible = w.rows.filter((row) => row.state !== 'deleted' && row.visible);
    const [a, b, c] = visible.map((row) => row.id);
    const tags = new Map<number, readonly ParticipantTag[]>([
      [a as number, ['fav', 'ignored']],
      [b as number, ['fav']],
      [c as number, ['ignored']],
    ]);
    const base: IndexQuery = {
      viewerId: w.viewerId,
      seesAll: false,
      typeIds: null,
      tokens: [],
      needle: null,
      tagsOf: (id) => tags.get(id),
      excluded: new Set([c as number]),
    };
    const order = { by: 'name' as const, asc: true };
    const all = index.search(base, order, null, 1000, null);
    expect(all.total).toBe(visible.length - 1);
    expect(all.ids).not.toContain(c);
    const favs = index.search({ ...base, tags: ['fav'] }, order, null, 100, 1000);
    expect(new Set(favs.ids)).toEqual(new Set([a, b]));
    expect(favs.total).toBe(2);
    expect(index.search({ ...base, tags: ['fav', 'ignored'] }, order, null, 100, 1000).ids).toEqual([a]);
  });

  it('E1.01 a page of many word matches put in order also holds the matches only the substring finds', async () => {
    // "engineering man": sixty Engineering Managers by their words; the Reengineering Mansion
    // people only by the text (it holds "engineering man", no word starts with "engineering"). Past
    // the count's cap the candidates are put in order by position (dense 8, walk budget 1), with the
    // substring's rarest piece's list (its thirteen pieces are not intersected for that).
    const event = await makeEvent(t.ctx);
    const person = (i: number, company: string, job: string) => ({
      event_id: event.id,
      email: `substring-${i}@example.test`,
      name: `Person${String.fromCharCode(97 + (i % 26))}`,
      surname: `N${i}`,
      company,
      job_title: job,
    });
    await t.ctx.db
      .insertInto('participants')
      .values([
        ...Array.from({ length: 60 }, (_, i) => person(i, 'Acme', 'Engineering Manager')),
        ...Array.from({ length: 3 }, (_, i) => person(100 + i, 'Reengineering Mansion', 'Cook')),
      ])
      .execute();
    const rows = await readRows(event.id);
    const index = new EventIndex({ dense: 8, walkBudget: 1 });
    index.apply(rows, []);
    const c: Case = {
      viewerId: rows[0]?.id as number,
      seesAll: false,
      typeIds: null,
      query: 'engineering man',
    };
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const order of [
      { by: 'name' as const, asc: true },
      { by: 'name' as const, asc: false },
    ]) {
      const expected = await reference({ eventId: event.id } as World, c, order);
      expect(expected).toHaveLength(63);
      expect(pageAll(index, indexQuery(c), order, 40, 17, expected, byId)).toEqual(expected);
    }
  });
});

describe('keeping the index current (migration 0032)', () => {
  const names = async (indexes: ReturnType<typeof createSearchIndexes>, eventId: number, query = '') => {
    const index = await indexes.get(t.ctx.db, eventId);
    const text = textQuery(query);
    const page = index.search(
      {
        viewerId: 0,
        seesAll: false,
        typeIds: null,
        tokens: text.tokens,
        needle: text.needle,
        tagsOf: () => undefined,
        excluded: new Set(),
      },
      { by: 'name', asc: true },
      null,
      5000,
      query ? 1000 : null,
    );
    const rows = await t.ctx.db
      .selectFrom('participants')
      .select(['id', 'name'])
      .where('id', 'in', [0, ...page.ids])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row.name]));
    return page.ids.map((id) => byId.get(id));
  };
  const add = (eventId: number, name: string, extra: Record<string, unknown> = {}) =>
    t.ctx.db
      .insertInto('participants')
      .values({
        event_id: eventId,
        email: `${name}-${Math.random()}@example.test`,
        name,
        surname: '',
        state: 'active',
        ...extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('E7.32 reads only the logged changes after a registration, an edit, hiding, a type change and a removal', async () => {
    const event = await makeEvent(t.ctx);
    const type = await makeType(t.ctx, event.id, { name: 'Guest', priority: 0 });
    const indexes = createSearchIndexes();
    const ann = await add(event.id, 'Ann', { type_id: type.id });
    const bob = await add(event.id, 'Bob');
    expect(await names(indexes, event.id)).toEqual(['Ann', 'Bob']);
    expect(indexes.reads()).toEqual({ full: 1, changes: 0, rebuilt: 0 });

    await add(event.id, 'Cleo');
    expect(await names(indexes, event.id)).toEqual(['Ann', 'Bob', 'Cleo']);
    await t.ctx.db.updateTable('participants').set({ name: 'Zed' }).where('id', '=', ann.id).execute();
    expect(await names(indexes, event.id)).toEqual(['Bob', 'Cleo', 'Zed']);
    expect(await names(indexes, event.id, 'ann')).toEqual([]);
    await t.ctx.db.updateTable('participants').set({ visible: false }).where('id', '=', bob.id).execute();
    expect(await names(indexes, event.id)).toEqual(['Cleo', 'Zed']);
    // A type's priority reorders its people (the touch trigger rewrites their boost).
    await t.ctx.db.updateTable('participant_types').set({ priority: 5 }).where('id', '=', type.id).execute();
    const index = await indexes.get(t.ctx.db, event.id);
    const relevance = index.search(
      {
        viewerId: 0,
        seesAll: false,
        typeIds: null,
        tokens: [],
        needle: null,
        tagsOf: () => undefined,
        excluded: new Set(),
      },
      { by: 'relevance', asc: true },
      null,
      10,
      null,
    );
    expect(relevance.ids[0]).toBe(ann.id);
    await t.ctx.db.deleteFrom('participants').where('id', '=', ann.id).execute();
    expect(await names(indexes, event.id)).toEqual(['Cleo']);
    // Presence shows on cards: it is logged too (migration 0032). One read of changes per write.
    await t.ctx.db
      .updateTable('participants')
      .set({ present: 'venue' })
      .where('event_id', '=', event.id)
      .execute();
    expect(await names(indexes, event.id)).toEqual(['Cleo']);
    const hidden = (await indexes.get(t.ctx.db, event.id)).searchRow(bob.id);
    expect(hidden?.present).toBe('venue');
    expect(indexes.reads()).toEqual({ full: 1, changes: 6, rebuilt: 0 });
    // Nothing changed: nothing read.
    await names(indexes, event.id);
    expect(indexes.reads()).toEqual({ full: 1, changes: 6, rebuilt: 0 });
  });

  it('reads the whole event after a change too big to list, and searches arriving together share one read', async () => {
    const event = await makeEvent(t.ctx);
    const indexes = createSearchIndexes();
    await add(event.id, 'First');
    const all = await Promise.all(Array.from({ length: 5 }, () => names(indexes, event.id)));
    expect(all.every((list) => list.join() === 'First')).toBe(true);
    expect(indexes.reads()).toEqual({ full: 1, changes: 0, rebuilt: 0 });
    await sql`
      INSERT INTO participants (event_id, email, name, surname, state)
      SELECT ${event.id}, 'bulk-' || i || '@example.test', 'Bulk', lpad(i::text, 5, '0'), 'active'
        FROM generate_series(1, 1001) i`.execute(t.ctx.db);
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM search_changes WHERE event_id = ${event.id} AND participant_id IS NULL`.execute(
      t.ctx.db,
    );
    expect(Number(rows[0]?.n)).toBe(1);
    expect((await names(indexes, event.id)).length).toBe(1002);
    expect(indexes.reads()).toEqual({ full: 2, changes: 0, rebuilt: 0 });
  });

  it('never takes a recreated event row for the one it was built from, and reads all again after half an hour unconfirmed', async () => {
    let clock = Date.now();
    const indexes = createSearchIndexes(() => clock);
    const event = await makeEvent(t.ctx);
    await add(event.id, 'Old');
    expect(await names(indexes, event.id)).toEqual(['Old']);
    // As an emptied test database does: the event's rows, version and log go; the version restarts at 1.
    await sql`ALTER TABLE participants DISABLE TRIGGER USER`.execute(t.ctx.db);
    await sql`DELETE FROM participants WHERE event_id = ${event.id}`.execute(t.ctx.db);
    await sql`ALTER TABLE participants ENABLE TRIGGER USER`.execute(t.ctx.db);
    await sql`DELETE FROM search_versions WHERE event_id = ${event.id}`.execute(t.ctx.db);
    await sql`DELETE FROM search_changes WHERE event_id = ${event.id}`.execute(t.ctx.db);
    await add(event.id, 'New');
    expect(await names(indexes, event.id)).toEqual(['New']);
    expect(indexes.reads()).toEqual({ full: 2, changes: 0, rebuilt: 0 });

    // Nothing changed: confirmed current by the version, however long ago it was read.
    clock += 31 * 60_000;
    expect(await names(indexes, event.id)).toEqual(['New']);
    expect(indexes.reads()).toEqual({ full: 2, changes: 0, rebuilt: 0 });
    // Confirmed 20 minutes ago: the log holds every change since.
    clock += 20 * 60_000;
    await add(event.id, 'Newer');
    expect(await names(indexes, event.id)).toEqual(['New', 'Newer']);
    expect(indexes.reads()).toEqual({ full: 2, changes: 1, rebuilt: 0 });
    // A change after half an hour unconfirmed: the log may not hold everything since, so all is read.
    clock += 31 * 60_000;
    await add(event.id, 'Newest');
    expect(await names(indexes, event.id)).toEqual(['New', 'Newer', 'Newest']);
    expect(indexes.reads()).toEqual({ full: 3, changes: 1, rebuilt: 0 });
  });

  it('builds an index holding more emptied slots than live ones again beside it, answering meanwhile', async () => {
    const indexes = createSearchIndexes(Date.now, 0);
    const event = await makeEvent(t.ctx);
    const amy = await add(event.id, 'Amy');
    await add(event.id, 'Ben');
    expect(await names(indexes, event.id)).toEqual(['Amy', 'Ben']);
    const first = await indexes.get(t.ctx.db, event.id);
    // Every change moves a person to a new slot: 2 live, 2 emptied, then 3 emptied.
    await t.ctx.db
      .updateTable('participants')
      .set({ surname: 'A' })
      .where('event_id', '=', event.id)
      .execute();
    expect(await names(indexes, event.id)).toEqual(['Amy', 'Ben']);
    expect(await indexes.get(t.ctx.db, event.id)).toBe(first);
    expect(indexes.reads()).toMatchObject({ rebuilt: 0 });
    await t.ctx.db.updateTable('participants').set({ name: 'Zoe' }).where('id', '=', amy.id).execute();
    // This search brings the change in and starts the rebuild; the live index answers it.
    expect(await names(indexes, event.id)).toEqual(['Ben', 'Zoe']);
    expect(first.slotCount).toBe(5);
    await vi.waitFor(() => expect(indexes.reads()).toMatchObject({ full: 2, rebuilt: 1 }));
    const second = await indexes.get(t.ctx.db, event.id);
    expect(second).not.toBe(first);
    expect(second.slotCount).toBe(2);
    expect(await names(indexes, event.id)).toEqual(['Ben', 'Zoe']);
    // A change after the rebuild is read from the log as before.
    await t.ctx.db.updateTable('participants').set({ name: 'Al' }).where('id', '=', amy.id).execute();
    expect(await names(indexes, event.id)).toEqual(['Al', 'Ben']);
    expect(indexes.reads()).toMatchObject({ full: 2, rebuilt: 1 });
  });

  it('prunes log rows older than an hour', async () => {
    const event = await makeEvent(t.ctx);
    await add(event.id, 'Kept');
    await sql`
      INSERT INTO search_changes (event_id, version, participant_id, created_at)
      VALUES (${event.id}, 0, 1, now() - interval '2 hours')`.execute(t.ctx.db);
    const indexes = createSearchIndexes();
    expect(await indexes.prune(t.ctx.db)).toBe(1);
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM search_changes WHERE event_id = ${event.id}`.execute(t.ctx.db);
    expect(Number(rows[0]?.n)).toBe(1);
    expect(t.app.scheduler.names()).toContain('search-changes-prune');
  });
});
