import { MOBILE_MAX_WIDTH } from '@foyer/contract';
import { type AddressedScreen, OUTSIDE_FRAME, readAddress } from './read-address';
import { readDefaultTabs } from './storage';

export type { AddressedScreen } from './read-address';

/** The screen this page's address opens, at the window's width. */
export function addressedScreen(
  pathname = window.location.pathname,
  width = window.innerWidth,
): AddressedScreen {
  return readAddress(pathname, width, MOBILE_MAX_WIDTH, OUTSIDE_FRAME, readDefaultTabs());
}
