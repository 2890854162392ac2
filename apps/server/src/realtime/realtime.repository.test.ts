import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper';
import { countingStatements } from '../../test/statements';
import { findRecordsAfter, insertRecords } from './realtime.repository';

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
});
