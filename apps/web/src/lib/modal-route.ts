import type { Location } from 'react-router';

/**
 * Modal routes (A2.21): a link opened "over" the current page carries the page it came from as
 * `backgroundLocation`; the router keeps rendering that page and shows the target in a modal.
 * Without it (direct load, reload, mobile) the same URL renders as a full page (A2.22).
 */
export interface ModalRouteState {
  backgroundLocation?: Location;
  /** A2.29: invitation pages may carry these. */
  isBooth?: boolean;
  invitationId?: number;
  /** E2.19: the page an invitation page was opened from, which its back link returns to. */
  page?: 'invitation' | 'agenda';
}

/** Route state for a link that opens `to` in a modal over `from`. */
export function overCurrentPage(from: Location, extra: Omit<ModalRouteState, 'backgroundLocation'> = {}) {
  const state: ModalRouteState = { ...extra, backgroundLocation: from };
  return state;
}

export function backgroundLocationOf(location: Location): Location | undefined {
  return (location.state as ModalRouteState | null)?.backgroundLocation;
}
