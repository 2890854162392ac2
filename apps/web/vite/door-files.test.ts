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
    dynamicImports: ['shell', 'console', 'login', 'texts/tr/checkin', 'texts/tr/agenda', 'texts/ru/checkin'],
    css: ['index'],
  }),
  chunk('texts/tr/checkin'),
  chunk('texts/tr/agenda'),
  chunk('texts/ru/checkin'),
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
  // A feature's screen that also holds its English texts is not a texts' file.
  { ...chunk('agenda'), moduleIds: ['agenda', 'texts/en/agenda'] },
];

describe('the door’s files (door-files.json)', () => {
  const files = doorFiles(build, ['shell'], 'panel', 'texts/');

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

  it('A4.04 holds every language’s texts, all of each (a door may show one first while offline)', () => {
    for (const file of ['texts/tr/checkin.js', 'texts/tr/agenda.js', 'texts/ru/checkin.js']) {
      expect(files).toContain(`/assets/${file}`);
    }
  });

  it('leaves out the app’s other screens, which the entry and the frame load later', () => {
    for (const file of ['console.js', 'charts.js', 'login.js', 'chat.js', 'attendees.js', 'agenda.js']) {
      expect(files).not.toContain(`/assets/${file}`);
    }
    expect(files).toHaveLength(new Set(files).size);
  });

  it('a build without the panel or its opener is an error, not an empty list', () => {
    expect(() => doorFiles(build, ['shell'], 'gone', 'texts/')).toThrow(/no chunk holds gone/);
    expect(() => doorFiles(build, ['gone'], 'panel', 'texts/')).toThrow(/no chunk holds gone/);
    expect(() => doorFiles(build, ['shell'], 'panel', 'words/')).toThrow(/only texts of words\//);
  });
});
