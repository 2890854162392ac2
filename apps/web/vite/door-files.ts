import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

const src = resolve(import.meta.dirname, '../src');

/** The file the build writes beside index.html and the service worker reads (public/sw.js). */
export const DOOR_FILES = 'door-files.json';

/**
 * Where the door starts: the frame that opens it (what it imports; its other screens are not the
 * door's) and the check-in panel (all it may ever load: the camera's decoder and its .wasm, the
 * printer's and the settings' pieces, each fetched only when first used).
 */
const OPENED_FROM = [
  'app/shell/modals/check-in-modal.tsx',
  // The check-in screen is a LazyModal: Mantine's Modal comes with its first opening.
  'components/lazy-modal-mantine.tsx',
];
const PANEL = 'features/checkin/components/check-in-panel.tsx';
/**
 * The texts of every language: a door shows the one its device or event asks for, and a language
 * other than English loads its catalogue when first shown, which may be after the network went.
 */
const CATALOGUES = 'i18n/locales/';

/** The parts of a built chunk this reads (Vite's metadata adds the CSS and the assets it brings). */
export interface DoorChunk {
  fileName: string;
  isEntry: boolean;
  moduleIds: readonly string[];
  imports: readonly string[];
  dynamicImports: readonly string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}

/**
 * Every file the door needs to open and to do all it does without a network: the entry and the
 * door's frame with what they import, the panel with everything it imports now or later, the
 * files that hold only texts (each language's catalogues), and the CSS and assets (the decoder's
 * .wasm) of each. Paths as the page asks for them ("/assets/…").
 */
export function doorFiles(
  chunks: readonly DoorChunk[],
  opener: string[],
  panel: string,
  catalogues: string,
): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const holding = (module: string): DoorChunk => {
    const chunk = chunks.find((c) => c.moduleIds.includes(module));
    if (!chunk) throw new Error(`door-files: no chunk holds ${module}`);
    return chunk;
  };
  const files = new Set<string>();
  const walk = (file: string, later: boolean) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = byFile.get(file);
    if (!chunk) return;
    for (const next of chunk.imports) walk(next, later);
    if (later) for (const next of chunk.dynamicImports) walk(next, later);
  };
  // The frame first: what the panel shares with it is there already, and the frame's own later
  // files (the app's other screens) are not followed from the panel.
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) walk(entry.fileName, false);
  for (const module of opener) walk(holding(module).fileName, false);
  walk(holding(panel).fileName, true);
  const texts = chunks.filter(
    (chunk) => chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.startsWith(catalogues)),
  );
  if (texts.length === 0) throw new Error(`door-files: no chunk holds only texts of ${catalogues}`);
  for (const chunk of texts) walk(chunk.fileName, false);
  const extras = [...files].flatMap((file) => {
    const meta = byFile.get(file)?.viteMetadata;
    return [...(meta?.importedCss ?? []), ...(meta?.importedAssets ?? [])];
  });
  return [...new Set([...files, ...extras])].sort().map((file) => `/${file}`);
}

type Chunk = Rolldown.OutputChunk & DoorChunk;

/**
 * Writes door-files.json: the list the service worker keeps when a door opens, so the check-in
 * screen reloads and scans offline whatever this device had happened to fetch before the network
 * went (decision 019).
 */
export function doorFilesPlugin(): Plugin {
  return {
    name: 'foyer:door-files',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
      try {
        const list = doorFiles(
          chunks,
          OPENED_FROM.map((module) => resolve(src, module)),
          resolve(src, PANEL),
          `${resolve(src, CATALOGUES)}/`,
        );
        this.emitFile({ type: 'asset', fileName: DOOR_FILES, source: `${JSON.stringify(list, null, 1)}\n` });
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
