import type { DomainLookupResult } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { eventIndexPath } from './domain';
import { eventDomainLabel } from './host';

describe('the event domain of the page host', () => {
  it('A2.01 A9.53 the first host label names the event domain, unless it is one of the three excluded labels', () => {
    expect(eventDomainLabel('demo.foyer.test')).toBe('demo');
    expect(eventDomainLabel('Expo.Example.COM')).toBe('expo');
    expect(eventDomainLabel('www.foyer.test')).toBeNull();
    expect(eventDomainLabel('app.foyer.test')).toBeNull();
    expect(eventDomainLabel('localhost')).toBeNull();
    expect(eventDomainLabel('127.0.0.1')).toBeNull();
    expect(eventDomainLabel('')).toBeNull();
  });

  it('A2.02 the public event of the domain opens at /event/{eventId}/{indexPagePath}', () => {
    const info = {
      domain: { id: 42, publicEvent: true, indexPagePath: 'sessions', useTicketIdForSignup: false },
    } as DomainLookupResult;
    expect(eventIndexPath(info)).toBe('/event/42/sessions');
    expect(eventIndexPath({ ...info, domain: { ...info.domain, indexPagePath: '/lobby' } })).toBe(
      '/event/42/lobby',
    );
  });
});
