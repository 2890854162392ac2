import { describe, expect, it } from 'vitest';
import { makeChatRoom, makeEvent, makePerson } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { countingStatements } from '../../../test/statements';
import { chatRoomPolicy } from './chat.policy';

const t = useTestApp();

describe("a chat room's realtime policy", () => {
  it('E7.60 the checks of one turn (a reconnect wave) are answered by one statement, each its own answer', async () => {
    const event = await makeEvent(t.ctx);
    const [ana, ben, cat] = [
      await makePerson(t.ctx, event.id),
      await makePerson(t.ctx, event.id),
      await makePerson(t.ctx, event.id),
    ];
    const gone = await makePerson(t.ctx, event.id, { state: 'deleted' });
    const room = await makeChatRoom(t.ctx, event.id, [ana, ben, gone]);
    const other = await makeChatRoom(t.ctx, event.id, [cat]);
    const { db, statements } = countingStatements(t.ctx.db);

    const answers = await Promise.all([
      chatRoomPolicy(ana.userId, { roomId: String(room) }, db),
      chatRoomPolicy(cat.userId, { roomId: String(room) }, db),
      chatRoomPolicy(ben.userId, { roomId: String(room) }, db),
      // a removed participant's membership row is no membership
      chatRoomPolicy(gone.userId, { roomId: String(room) }, db),
      chatRoomPolicy(cat.userId, { roomId: String(other) }, db),
      chatRoomPolicy(ana.userId, { roomId: String(other) }, db),
      // no such room, and no room id at all (refused without a query)
      chatRoomPolicy(ana.userId, { roomId: '2147483647' }, db),
      chatRoomPolicy(ana.userId, { roomId: '1e3' }, db),
    ]);
    expect(answers).toEqual([true, false, true, false, true, false, false, false]);
    expect(statements()).toBe(1);

    // A lone check still gets its own, right, answer.
    expect(await chatRoomPolicy(ben.userId, { roomId: String(other) }, db)).toBe(false);
    expect(await chatRoomPolicy(cat.userId, { roomId: String(other) }, db)).toBe(true);
    expect(statements()).toBe(3);
  });
});
