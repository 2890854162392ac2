import { MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH } from '@foyer/contract';
import { useMediaQuery } from '@mantine/hooks';

export type Breakpoint = 'mobile' | 'tablet' | 'desktop';

const options = { getInitialValueInEffect: false };

/** A9.25, A9.26: mobile 0–767, tablet 768–1024, desktop from 1025 px. */
export function useBreakpoint(): Breakpoint {
  const desktop = useMediaQuery(`(min-width: ${TABLET_MAX_WIDTH + 1}px)`, undefined, options);
  const tablet = useMediaQuery(`(min-width: ${MOBILE_MAX_WIDTH + 1}px)`, undefined, options);
  return desktop ? 'desktop' : tablet ? 'tablet' : 'mobile';
}
