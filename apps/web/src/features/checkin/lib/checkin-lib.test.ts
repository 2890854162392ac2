import type { CheckInResult } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_LABEL_MAX, newDeviceId, parseDevice } from './device';
import { HANDHELD_IDLE_MS, HandheldBuffer } from './handheld';
import {
  canAct,
  capacityLevel,
  problemOf,
  scanFields,
  scanMethodOf,
  shortMoment,
  waitsForScanNext,
} from './mode';
import { viewPerson, viewTone } from './view';

const device = { deviceId: 'door-0123456789abcdef', deviceLabel: 'Gate B' };

describe('handheld scanner input', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('E9.32 takes the code 1000 ms after the typing stops, not before', () => {
    const sent: string[] = [];
    const buffer = new HandheldBuffer((code) => sent.push(code));
    for (const [i, text] of ['T', 'TK', 'TK-', 'TK-1', 'TK-12'].entries()) {
      buffer.input(text);
      vi.advanceTimersByTime(i === 4 ? HANDHELD_IDLE_MS - 1 : 200); // keys 200 ms apart
    }
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['TK-12']);
    vi.advanceTimersByTime(5 * HANDHELD_IDLE_MS);
    expect(sent).toEqual(['TK-12']); // once, and the buffer is empty again
  });

  it('E9.32 Enter takes it at once and nothing follows later', () => {
    const sent: string[] = [];
    const buffer = new HandheldBuffer((code) => sent.push(code));
    buffer.input('TK-7');
    buffer.enter('TK-7');
    expect(sent).toEqual(['TK-7']);
    vi.advanceTimersByTime(HANDHELD_IDLE_MS * 2);
    expect(sent).toEqual(['TK-7']);
  });

  it('E9.32 sends nothing for blank input, or after cancel', () => {
    const sent: string[] = [];
    const buffer = new HandheldBuffer((code) => sent.push(code));
    buffer.input('   ');
    vi.advanceTimersByTime(HANDHELD_IDLE_MS);
    buffer.enter('');
    buffer.input('TK-9');
    buffer.cancel();
    vi.advanceTimersByTime(HANDHELD_IDLE_MS);
    expect(sent).toEqual([]);
  });
});

describe('scan modes', () => {
  it('E4.71 E3.35 a fast scan toggles and names the method and the device', () => {
    expect(scanFields({ scanType: 'fast', direction: 'out', source: 'camera', device })).toEqual({
      checkIn: true,
      toggle: true,
      scanType: 'fast',
      scanMethod: 'camera',
      deviceId: device.deviceId,
      deviceLabel: 'Gate B',
    });
  });

  it('E3.35 an individual scan goes the chosen way, without toggle; no empty label is sent', () => {
    const fields = scanFields({
      scanType: 'individual',
      direction: 'out',
      source: 'handheld',
      device: { ...device, deviceLabel: '  ' },
    });
    expect(fields).toEqual({
      checkIn: false,
      scanType: 'individual',
      scanMethod: 'handheldScanner',
      deviceId: device.deviceId,
    });
    expect(scanFields({ scanType: 'individual', direction: 'in', source: 'lookup', device })).toMatchObject({
      checkIn: true,
    });
  });

  it('E3.35 a desk search is no scan method', () => {
    expect(scanMethodOf('lookup')).toBeUndefined();
    expect(scanMethodOf('camera')).toBe('camera');
    expect(scanMethodOf('handheld')).toBe('handheldScanner');
  });

  it('E4.66 E4.67 individual mode waits for "Scan next", fast mode does not', () => {
    expect(waitsForScanNext('individual')).toBe(true);
    expect(waitsForScanNext('fast')).toBe(false);
  });

  it('E4.70 the check-in buttons are disabled once a status exists or while sending', () => {
    expect(canAct({ hasStatus: false, pending: false })).toBe(true);
    expect(canAct({ hasStatus: true, pending: false })).toBe(false);
    expect(canAct({ hasStatus: false, pending: true })).toBe(false);
  });

  it('warns at 90 % ("nearly full") and 100 % ("full"); no capacity never warns', () => {
    expect(capacityLevel({ capacity: 80, capacityUsed: 71 })).toBe('ok');
    expect(capacityLevel({ capacity: 80, capacityUsed: 72 })).toBe('nearlyFull');
    expect(capacityLevel({ capacity: 80, capacityUsed: 80 })).toBe('full');
    expect(capacityLevel({ capacity: 80, capacityUsed: 95 })).toBe('full');
    expect(capacityLevel({ capacity: null, capacityUsed: 5000 })).toBe('ok');
    expect(capacityLevel({ capacity: 0, capacityUsed: 0 })).toBe('ok');
  });

  it('E8.06 E8.14 names the problem of a failed check-in by its status', () => {
    expect(problemOf({ status: 404, message: 'Ticket not found' })).toBe('notFound');
    expect(problemOf({ status: 400, message: 'bad' })).toBe('invalidCode');
    expect(problemOf({ status: 403, message: 'The event has finished' })).toBe('finished');
    expect(problemOf({ status: 403, message: 'Check-in is denied for this user type' })).toBe('denied');
    expect(problemOf({ status: 0, message: 'offline' })).toBe('failed');
    expect(problemOf(new Error('x'))).toBe('failed');
  });

  it('shows the time alone for today, with the date otherwise', () => {
    expect(shortMoment('2025-03-09 10:42', '2025-03-09 18:00')).toBe('10:42');
    expect(shortMoment('2025-03-08 10:42', '2025-03-09 18:00')).toBe('2025-03-08 10:42');
  });
});

describe('result panel tones', () => {
  const result = (outcome: CheckInResult['outcome']): CheckInResult => ({
    outcome,
    errorMessage: null,
    person: {
      participantId: 1,
      ticketId: 'TK-1',
      fullName: 'Alex Morgan',
      company: '',
      jobTitle: '',
      participantType: null,
      photo: null,
    },
    area: {
      id: 'allEvent',
      eventId: 1,
      entityType: 'event',
      entityId: null,
      name: 'Venue entrance',
      capacity: null,
      capacityUsed: 0,
      allowedPart: [],
    },
    badgePrinted: false,
    previous: null,
  });

  it('E4.65 green done, amber already so, red refused or unreadable', () => {
    const tone = (outcome: CheckInResult['outcome']) =>
      viewTone({ kind: 'result', seq: 1, result: result(outcome) });
    expect(tone('checkedIn')).toBe('success');
    expect(tone('checkedOut')).toBe('success');
    expect(tone('alreadyCheckedIn')).toBe('warning');
    expect(tone('alreadyCheckedOut')).toBe('warning');
    expect(tone('fullyOccupied')).toBe('error');
    expect(tone('wrongTicketType')).toBe('error');
    expect(viewTone({ kind: 'problem', seq: 1, problem: 'invalidCode', code: 'x y', message: '' })).toBe(
      'error',
    );
    expect(viewTone({ kind: 'pending', seq: 1, code: 'TK-1' })).toBe('pending');
    const picked = { kind: 'person' as const, seq: 1, person: result('checkedIn').person, status: null };
    expect(viewTone(picked)).toBeNull();
    expect(viewPerson(picked)?.fullName).toBe('Alex Morgan');
  });
});

describe('door device settings', () => {
  it('makes an id once and keeps it, with the defaults', () => {
    const fresh = parseDevice(null, () => 'door-aaaaaaaaaaaaaaaa');
    expect(fresh).toEqual({
      id: 'door-aaaaaaaaaaaaaaaa',
      label: '',
      scanType: 'individual',
      source: 'handheld',
      muted: false,
      cameraError: null,
    });
    const again = parseDevice(
      JSON.stringify({ ...fresh, scanType: 'fast', source: 'camera', label: 'Gate B' }),
    );
    expect(again).toMatchObject({
      id: 'door-aaaaaaaaaaaaaaaa',
      scanType: 'fast',
      source: 'camera',
      label: 'Gate B',
    });
  });

  it('falls back field by field on bad stored values', () => {
    const parsed = parseDevice(
      JSON.stringify({ id: 'bad id!', scanType: 'slow', source: 'fax', muted: 'yes', label: 'x'.repeat(99) }),
      () => 'door-bbbbbbbbbbbbbbbb',
    );
    expect(parsed).toMatchObject({
      id: 'door-bbbbbbbbbbbbbbbb',
      scanType: 'individual',
      source: 'handheld',
      muted: false,
    });
    expect(parsed.label).toHaveLength(DEVICE_LABEL_MAX);
    expect(parseDevice('{not json', () => 'door-cccccccccccccccc').id).toBe('door-cccccccccccccccc');
    expect(parseDevice('[1,2]', () => 'door-dddddddddddddddd').id).toBe('door-dddddddddddddddd');
  });

  it('device ids fit the contract (8–64 characters of [\\w-])', () => {
    const id = newDeviceId((bytes) => bytes.fill(171));
    expect(id).toBe('door-abababababababab');
    expect(newDeviceId()).toMatch(/^[\w-]{8,64}$/);
  });
});
