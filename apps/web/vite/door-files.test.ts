import { describe, expect, it } from 'vitest';
import { type DoorChunk, doorFiles } from './door-files';

/** A chunk of a made-up build: its file is its name, it holds the module of the same name. */
function chunk(
  name: string,
  parts: Partial<DoorChunk> & { css?: string[]; assets?: string[] } = {},
): DoorChunk {
  return {
    fileName: `assets/${name}.js`,
    isEntry: parts.isEntry ?? false,
    moduleIds: [name],
    imports: (parts.imports ?? []).map((i) => `assets/${i}.js`),
    dynamicImports: (parts.dynamicImports ?? []).map((i) => `assets/${i}.js`),
    viteMetadata: {
      importedCss: new Set((parts.css ?? []).map((c) => `assets/${c}.css`)),
      importedAssets: new Set((parts.assets ?? []).map((a) => `assets/${a}`)),
    },
  };
}

const build = [
  chunk('index', {
    isEntry: true,
    imports: ['runtime'],
    dynamicImports: ['shell', 'console', 'login'],
    css: ['index'],
  }),
  chunk('runtime'),
  chunk('shell', {
    imports: ['index', 'mantine'],
    dynamicImports: ['panel', 'chat', 'attendees'],
    css: ['shell'],
  }),
  chunk('mantine'),
  chunk('panel', { imports: ['index', 'shell', 'zod'], dynamicImports: ['scanner', 'printer'] }),
  chunk('zod'),
  chunk('scanner', { imports: ['icons'], dynamicImports: ['decoder'] }),
  chunk('decoder', { assets: ['zxing.wasm'] }),
  chunk('printer', { css: ['printer'] }),
  chunk('icons'),
  chunk('console', { imports: ['charts'] }),
  chunk('charts'),
  chunk('login'),
  chunk('chat'),
  chunk('attendees'),
];

describe('the door’s files (door-files.json)', () => {
  const files = doorFiles(build, ['shell'], 'panel');

  it('A4.04 holds the panel and all it loads later: the camera’s decoder with its .wasm, the printer with its CSS', () => {
    for (const file of [
      'panel.js',
      'zod.js',
      'scanner.js',
      'icons.js',
      'decoder.js',
      'zxing.wasm',
      'printer.js',
      'printer.css',
    ]) {
      expect(files).toContain(`/assets/${file}`);
    }
  });

  it('A4.04 holds what opens the door: the entry and the frame, with their imports and CSS', () => {
    for (const file of ['index.js', 'runtime.js', 'index.css', 'shell.js', 'mantine.js', 'shell.css']) {
      expect(files).toContain(`/assets/${file}`);
    }
  });

  it('leaves out the app’s other screens, which the entry and the frame load later', () => {
    for (const file of ['console.js', 'charts.js', 'login.js', 'chat.js', 'attendees.js']) {
      expect(files).not.toContain(`/assets/${file}`);
    }
    expect(files).toHaveLength(new Set(files).size);
  });

  it('a build without the panel or its opener is an error, not an empty list', () => {
    expect(() => doorFiles(build, ['shell'], 'gone')).toThrow(/no chunk holds gone/);
    expect(() => doorFiles(build, ['gone'], 'panel')).toThrow(/no chunk holds gone/);
  });
});
