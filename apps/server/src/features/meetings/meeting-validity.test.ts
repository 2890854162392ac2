import { MEETING_VALID_AFTER_END_MS, MeetingErrorCode } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeSlots } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';

const t = useTestApp();

describe('a finished meeting (E9.09)', () => {
  it('E9.09 E4.12 stays the meeting between the two for 24 h after its end, then counts as none', async () => {
    t.setNow(new Date('2030-05-01T07:00:00Z'));
    const event = await makeEvent(t.ctx, { days: 3 });
    const slots = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 4);
    const api = meetingsApi(t.app, event.id);
    const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
    const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
    const invitationId = (await api.invite(ana, ben)).body.data!.id;
    expect((await api.confirm(ben, invitationId, slots[0]!.id)).status).toBe(200);
    const [meeting] = (await api.meetings(ana)).body.data!;
    const end = Date.parse(meeting!.edt);
    expect(meeting!.edt).toBe('2030-05-01T09:30:00.000Z');

    // Over for a moment, and for just under a day: still valid (finished), no second invitation.
    for (const after of [1, MEETING_VALID_AFTER_END_MS - 1]) {
      t.setNow(new Date(end + after));
      const status = (await api.status(ana, ben)).body.data;
      expect(status?.status, String(after)).toBe('meetingDetails');
      const listed = (await api.meetings(ben)).body.data!.find((m) => m.id === meeting!.id);
      expect(listed?.expired).toBe(true);
      const again = await api.invite(ana, ben);
      expect(again.status, String(after)).toBe(409);
      expect(again.body.error?.code).toBe(MeetingErrorCode.HasMeeting);
    }

    // 24 h after its end it counts as none: the two may meet again.
    t.setNow(new Date(end + MEETING_VALID_AFTER_END_MS));
    expect((await api.status(ana, ben)).body.data?.status).toBe('inviteNew');
    const next = await api.invite(ana, ben);
    expect(next.status).toBe(200);
  });
});
