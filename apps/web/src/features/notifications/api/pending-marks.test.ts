import type { NotificationPage } from '@foyer/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aNotification } from '../notification.testing';
import { type PendingMarks, withMarks } from './pending-marks';

const note = (id: number, dt: string, read = false, seen = false) =>
  aNotification({ id, type: 'participant_meet_invitation', dt, eId: 1, read, seen });

/** Two pages, newest first: 3 unread (one of them on the second page), 2 unseen. */
const pages = (): InfiniteData<NotificationPage, number | null> => ({
  pageParams: [null, 2],
  pages: [
    {
      items: [note(4, '2026-11-30T10:04:00.000Z'), note(3, '2026-11-30T10:03:00.000Z', true)],
      nextCursor: 2,
      unread: 3,
      unseen: 2,
      seenAt: '2026-11-30T10:02:00.000Z',
    },
    {
      items: [
        note(2, '2026-11-30T10:02:00.000Z', false, true),
        note(1, '2026-11-30T10:01:00.000Z', false, true),
      ],
      nextCursor: null,
      unread: 3,
      unseen: 2,
      seenAt: '2026-11-30T10:02:00.000Z',
    },
  ],
});

const none: PendingMarks = { read: new Set(), allRead: false, seenUntil: '' };
const flags = (data: InfiniteData<NotificationPage, number | null>) =>
  data.pages.flatMap((p) => p.items.map((n) => `${n.id}:${n.read ? 'r' : '-'}${n.seen ? 's' : '-'}`));

describe('marks on their way, laid over the bell list', () => {
  it('none: the answer itself', () => {
    const data = pages();
    expect(withMarks(data, none)).toBe(data);
  });

  it('A4.37 a read on its way shows read, and every page counts one unread less per unread it reads', () => {
    // 3 is read already: only 2 counts.
    const shown = withMarks(pages(), { ...none, read: new Set([2, 3]) });
    expect(flags(shown)).toEqual(['4:--', '3:r-', '2:rs', '1:-s']);
    expect(shown.pages.map((p) => p.unread)).toEqual([2, 2]);
  });

  it('A4.38 every one being read: none unread', () => {
    const shown = withMarks(pages(), { ...none, allRead: true });
    expect(flags(shown)).toEqual(['4:r-', '3:r-', '2:rs', '1:rs']);
    expect(shown.pages.map((p) => p.unread)).toEqual([0, 0]);
  });

  it('A4.36 seen up to the date the drawer named; a later one stays unseen', () => {
    const shown = withMarks(pages(), { ...none, seenUntil: '2026-11-30T10:03:00.000Z' });
    expect(flags(shown)).toEqual(['4:--', '3:rs', '2:-s', '1:-s']);
    expect(shown.pages.map((p) => p.unseen)).toEqual([1, 1]);
  });
});
