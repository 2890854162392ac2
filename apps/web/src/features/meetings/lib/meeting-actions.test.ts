import type { Meeting } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { meetingActions, meetingPhase, startWindowOpensAt } from './meeting-actions';

const meeting = (o: Partial<Pick<Meeting, 'status' | 'videoUrl'>> = {}) => ({
  sdt: '2030-05-01T09:00:00.000Z',
  edt: '2030-05-01T09:30:00.000Z',
  status: 'accepted' as Meeting['status'],
  videoUrl: null,
  ...o,
});
const at = (iso: string) => new Date(iso);

describe('meeting card actions', () => {
  it('E4.53 the start window opens 5 minutes before the start and lasts to the end', () => {
    expect(startWindowOpensAt(meeting().sdt).toISOString()).toBe('2030-05-01T08:55:00.000Z');
    expect(meetingPhase(meeting(), at('2030-05-01T08:54:59.999Z'))).toBe('before');
    expect(meetingPhase(meeting(), at('2030-05-01T08:55:00.000Z'))).toBe('open');
    expect(meetingPhase(meeting(), at('2030-05-01T09:29:59.999Z'))).toBe('open');
    expect(meetingPhase(meeting(), at('2030-05-01T09:30:00.000Z'))).toBe('over');
    expect(meetingPhase(meeting({ status: 'cancelled' }), at('2030-05-01T08:00:00Z'))).toBe('cancelled');
  });

  it('E4.54 before the start window: check-in and ping (waiting for the window), cancel and reschedule', () => {
    const early = at('2030-05-01T08:00:00Z');
    expect(meetingActions(meeting(), early, true)).toEqual({
      join: 'hidden',
      checkIn: 'waiting',
      ping: 'waiting',
      cancel: 'shown',
      reschedule: 'shown',
    });
    // Tables and guests are never moved (E6.33), before the window or not.
    expect(meetingActions(meeting(), early, false).reschedule).toBe('hidden');
    // A minute before the window opens it is still "before".
    expect(meetingActions(meeting(), at('2030-05-01T08:54:00Z'), true).checkIn).toBe('waiting');
  });

  it('E4.53 E4.54 in the window: join (once the link came), check in and ping; no more rescheduling', () => {
    const open = at('2030-05-01T08:56:00Z');
    expect(meetingActions(meeting({ videoUrl: 'https://meet.example/room' }), open, true)).toEqual({
      join: 'shown',
      checkIn: 'shown',
      ping: 'shown',
      cancel: 'shown',
      reschedule: 'hidden',
    });
    expect(meetingActions(meeting(), open, true).join).toBe('hidden');
  });

  it('E4.54 over or cancelled: none of them', () => {
    const none = {
      join: 'hidden',
      checkIn: 'hidden',
      ping: 'hidden',
      cancel: 'hidden',
      reschedule: 'hidden',
    };
    expect(meetingActions(meeting({ videoUrl: 'x' }), at('2030-05-01T10:00:00Z'), true)).toEqual(none);
    expect(meetingActions(meeting({ status: 'cancelled' }), at('2030-05-01T08:00:00Z'), true)).toEqual(none);
  });
});
