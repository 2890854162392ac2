import { EXCLUDED_HOST_LABELS } from '@foyer/contract';

/**
 * The first label of the page's host when it may name an event domain (A2.01, A2.41), else null.
 * Besides the three excluded labels, bare IP addresses are skipped: they cannot carry an event label.
 */
export function eventDomainLabel(hostname: string = window.location.hostname): string | null {
  const host = hostname.toLowerCase();
  if (!host || /^[\d.]+$/.test(host) || host.includes(':')) return null;
  const label = host.split('.')[0] ?? '';
  if (!label || (EXCLUDED_HOST_LABELS as readonly string[]).includes(label)) return null;
  return label;
}
