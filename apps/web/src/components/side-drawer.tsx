import { DRAWER_CLOSE_MS } from '@foyer/contract';
import { Drawer, type DrawerProps } from '@mantine/core';
import { createContext, useContext, useRef } from 'react';
import { useTranslation } from '../i18n/react';

/**
 * Told when a side drawer's close transition has ended, with the drawer's dialog element: the shell
 * gives focus back to what opened it (A2.85).
 */
export const SideDrawerClosed = createContext<((drawer: Element | null) => void) | null>(null);

/**
 * A side drawer as the shell uses them (A2.85): closes on Escape and on a click outside with a
 * 500 ms animation, traps focus while open and gives it back to the opener when closed.
 */
export function SideDrawer({
  testId,
  children,
  onExitTransitionEnd,
  ...props
}: DrawerProps & { testId?: string }) {
  const { t } = useTranslation();
  const closed = useContext(SideDrawerClosed);
  const content = useRef<HTMLDivElement>(null);
  return (
    <Drawer
      position="right"
      size="md"
      closeOnEscape
      closeOnClickOutside
      trapFocus
      returnFocus
      transitionProps={{ duration: DRAWER_CLOSE_MS, exitDuration: DRAWER_CLOSE_MS }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      onExitTransitionEnd={() => {
        onExitTransitionEnd?.();
        closed?.(content.current?.closest('[role="dialog"]') ?? null);
      }}
      {...props}
    >
      <div data-testid={testId} ref={content}>
        {children}
      </div>
    </Drawer>
  );
}
