import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import {
  LOCALES,
  MOBILE_MAX_WIDTH,
  PEOPLE_TO_MEET,
  SEARCH_PAGE_SIZE,
} from '../../../packages/contract/src/constants.ts';
import { EARLY_ANSWERS_KEY, earlyAsks, earlyKey } from '../src/lib/early-answers.ts';
import { OUTSIDE_FRAME, readAddress } from '../src/lib/read-address.ts';
import { EVENT_DEFAULT_TABS_KEY, LANGUAGE_KEY } from '../src/lib/storage.ts';

const src = resolve(import.meta.dirname, '../src');

/** The screens whose files a signed-in start-up fetches at once, by the module that opens each. */
const SCREENS = {
  shell: 'app/shell/shell-layout.tsx',
  attendees: 'features/participants/routes/participants-tab.tsx',
  lobby: 'features/lobby/routes/lobby-tab.tsx',
} as const;
type Screen = keyof typeof SCREENS;

/** The attendee tab's first page and suggestions, as the tab asks for them (early-answers.ts `earlyAsks`). */
const EARLY_SIZES = { page: SEARCH_PAGE_SIZE, suggestions: PEOPLE_TO_MEET };

/** The preloader's label (index.html, #preloader) in each language, from the system catalogues. */
function preloaderLabels(): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const locale of LOCALES) {
    const file = resolve(src, `i18n/locales/${locale}/system.json`);
    const label = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)['system.preloader'];
    if (typeof label !== 'string') throw new Error(`preload-hints: ${file} has no system.preloader`);
    labels[locale] = label;
  }
  return labels;
}

/** JSON with every non-ASCII character escaped: the script reads the same whatever charset it is decoded in. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The start-up script. First it puts the preloader's label in the language the app will show (the
 * one chosen on this device, else the browser's first the app has: i18n/detect.ts; an event's
 * default language is not known yet), so nobody waits under an English "Loading" (A9.22, A9.31).
 *
 * Then the files. A signed-in visit used to fetch its files one level at a time: the entry, then
 * (once it ran) the frame, then (once that rendered) the tab, each after the one before had arrived.
 * With a stored session (the `token` key of lib/session-store.ts) this asks for the frame's files,
 * and the tab's the address opens, beside the entry; a signed-out visit (the login page) fetches
 * nothing more. What the address opens is the app's own reading (`readAddress` of
 * lib/read-address.ts, its source written into the script), so the script and the app agree.
 * It also asks for the start-up's first answers, the profile and the event before the files, the
 * attendee tab's after them (lib/early-answers.ts), which the app takes instead of asking once its
 * entry has run.
 * The server's policy allows no inline script, hence a file of its own.
 */
export function startScript(files: Record<Screen, string[]>, labels: Record<string, string>): string {
  return `(function () {
  var labels = ${asciiJson(labels)};
  var has = function (lang) { return Object.prototype.hasOwnProperty.call(labels, lang); };
  var lang = null;
  try { lang = localStorage.getItem('${LANGUAGE_KEY}'); } catch (e) {}
  if (!has(lang)) {
    lang = null;
    var langs = navigator.languages || [navigator.language];
    for (var l = 0; l < langs.length && lang === null; l++) {
      var primary = String(langs[l]).trim().toLowerCase().split(/[-_]/)[0];
      if (has(primary)) lang = primary;
    }
  }
  var label = document.querySelector('#preloader .label');
  if (label && lang !== null) {
    label.textContent = labels[lang];
    label.lang = lang;
  }
  var token = null;
  try { token = localStorage.getItem('token'); } catch (e) {}
  var defaultTabs = [];
  try { defaultTabs = JSON.parse(localStorage.getItem('${EVENT_DEFAULT_TABS_KEY}') || '[]'); } catch (e) {}
  if (!Array.isArray(defaultTabs)) defaultTabs = [];
  var screen = (${readAddress.toString()})(
    location.pathname, innerWidth, ${MOBILE_MAX_WIDTH}, ${JSON.stringify(OUTSIDE_FRAME)}, defaultTabs
  );
  if (!token || !screen.framed) return;
  var earlyKey = (${earlyKey.toString()});
  var asks = (${earlyAsks.toString()})(screen.eventId, screen.tab, location.search || '', ${JSON.stringify(EARLY_SIZES)});
  var answers = {};
  var fetchRead = function (read) {
    var headers = { accept: 'application/json', authorization: 'Bearer ' + token };
    if (read[1] !== null) headers['content-type'] = 'application/json';
    return fetch(read[0], {
      method: read[1] === null ? 'GET' : 'POST',
      headers: headers,
      body: read[1] === null ? undefined : read[1],
      credentials: 'same-origin'
    }).catch(function () { return null; });
  };
  for (var a = 0; a < asks.first.length; a++) answers[earlyKey(asks.first[a][0], asks.first[a][1])] = fetchRead(asks.first[a]);
  // The tab's answers are promised at once (the app waits for them rather than asking twice) and
  // asked for once the screen's files have arrived, on a slow link not sharing it with them; or when
  // the app asks for one first.
  // The app showing another tab than the one guessed drops those still held: never asked for, no
  // answer left.
  var held = {};
  var hold = function (read) {
    return new Promise(function (resolve) {
      held[earlyKey(read[0], read[1])] = function (ask) { resolve(ask ? fetchRead(read) : null); };
    });
  };
  for (var b = 0; b < asks.then.length; b++) answers[earlyKey(asks.then[b][0], asks.then[b][1])] = hold(asks.then[b]);
  var askNow = function (key) {
    for (var k in held) {
      if (key !== undefined && k !== key) continue;
      held[k](true);
      delete held[k];
    }
  };
  var dropHeld = function (shown) {
    if (shown === screen.tab) return;
    for (var k in held) {
      held[k](false);
      delete held[k];
      delete answers[k];
    }
  };
  window.${EARLY_ANSWERS_KEY} = { token: token, at: Date.now(), answers: answers, askNow: askNow, dropHeld: dropHeld };
  var files = ${JSON.stringify(files)};
  var wanted = files.shell;
  if (screen.tab && Object.prototype.hasOwnProperty.call(files, screen.tab)) wanted = wanted.concat(files[screen.tab]);
  var loading = wanted.length + 1;
  var arrived = function () {
    if (--loading === 0) askNow();
  };
  for (var i = 0; i < wanted.length; i++) {
    var link = document.createElement('link');
    var css = /\\.css$/.test(wanted[i]);
    link.rel = css ? 'preload' : 'modulepreload';
    if (css) link.as = 'style';
    link.crossOrigin = '';
    link.href = wanted[i];
    link.onload = arrived;
    link.onerror = arrived;
    document.head.appendChild(link);
  }
  arrived();
})();
`;
}

/**
 * index.html with the start-up script's tag (async: it never holds up the first paint), or null when
 * the page has no entry script. It goes before the entry's tag and is asked for at high priority (an
 * async script is low by default): over HTTP/2, as deployed, the page's requests share one
 * connection, and this small file, there to ask for what the entry will need, must not come after
 * the entry.
 */
export function withStartScript(html: string, src: string): string | null {
  const entryTag = /^([ \t]*)<script type="module"/m;
  if (!entryTag.test(html)) return null;
  const tag = `<script async fetchpriority="high" src="${src}"></script>`;
  return html.replace(entryTag, (entry, indent: string) => `${indent}${tag}\n${entry}`);
}

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** Emits the start-up script and names it in index.html (`withStartScript`). */
export function preloadHints(): Plugin {
  return {
    name: 'foyer:preload-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const base = '/';
      const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      const html = bundle['index.html'];
      if (!entry || !html || html.type !== 'asset') {
        this.error('preload-hints: no entry chunk or index.html in the bundle');
      }
      // What the entry loads anyway (its static imports) is not asked for again.
      const loaded = new Set<string>();
      const walk = (file: string, into: Set<string>) => {
        if (into.has(file) || loaded.has(file)) return;
        into.add(file);
        for (const next of byFile.get(file)?.imports ?? []) walk(next, into);
      };
      walk(entry.fileName, loaded);
      const files = {} as Record<Screen, string[]>;
      for (const [screen, module] of Object.entries(SCREENS) as [Screen, string][]) {
        const id = resolve(src, module);
        const chunk = chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) this.error(`preload-hints: no chunk holds ${module}`);
        const set = new Set<string>();
        walk(chunk.fileName, set);
        const css = [...set].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        files[screen] = [...set, ...css].map((file) => base + file);
      }
      // The tabs need the frame: what the frame brings is not listed again under a tab.
      for (const screen of ['attendees', 'lobby'] as const) {
        files[screen] = files[screen].filter((file) => !files.shell.includes(file));
      }
      const source = startScript(files, preloaderLabels());
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      const fileName = `assets/start-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const withScript = withStartScript(String(html.source), `${base}${fileName}`);
      if (withScript === null) this.error('preload-hints: index.html has no entry script');
      html.source = withScript;
    },
  };
}
