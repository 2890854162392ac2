import { type Location, useLocation } from 'react-router';
import { backgroundLocationOf } from '../../lib/modal-route';
import { useBreakpoint } from '../../lib/use-breakpoint';

/**
 * A2.21, A2.22: the page a modal route opens over, when it should. On mobile modal routes are full
 * pages, so the background is ignored there.
 */
export function useModalBackground(): Location | undefined {
  const location = useLocation();
  const mobile = useBreakpoint() === 'mobile';
  return mobile ? undefined : backgroundLocationOf(location);
}
