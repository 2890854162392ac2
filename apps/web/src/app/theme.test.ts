import { MODAL_ANIMATION_MS, MODAL_DEFAULT_SIZE } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('the app-wide modal defaults', () => {
  const modal = theme.components?.Modal?.defaultProps as
    | { size?: string | number; transitionProps?: { duration?: number; transition?: string } }
    | undefined;

  it('E2.70 a modal that asks for no size is tiny (Semantic UI’s tiny: 520 px)', () => {
    expect(MODAL_DEFAULT_SIZE).toBe(520);
    expect(modal?.size).toBe(MODAL_DEFAULT_SIZE);
  });

  it('A9.21 E9.35 every modal animates over 400 ms with Mantine’s own transition', () => {
    expect(MODAL_ANIMATION_MS).toBe(400);
    expect(modal?.transitionProps?.duration).toBe(400);
    expect(modal?.transitionProps?.transition).toBe('fade-down');
  });
});
