import { type FloatingPosition, Tooltip } from '@mantine/core';

/** Mantine's Tooltip beside its element (`target`), for `HoverTip`, which loads this file lazily. */
export function HoverTipFloating(props: {
  target: HTMLElement;
  label: string;
  position?: FloatingPosition;
  withArrow?: boolean;
  defaultOpened: boolean;
}) {
  return <Tooltip {...props} />;
}
