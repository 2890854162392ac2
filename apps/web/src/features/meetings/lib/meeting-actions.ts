import { isInStartWindow, MEETING_START_WINDOW_MS, type Meeting } from '@foyer/contract';
import { useEffect, useState } from 'react';

/**
 * Where a booked meeting is in time: before its start window, in it (5 minutes before the start to
 * the end, E4.53), over, or cancelled.
 */
export type MeetingPhase = 'before' | 'open' | 'over' | 'cancelled';

export function meetingPhase(meeting: Pick<Meeting, 'sdt' | 'edt' | 'status'>, now: Date): MeetingPhase {
  if (meeting.status === 'cancelled') return 'cancelled';
  if (isInStartWindow(meeting.sdt, meeting.edt, now)) return 'open';
  return now.getTime() < Date.parse(meeting.sdt) ? 'before' : 'over';
}

/** shown: usable; waiting: shown, not usable yet (the server takes it from the start window). */
export type ActionState = 'shown' | 'waiting' | 'hidden';

export interface MeetingActions {
  join: ActionState;
  checkIn: ActionState;
  ping: ActionState;
  cancel: ActionState;
  reschedule: ActionState;
}

/**
 * E4.53, E4.54: before the start window the card shows check-in, ping, cancel and reschedule
 * (check-in and ping waiting for the window, which the server enforces); from the window the
 * meeting is joined, checked in to and pinged, and no longer moved; once over, nothing is left to do.
 * `movable`: tables and guests cannot reschedule (E6.33).
 */
export function meetingActions(
  meeting: Pick<Meeting, 'sdt' | 'edt' | 'status' | 'videoUrl'>,
  now: Date,
  movable: boolean,
): MeetingActions {
  const phase = meetingPhase(meeting, now);
  const hidden: MeetingActions = {
    join: 'hidden',
    checkIn: 'hidden',
    ping: 'hidden',
    cancel: 'hidden',
    reschedule: 'hidden',
  };
  if (phase === 'before') {
    return {
      ...hidden,
      checkIn: 'waiting',
      ping: 'waiting',
      cancel: 'shown',
      reschedule: movable ? 'shown' : 'hidden',
    };
  }
  if (phase === 'open') {
    return {
      ...hidden,
      // The link comes with the meeting once the window is open; until it is fetched, no join.
      join: meeting.videoUrl ? 'shown' : 'hidden',
      checkIn: 'shown',
      ping: 'shown',
      cancel: 'shown',
    };
  }
  return hidden;
}

/** When check-in and ping open (E4.53): 5 minutes before the start. */
export function startWindowOpensAt(sdt: string): Date {
  return new Date(Date.parse(sdt) - MEETING_START_WINDOW_MS);
}

/**
 * The current time for a meeting card, renewed every 30 s and exactly when the meeting's start
 * window opens or its end passes, so the buttons change at the right moment.
 */
export function useMeetingClock(meeting: Pick<Meeting, 'sdt' | 'edt'> | null): Date {
  const [now, setNow] = useState(() => new Date());
  const sdt = meeting?.sdt;
  const edt = meeting?.edt;
  useEffect(() => {
    const tick = setInterval(() => setNow(new Date()), 30_000);
    const timers = [sdt ? startWindowOpensAt(sdt).getTime() : Number.NaN, edt ? Date.parse(edt) : Number.NaN]
      .map((at) => at - Date.now())
      // setTimeout runs at once past 2^31 ms (24.8 days): the 30 s tick covers anything that far.
      .filter((ms) => ms > 0 && ms < 2 ** 31 - 1)
      .map((ms) => setTimeout(() => setNow(new Date()), ms + 50));
    return () => {
      clearInterval(tick);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [sdt, edt]);
  return now;
}
