import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Targets, transform } from 'lightningcss';
import postcss from 'postcss';
import type { Plugin, Rolldown } from 'vite';

/** The import that brings Mantine's whole stylesheet (main.tsx). */
const STYLESHEET = '@mantine/core/styles.css';
const EMPTY = '\0foyer:mantine-styles';

/** A class of Mantine's components: `m_` and a hash, as the components' class maps name them. */
const MANTINE_CLASS = /(?<![\w-])m_[0-9a-f]+(?![\w-])/g;

/** The Mantine classes a file's code names (the components' class maps are string literals in it). */
export function mantineClassesIn(code: string, into: Set<string>): Set<string> {
  for (const match of code.matchAll(MANTINE_CLASS)) into.add(match[0]);
  return into;
}

/**
 * The selector without what is inside parentheses: a class inside `:not()`, `:is()`, `:where()` or
 * `:has()` is not a condition on the element itself (`:not(.m_x)` matches everything when nothing
 * has `m_x`), so only classes outside them decide whether a selector can match.
 */
function outsideParentheses(selector: string): string {
  let depth = 0;
  let out = '';
  for (const c of selector) {
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += c;
  }
  return out;
}

/**
 * Mantine's stylesheet less the selectors that need a class no code of the app names: those can
 * match no element the app renders. A rule left with no selector goes, then an at-rule left empty.
 * Everything else (the reset, the theme's variables, keyframes, global helper classes) stays.
 */
export function keepUsedRules(css: string, used: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) =>
      [...outsideParentheses(selector).matchAll(MANTINE_CLASS)].every((m) => used.has(m[0])),
    );
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes !== undefined && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
  return root.toString();
}

/** lightningcss's browsers, by the names of Vite's build targets (`chrome111`, `safari16.4`, …). */
const BROWSERS: Record<string, keyof Targets> = {
  chrome: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  safari: 'safari',
  ios: 'ios_saf',
  opera: 'opera',
};

/**
 * The build's CSS targets as lightningcss takes them, so this file is minified for the browsers the
 * rest of the build is (Vite does the same for its own stylesheets): the prefixes they need stay.
 */
export function cssTargets(target: string | string[] | false): Targets {
  const targets: Targets = {};
  for (const one of target === false ? [] : [target].flat()) {
    const match = /^([a-z]+)(\d+)(?:\.(\d+))?/.exec(one.toLowerCase());
    const browser = match?.[1] === undefined ? undefined : BROWSERS[match[1]];
    if (match === null || browser === undefined) continue;
    const version = (Number(match[2]) << 16) | (Number(match[3] ?? 0) << 8);
    targets[browser] = Math.min(targets[browser] ?? version, version);
  }
  return targets;
}

/**
 * Mantine's stylesheet holding only the rules of the components the built code uses (about a fifth
 * of the whole is for components the app never renders, and the stylesheet blocks the first paint).
 * The rules are chosen from the finished chunks; they open the entry's stylesheet (Mantine's rules
 * first, the app's after them, in the order of main.tsx's imports), one file as before, which is
 * then named anew by the hash of all it holds: a later build that uses one more component names a
 * new file, so no browser keeps a copy without that component's rules.
 *
 * In the build, main.tsx's import of the whole stylesheet is an empty module. The dev server keeps
 * the whole stylesheet.
 */
export function mantineStyles(): Plugin {
  let targets: Targets = {};
  return {
    name: 'foyer:mantine-styles',
    apply: 'build',
    configResolved(config) {
      targets = cssTargets(config.build.cssTarget);
    },
    // Before Vite's own plugins: index.html is written (vite:build-html's generateBundle) from the
    // entry's stylesheets as this leaves them.
    enforce: 'pre',
    resolveId(id) {
      return id === STYLESHEET ? EMPTY : null;
    },
    load(id) {
      return id === EMPTY ? 'export {};' : null;
    },
    generateBundle(_options, bundle) {
      const used = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') mantineClassesIn(output.code, used);
      }
      const whole = readFileSync(createRequire(import.meta.url).resolve(STYLESHEET), 'utf8');
      const mantine = transform({
        filename: 'mantine.css',
        code: Buffer.from(keepUsedRules(whole, used)),
        minify: true,
        targets,
      }).code;
      const entries = Object.values(bundle).filter(
        (output): output is Rolldown.OutputChunk => output.type === 'chunk' && output.isEntry,
      );
      const entry = entries[0];
      if (entries.length !== 1 || entry?.viteMetadata === undefined) {
        throw new Error(`mantine-styles: expected one entry chunk, found ${entries.length}`);
      }
      const own = [...entry.viteMetadata.importedCss].map((file) => {
        const asset = bundle[file];
        if (asset?.type !== 'asset') throw new Error(`mantine-styles: ${file} is not in the bundle`);
        delete bundle[file];
        return Buffer.from(asset.source).toString('utf8');
      });
      const source = [Buffer.from(mantine).toString('utf8'), ...own].join('\n');
      const ref = this.emitFile({ type: 'asset', name: 'index.css', source });
      entry.viteMetadata.importedCss.clear();
      entry.viteMetadata.importedCss.add(this.getFileName(ref));
    },
  };
}
