import { describe, expect, it } from 'vitest';
import { consentCookie, consentForStorage, consentFromCookie, consentFromStorage } from './cookie-consent';

const DAY = 86_400_000;

describe('cookie consent', () => {
  it('A9.03 keeps the choice in cookieconsent_status for 360 days', () => {
    expect(consentCookie('allow', false)).toBe(
      'cookieconsent_status=allow; Max-Age=31104000; Path=/; SameSite=Lax',
    );
    expect(consentCookie('dismiss', true)).toContain('; Secure');
  });

  it('A2.60 A4.46 A5.41 reads allow or dismiss back, and nothing else', () => {
    expect(consentFromCookie('a=1; cookieconsent_status=dismiss; b=2')).toBe('dismiss');
    expect(consentFromCookie('cookieconsent_status=allow')).toBe('allow');
    expect(consentFromCookie('cookieconsent_status=maybe')).toBeNull();
    expect(consentFromCookie('other=allow')).toBeNull();
    expect(consentFromCookie('')).toBeNull();
  });

  it('A9.03 A3.26 the stored copy expires after 360 days', () => {
    const now = Date.UTC(2025, 0, 1);
    const raw = consentForStorage('allow', now);
    expect(consentFromStorage(raw, now + 359 * DAY)).toBe('allow');
    expect(consentFromStorage(raw, now + 361 * DAY)).toBeNull();
    expect(consentFromStorage('allow', now)).toBeNull();
    expect(consentFromStorage(null, now)).toBeNull();
  });
});
