import { MODAL_ANIMATION_MS, MODAL_DEFAULT_SIZE } from '@foyer/contract';
import {
  Checkbox,
  type CSSVariablesResolver,
  createTheme,
  Loader,
  type MantineColorsTuple,
  Notification,
} from '@mantine/core';

// A darker primary than Mantine's default blue: white text on it passes WCAG AA (axe colour contrast).
const foyer: MantineColorsTuple = [
  '#eaf1fb',
  '#d3e0f3',
  '#a5bfe6',
  '#739cd9',
  '#4a7ecd',
  '#306bc6',
  '#2360b5',
  '#1f4e8c',
  '#1a4378',
  '#123563',
];

export const theme = createTheme({
  primaryColor: 'foyer',
  primaryShade: { light: 7, dark: 5 },
  colors: { foyer },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  components: {
    // Toasts shown without a translated label still get a name for their close button (axe button-name).
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // A spinner is a <span>: its aria-label is allowed only with a role (axe aria-prohibited-attr).
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // WCAG 2.2 target size (2.5.8): 24 px boxes, not Mantine's default 20 px.
    Checkbox: Checkbox.extend({ defaultProps: { size: 'md' } }),
    // Mantine keeps every closed select's options in the page (display: none): the settings page
    // carried 485 of them, 1,666 elements in all. Mounted when the list opens instead. A plain
    // object, as for Modal below, so that Combobox stays out of the first route's chunk.
    Combobox: { defaultProps: { keepMounted: false } },
    // E2.70: a modal that asks for no size is tiny; A9.21: every modal opens and closes over 400 ms.
    // A plain object, not Modal.extend: importing Modal here would put it (and its scroll area's
    // floating-ui) into the first route's chunk.
    Modal: {
      defaultProps: {
        size: MODAL_DEFAULT_SIZE,
        // Mantine's own transition, at the spec's duration (this object replaces Mantine's default).
        transitionProps: { transition: 'fade-down', duration: MODAL_ANIMATION_MS },
      },
    },
  },
});

/**
 * Mantine's light-scheme dimmed text (gray 6) and error text (red 6) fall below 4.5:1 on white;
 * these shades pass WCAG AA for small text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
