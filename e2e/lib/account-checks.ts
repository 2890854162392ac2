/**
 * The regions the account and public screens own: their axe checks count only violations inside
 * them (`expectNoSeriousAxe(page, name, { within: ACCOUNT_REGIONS })`); the shell has its own checks.
 */
export const ACCOUNT_REGIONS = [
  '[data-testid="account-page"]',
  '[role="dialog"]',
  '[data-testid="static-header"]',
  '[data-testid="static-menu"]',
  '[data-testid="static-content"]',
  '[data-testid="cookie-banner"]',
  '[data-testid="crash-screen"]',
  '[data-testid="offline-notice"]',
].join(', ');
