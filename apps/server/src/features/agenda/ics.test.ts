import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, formatUtc, plainText } from './ics';

describe('ICS writer (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and newlines in TEXT', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('writes UTC date-times', () => {
    expect(formatUtc(new Date('2026-11-22T09:05:07.123Z'))).toBe('20261122T090507Z');
  });

  it('folds lines at 75 octets with a leading space, never inside a UTF-8 character', () => {
    const ascii = `SUMMARY:${'x'.repeat(200)}`;
    const folded = foldLine(ascii).split('\r\n');
    expect(folded.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(folded.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(folded.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(ascii);

    const multi = `SUMMARY:${'ğü€😀'.repeat(30)}`;
    const parts = foldLine(multi).split('\r\n');
    expect(parts.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(parts.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(multi);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('builds a calendar with CRLF line ends, UID, DTSTAMP, DTSTART and DTEND', () => {
    const text = buildCalendar({
      name: 'Demo, agenda',
      now: new Date('2026-11-20T00:00:00Z'),
      refreshMinutes: 60,
      events: [
        {
          uid: 'session-1@foyer.test',
          start: new Date('2026-11-22T10:00:00Z'),
          end: new Date('2026-11-22T11:00:00Z'),
          summary: 'Keynote; opening, day 1',
          description: 'Line 1\nLine 2',
          location: 'Hall A',
          url: 'https://foyer.test/event/1/sessions/1',
          status: 'TENTATIVE',
        },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('X-WR-CALNAME:Demo\\, agenda');
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT60M');
    expect(lines).toContain('UID:session-1@foyer.test');
    expect(lines).toContain('DTSTAMP:20261120T000000Z');
    expect(lines).toContain('DTSTART:20261122T100000Z');
    expect(lines).toContain('DTEND:20261122T110000Z');
    expect(lines).toContain('SUMMARY:Keynote\\; opening\\, day 1');
    expect(lines).toContain('DESCRIPTION:Line 1\\nLine 2');
    expect(lines).toContain('STATUS:TENTATIVE');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('drops control characters that TEXT may not hold', () => {
    const text = buildCalendar({
      name: 'x',
      now: new Date(0),
      events: [{ uid: 'u', start: new Date(0), end: new Date(1000), summary: 'a\u0000b\u0007c\td' }],
    });
    expect(text).toContain('SUMMARY:abc\td');
  });

  it('turns rich-text descriptions into plain text', () => {
    expect(plainText('<p>Hello &amp; <b>welcome</b></p><p>Bye</p>')).toBe('Hello & welcome\nBye');
  });
});
