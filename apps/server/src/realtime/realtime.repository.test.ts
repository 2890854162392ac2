import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper';
import { countingStatements } from '../../test/statements';
import { findLastRecord, findRecordsAfter, insertRecords } from './realtime.repository';

const t = useTestApp();

async function write(room: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await t.ctx.db.transaction().execute((trx) => insertRecords(trx, [{ room, type: 'x', payload: { i } }]));
  }
}

describe("a resuming client's read of its room", () => {
  it('the records after its seq and the room’s last seq come in one statement', async () => {
    const room = `test:resume:${Date.now()}`;
    await write(room, 5);
    const { db, statements } = countingStatements(t.ctx.db);

    const some = await findRecordsAfter(db, room, 2, 10);
    expect(some.records.map((r) => r.seq)).toEqual([3, 4, 5]);
    expect(some.records[0]).toMatchObject({ room, type: 'x', payload: { i: 2 } });
    expect(some.lastSeq).toBe(5);
    expect(statements()).toBe(1);

    // Nothing came meanwhile (a reconnect's usual case): the room's end, still one statement.
    expect(await findRecordsAfter(db, room, 5, 10)).toEqual({ records: [], lastSeq: 5 });
    expect(statements()).toBe(2);
  });

  it('pages at the limit, and answers a room without records and a seq beyond the end', async () => {
    const room = `test:resume-page:${Date.now()}`;
    await write(room, 4);
    const page = await findRecordsAfter(t.ctx.db, room, 0, 3);
    expect(page.records.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(page.lastSeq).toBe(4);
    expect(await findRecordsAfter(t.ctx.db, room, 90, 3)).toEqual({ records: [], lastSeq: 4 });
    expect(await findRecordsAfter(t.ctx.db, `${room}:empty`, 0, 3)).toEqual({ records: [], lastSeq: 0 });
  });

  it('the subscribes of one turn (a reconnect wave) share one statement, each with its own answer', async () => {
    const room = `test:resume-wave:${Date.now()}`;
    const other = `${room}:other`;
    await write(room, 5);
    await write(other, 2);
    const { db, statements } = countingStatements(t.ctx.db);

    const [after2, atEnd, beyond, firstOther, empty, emptyFirst, pageOfOther] = await Promise.all([
      findRecordsAfter(db, room, 2, 10),
      findRecordsAfter(db, room, 5, 10),
      findRecordsAfter(db, room, 90, 10),
      findLastRecord(db, other),
      findRecordsAfter(db, `${room}:empty`, 0, 3),
      findLastRecord(db, `${room}:empty`),
      findRecordsAfter(db, other, 0, 1),
    ]);
    expect(statements()).toBe(1);
    expect(after2.records.map((r) => [r.room, r.seq])).toEqual([
      [room, 3],
      [room, 4],
      [room, 5],
    ]);
    expect(after2.lastSeq).toBe(5);
    expect(atEnd).toEqual({ records: [], lastSeq: 5 });
    expect(beyond).toEqual({ records: [], lastSeq: 5 });
    expect(firstOther.seq).toBe(2);
    expect(firstOther.ageMs).toBeGreaterThanOrEqual(0);
    expect(firstOther.ageMs).toBeLessThan(60_000);
    expect(empty).toEqual({ records: [], lastSeq: 0 });
    expect(emptyFirst).toEqual({ seq: 0, ageMs: null });
    expect(pageOfOther.records.map((r) => r.seq)).toEqual([1]);
    expect(pageOfOther.records[0]).toMatchObject({ room: other, payload: { i: 0 } });
    expect(pageOfOther.lastSeq).toBe(2);
  });
});
