import { DROPDOWN_NAME_MAX_CHARS } from '@foyer/contract';

/**
 * E5.50: a name shown in a dropdown is cut after 9 characters and ends in an ellipsis; a name of
 * 9 characters or fewer is shown whole. Characters are counted as code points (an emoji or a
 * non-Latin letter is one), and the cut never leaves a trailing space before the ellipsis.
 */
export function dropdownName(name: string, max: number = DROPDOWN_NAME_MAX_CHARS): string {
  const trimmed = name.trim();
  const chars = Array.from(trimmed);
  if (chars.length <= max) return trimmed;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}
