import { describe, expect, it } from 'vitest';
import {
  findClashes,
  meetingSlotsRequest,
  programmeRoomRequest,
  programmeSessionRequest,
} from './organizer-programme';

const at = (hhmm: string) => `2027-05-10T${hhmm}:00.000Z`;
const session = (
  id: number,
  from: string,
  to: string,
  o: { room?: number | null; speakers?: number[]; parentId?: number } = {},
) => ({
  id,
  parentId: o.parentId ?? null,
  sdt: at(from),
  edt: at(to),
  locationId: o.room ?? null,
  speakers: (o.speakers ?? []).map((participantId) => ({ participantId })),
});

describe('findClashes', () => {
  it('finds two sessions overlapping in one room', () => {
    expect(
      findClashes([session(2, '10:00', '11:00', { room: 7 }), session(1, '10:30', '11:30', { room: 7 })]),
    ).toEqual([{ kind: 'room', sessionIds: [1, 2], locationId: 7, participantId: null }]);
  });

  it('finds a speaker in two overlapping sessions in different rooms', () => {
    expect(
      findClashes([
        session(1, '10:00', '11:00', { room: 1, speakers: [5, 6] }),
        session(2, '10:59', '12:00', { room: 2, speakers: [6, 5] }),
      ]),
    ).toEqual([
      { kind: 'speaker', sessionIds: [1, 2], locationId: null, participantId: 5 },
      { kind: 'speaker', sessionIds: [1, 2], locationId: null, participantId: 6 },
    ]);
  });

  it('lets sessions touch end to start, share no room, or have no room', () => {
    expect(
      findClashes([
        session(1, '10:00', '11:00', { room: 1, speakers: [5] }),
        session(2, '11:00', '12:00', { room: 1, speakers: [5] }),
        session(3, '10:00', '12:00', { room: 2 }),
        session(4, '10:00', '12:00'),
        session(5, '10:00', '12:00'),
      ]),
    ).toEqual([]);
  });

  it('does not count a session against its own time slots', () => {
    expect(
      findClashes([
        session(1, '10:00', '12:00', { room: 1, speakers: [5] }),
        session(2, '10:00', '11:00', { room: 1, speakers: [5], parentId: 1 }),
      ]),
    ).toEqual([]);
  });

  it('reports a room and a speaker clash of one pair, and pairs beyond the first neighbour', () => {
    const clashes = findClashes([
      session(1, '09:00', '13:00', { room: 1, speakers: [9] }),
      session(2, '10:00', '10:30', { room: 2 }),
      session(3, '12:00', '12:30', { room: 1, speakers: [9] }),
    ]);
    expect(clashes.map((c) => `${c.kind}:${c.sessionIds.join('-')}`)).toEqual(['room:1-3', 'speaker:1-3']);
  });
});

describe('programme requests', () => {
  const valid = { name: 'Keynote', sdt: at('10:00'), edt: at('11:00') };

  it('accepts a minimal session with defaults', () => {
    const parsed = programmeSessionRequest.parse(valid);
    expect(parsed).toMatchObject({
      type: 'session',
      capacity: null,
      locationId: null,
      speakers: [],
      allowClash: false,
    });
  });

  it('refuses an end before the start, a capacity out of range and a non-web video link', () => {
    const issues = (body: object) =>
      programmeSessionRequest
        .safeParse({ ...valid, ...body })
        .error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(issues({ edt: at('09:00') })).toEqual(['edt:validation.error.endBeforeStart']);
    expect(issues({ edt: at('10:00') })).toEqual(['edt:validation.error.endBeforeStart']);
    expect(issues({ capacity: 0 })).toEqual(['capacity:validation.error.number']);
    expect(issues({ capacity: 100_001 })).toEqual(['capacity:validation.error.number']);
    expect(issues({ externalLink: 'javascript:alert(1)' })).toEqual([
      'externalLink:organizer.programme.error.url',
    ]);
    expect(issues({ externalLink: 'ftp://example.org/x' })).toEqual([
      'externalLink:organizer.programme.error.url',
    ]);
    expect(programmeSessionRequest.parse({ ...valid, externalLink: '  ', capacity: 100_000 })).toMatchObject({
      externalLink: null,
      capacity: 100_000,
    });
    expect(
      programmeSessionRequest.parse({ ...valid, offlineLink: 'https://video.example.org/r/1' }).offlineLink,
    ).toBe('https://video.example.org/r/1');
  });

  it('refuses one person twice in one role', () => {
    const result = programmeSessionRequest.safeParse({
      ...valid,
      speakers: [
        { participantId: 3, role: 'speaker' },
        { participantId: 3, role: 'speaker' },
      ],
    });
    expect(result.error?.issues[0]?.message).toBe('organizer.programme.error.duplicateSpeaker');
    expect(
      programmeSessionRequest.safeParse({
        ...valid,
        speakers: [
          { participantId: 3, role: 'speaker' },
          { participantId: 3, role: 'moderator' },
        ],
      }).success,
    ).toBe(true);
  });

  it('rooms take a name and an optional capacity', () => {
    expect(programmeRoomRequest.parse({ name: ' Hall A ' })).toEqual({ name: 'Hall A', capacity: null });
    expect(programmeRoomRequest.safeParse({ name: '', capacity: 10 }).success).toBe(false);
    expect(programmeRoomRequest.safeParse({ name: 'x', capacity: 1.5 }).success).toBe(false);
  });

  it('meeting slots need days and a from before a to', () => {
    expect(
      meetingSlotsRequest.safeParse({ days: ['2027-05-10'], from: '09:00', to: '12:00', minutes: 30 })
        .success,
    ).toBe(true);
    expect(
      meetingSlotsRequest.safeParse({ days: ['2027-05-10'], from: '12:00', to: '09:00', minutes: 30 }).error
        ?.issues[0]?.path,
    ).toEqual(['to']);
    expect(meetingSlotsRequest.safeParse({ days: [], from: '09:00', to: '12:00', minutes: 30 }).success).toBe(
      false,
    );
    expect(
      meetingSlotsRequest.safeParse({ days: ['2027-02-30'], from: '09:00', to: '12:00', minutes: 30 })
        .success,
    ).toBe(false);
  });
});
