import { describe, expect, it } from 'vitest';
import {
  badgeCode,
  canPrintBadge,
  checkInOutcomeCode,
  checkInOutcomes,
  checkInRequest,
  isCheckInSuccess,
} from './checkin';
import { ticketIdFromCode } from './contacts';

describe('check-in rules', () => {
  it('E3.34 E7.04 a request needs a ticket or participant id, and an entity id for an area', () => {
    expect(checkInRequest.safeParse({ eventId: 1, checkIn: true, ticketId: 'ABC-1' }).data).toMatchObject({
      entityType: 'event',
      ticketId: 'ABC-1',
    });
    expect(checkInRequest.safeParse({ eventId: 1, checkIn: false, participantId: 4 }).success).toBe(true);
    expect(checkInRequest.safeParse({ eventId: 1, checkIn: true }).success).toBe(false);
    expect(
      checkInRequest.safeParse({ eventId: 1, checkIn: true, ticketId: 'x', entityType: 'session' }).success,
    ).toBe(false);
    expect(
      checkInRequest.safeParse({
        eventId: 1,
        checkIn: true,
        ticketId: 'x',
        entityType: 'session',
        entityId: 3,
      }).success,
    ).toBe(true);
    expect(checkInRequest.safeParse({ eventId: 1, checkIn: true, ticketId: 'a#b' }).success).toBe(false);
  });

  it('E8.01–E8.04 E8.03 refused outcomes carry their MST codes; successes none', () => {
    expect(checkInOutcomeCode).toEqual({
      alreadyCheckedIn: 'MST-00113',
      alreadyCheckedOut: 'MST-00120',
      fullyOccupied: 'MST-00114',
      wrongTicketType: 'MST-00116',
    });
    expect(checkInOutcomes.filter(isCheckInSuccess)).toEqual(['checkedIn', 'checkedOut']);
  });

  it('E4.70 a badge is printable only once the person is in', () => {
    expect(checkInOutcomes.filter(canPrintBadge)).toEqual(['checkedIn', 'alreadyCheckedIn']);
    expect(canPrintBadge(null)).toBe(false);
  });

  it('E5.52 a badge code is a link with a tickets segment that scanners read back', () => {
    const code = badgeCode('https://foyer.example/', 'ZDF-12');
    expect(code).toBe('https://foyer.example/tickets/ZDF-12');
    expect(ticketIdFromCode(code)).toBe('ZDF-12');
  });
});
