import { darkenUntilReadable, mixHexColors, parseHexColor, readableTextColor } from '@foyer/contract';
import type { CSSProperties } from 'react';

const TINTS = [0.92, 0.84, 0.68, 0.5, 0.32, 0.16];

export interface EventTheme {
  /** CSS variables that re-point the app's primary colour inside the event area. */
  style: CSSProperties;
  /** The banner band's background and its readable text colour. */
  band: { background: string; color: string };
}

/**
 * A1.11: the event's colours as a theme override for its area. Every primary-coloured component
 * reads `--mantine-color-foyer-*`, so redefining those on the area's root re-themes it without a
 * second provider. The filled shade is darkened until white text on it passes AA.
 */
export function eventTheme(colors: Record<string, string> | null | undefined): EventTheme | null {
  const base = colors?.primary;
  if (!base || !parseHexColor(base)) return null;
  const readable = darkenUntilReadable(base);
  const shade7 = readable === base ? mixHexColors(base, '#000000', 0.1) : readable;
  const shades = [
    ...TINTS.map((amount) => mixHexColors(base, '#ffffff', amount)),
    base,
    shade7,
    mixHexColors(shade7, '#000000', 0.15),
    mixHexColors(shade7, '#000000', 0.3),
  ];
  const vars: Record<string, string> = {};
  shades.forEach((shade, index) => {
    vars[`--mantine-color-foyer-${index}`] = shade;
    vars[`--mantine-primary-color-${index}`] = shade;
  });
  const named = {
    filled: shade7,
    'filled-hover': shades[8] as string,
    light: mixHexColors(base, '#ffffff', 0.9),
    'light-hover': mixHexColors(base, '#ffffff', 0.84),
    'light-color': shades[8] as string,
    outline: shade7,
    'outline-hover': mixHexColors(base, '#ffffff', 0.92),
    text: shade7,
  };
  for (const [name, value] of Object.entries(named)) {
    vars[`--mantine-color-foyer-${name}`] = value;
    vars[`--mantine-primary-color-${name}`] = value;
  }
  vars['--mantine-primary-color-contrast'] = readableTextColor(shade7);
  vars['--mantine-color-anchor'] = shade7;
  return { style: vars as CSSProperties, band: { background: shade7, color: readableTextColor(shade7) } };
}
