import type { FloatingPosition } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { cloneElement, type ReactElement, type Ref, Suspense, useEffect, useState } from 'react';
import { quietLazy } from '../lib/quiet-lazy';

// Mantine's Tooltip and its positioning library (floating-ui, ~15 KiB gzipped with it) load with the
// first hover, not with the screen that shows the element.
const Tip = quietLazy(async () => (await import('./hover-tip-floating')).HoverTipFloating);

export interface HoverTipProps {
  label: string;
  position?: FloatingPosition;
  withArrow?: boolean;
  /** One element that takes a ref (every Mantine component does), as with Mantine's Tooltip. */
  children: ReactElement<{ ref?: Ref<HTMLElement> }>;
}

/**
 * A tooltip shown on mouse hover, as Mantine's `Tooltip` (whose default events are hover only), but
 * whose code is fetched when the pointer first enters the element. The tooltip is then mounted
 * beside it (Mantine's `target`) open if the pointer is still over the element, and from then on
 * opens and closes by itself. The element keeps its own accessible name: a tooltip only repeats it.
 */
export function HoverTip({ label, position, withArrow, children }: HoverTipProps) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [armed, setArmed] = useState(false);
  const [over, setOver] = useState(false);

  useEffect(() => {
    if (!element || armed) return;
    const enter = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      setOver(true);
      setArmed(true);
    };
    element.addEventListener('pointerenter', enter);
    return () => element.removeEventListener('pointerenter', enter);
  }, [element, armed]);

  // Until the tooltip is mounted, whether to show it open follows the pointer.
  useEffect(() => {
    if (!element || !armed) return;
    const leave = () => setOver(false);
    element.addEventListener('pointerleave', leave);
    return () => element.removeEventListener('pointerleave', leave);
  }, [element, armed]);

  const ref = useMergedRef(setElement, children.props.ref);

  return (
    <>
      {cloneElement(children, { ref })}
      {armed && element && (
        <Suspense fallback={null}>
          <Tip
            target={element}
            label={label}
            position={position}
            withArrow={withArrow}
            defaultOpened={over}
          />
        </Suspense>
      )}
    </>
  );
}
