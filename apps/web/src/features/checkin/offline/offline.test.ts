import {
  CHECK_IN_SYNC_MAX_SCANS,
  type CheckInChangedPayload,
  type CheckInList,
  type CheckInOverview,
} from '@foyer/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyCheckInChange } from '../api/live';
import type { PendingScan } from './db';
import { batches } from './sync';

const person = (id: number) => ({
  participantId: id,
  ticketId: `T${id}`,
  fullName: `Person ${id}`,
  company: '',
  jobTitle: '',
  participantType: null,
  photo: null,
});

const change = (
  kind: 'in' | 'out',
  id: number,
  capacityUsed: number,
  at = '2030-05-01T10:00:00.000Z',
): CheckInChangedPayload => ({
  eventId: 7,
  area: {
    id: 'location:3',
    eventId: 1,
    entityType: 'location',
    entityId: 3,
    name: 'Hall',
    capacity: 10,
    capacityUsed,
    allowedPart: [],
  },
  change: kind,
  person: person(id),
  at,
});

describe('the live door patches what staff see (E7.73)', () => {
  it('E7.73 a check-in elsewhere updates the area count and puts the person first in the inside list', () => {
    const client = new QueryClient();
    const areas: CheckInOverview = {
      areas: [
        {
          id: 'allEvent',
          eventId: 1,
          entityType: 'event',
          entityId: null,
          name: 'Venue entrance',
          capacity: null,
          capacityUsed: 4,
          allowedPart: [],
        },
        {
          id: 'location:3',
          eventId: 1,
          entityType: 'location',
          entityId: 3,
          name: 'Hall',
          capacity: 10,
          capacityUsed: 1,
          allowedPart: [],
        },
      ],
    };
    client.setQueryData(['checkIn', 'areas', 7], areas);
    const key = ['checkIn', 'inside', 7, 'location', 3];
    client.setQueryData<CheckInList>(key, {
      items: [{ ...person(1), checkedInAt: '2030-05-01T09:00:00.000Z' }],
      total: 1,
    });
    applyCheckInChange(client, change('in', 2, 2));
    expect(
      client.getQueryData<CheckInOverview>(['checkIn', 'areas', 7])?.areas.map((a) => a.capacityUsed),
    ).toEqual([4, 2]);
    expect(client.getQueryData<CheckInList>(key)).toMatchObject({
      total: 2,
      items: [{ participantId: 2 }, { participantId: 1 }],
    });
    // The same push twice (a catch-up after a reconnect) keeps one row.
    applyCheckInChange(client, change('in', 2, 2));
    expect(client.getQueryData<CheckInList>(key)?.items).toHaveLength(2);
    applyCheckInChange(client, change('out', 1, 1));
    expect(client.getQueryData<CheckInList>(key)).toMatchObject({ total: 1, items: [{ participantId: 2 }] });
  });

  it('E7.73 someone leaving a full page marks the list stale, to fetch who is next', () => {
    const client = new QueryClient();
    const key = ['checkIn', 'inside', 7, 'location', 3];
    const items = Array.from({ length: 20 }, (_, i) => ({
      ...person(i + 1),
      checkedInAt: '2030-05-01T09:00:00.000Z',
    }));
    client.setQueryData<CheckInList>(key, { items, total: 25 });
    applyCheckInChange(client, change('out', 5, 24));
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(client.getQueryData<CheckInList>(key)?.items).toHaveLength(19);
  });
});

describe('offline scans go to the server in batches (issue 14 part 4)', () => {
  const scan = (nonce: string, deviceId: string, eventId = 7, deviceLabel = 'Gate A'): PendingScan => ({
    nonce,
    eventId,
    deviceId,
    deviceLabel,
    ticketId: 'T1',
    checkIn: true,
    entityType: 'event',
    entityId: null,
    scannedAt: '2030-05-01T10:00:00.000Z',
    person: null,
    expected: null,
    state: 'pending',
  });

  it('E4.65 one request per event, device and label, never more than the server takes', () => {
    const many = Array.from({ length: CHECK_IN_SYNC_MAX_SCANS + 5 }, (_, i) => scan(`n-${i}`, 'door-1'));
    const out = batches([
      ...many,
      scan('x', 'door-2'),
      scan('y', 'door-1', 8),
      scan('z', 'door-1', 7, 'Gate B'),
    ]);
    expect(out.map((b) => b.length)).toEqual([CHECK_IN_SYNC_MAX_SCANS, 5, 1, 1, 1]);
    expect(out[0]?.[0]?.nonce).toBe('n-0'); // oldest first within a device
  });
});
