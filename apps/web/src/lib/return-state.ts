import type { Location } from 'react-router';

/** Where a guard sent the user from, so login can bring them back. */
export interface ReturnState {
  from?: Location;
}
