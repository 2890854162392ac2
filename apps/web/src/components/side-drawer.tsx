import { DRAWER_CLOSE_MS } from '@foyer/contract';
import { Drawer, type DrawerProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A side drawer as the shell uses them (A2.85): closes on Escape and on a click outside with a
 * 500 ms animation, traps focus while open and gives it back to the opener when closed.
 */
export function SideDrawer({ testId, children, ...props }: DrawerProps & { testId?: string }) {
  const { t } = useTranslation();
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
      {...props}
    >
      <div data-testid={testId}>{children}</div>
    </Drawer>
  );
}
