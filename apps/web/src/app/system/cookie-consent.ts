import { COOKIE_CONSENT_DAYS } from '@foyer/contract';
import { COOKIE_CONSENT_KEY } from '../../lib/storage';

/** A5.41: the two choices the banner offers. */
export type CookieConsent = 'allow' | 'dismiss';

const MAX_AGE_S = COOKIE_CONSENT_DAYS * 86_400; // A9.03

function isConsent(value: unknown): value is CookieConsent {
  return value === 'allow' || value === 'dismiss';
}

/** The choice in a `document.cookie` string, or null. */
export function consentFromCookie(cookie: string): CookieConsent | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE_CONSENT_KEY) {
      const value = decodeURIComponent(rest.join('='));
      return isConsent(value) ? value : null;
    }
  }
  return null;
}

/** The cookie that keeps the choice for 360 days (A9.03). */
export function consentCookie(choice: CookieConsent, secure: boolean): string {
  return `${COOKIE_CONSENT_KEY}=${choice}; Max-Age=${MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The local copy (the key logout keeps, A3.25) holds its own expiry, for shells whose web view
 * drops cookies between launches.
 */
export function consentFromStorage(raw: string | null, now: number): CookieConsent | null {
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { status?: unknown; expires?: unknown };
    return isConsent(stored.status) && typeof stored.expires === 'number' && stored.expires > now
      ? stored.status
      : null;
  } catch {
    return null;
  }
}

export function consentForStorage(choice: CookieConsent, now: number): string {
  return JSON.stringify({ status: choice, expires: now + MAX_AGE_S * 1000 });
}

export function readConsent(): CookieConsent | null {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(COOKIE_CONSENT_KEY);
  } catch {
    // storage unavailable: the cookie alone decides
  }
  return consentFromCookie(document.cookie) ?? consentFromStorage(stored, Date.now());
}

export function writeConsent(choice: CookieConsent): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
  document.cookie = consentCookie(choice, window.location.protocol === 'https:');
  try {
    localStorage.setItem(COOKIE_CONSENT_KEY, consentForStorage(choice, Date.now()));
  } catch {
    // the cookie still carries the choice
  }
}
