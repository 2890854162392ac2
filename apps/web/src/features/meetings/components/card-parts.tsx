import { Blockquote, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The other person's words on a card. */
export function Quote({ text, testId }: { text: string | null | undefined; testId?: string }) {
  if (!text) return null;
  return (
    <Blockquote p="xs" radius="sm" fz="sm" data-testid={testId}>
      {text}
    </Blockquote>
  );
}

/** A card's buttons: right-aligned, wrapping on a phone. */
export function actions(children: ReactNode) {
  return (
    <Group gap="xs" justify="flex-end" wrap="wrap">
      {children}
    </Group>
  );
}
