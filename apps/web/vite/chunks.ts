import { resolve } from 'node:path';
import type { Rolldown } from 'vite';
import type { ChunkingContext, ModuleNeeds } from './module-needs';

const src = resolve(import.meta.dirname, '../src');

/**
 * Imported by contract files whose schemas are dropped as unused (see pure-contract.ts), so the
 * import graph overstates its use: in a chunk of its own, it loads only where a schema is built.
 */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

const at = (path: string) => resolve(src, path);

/** Chunks made of what some modules need (beyond the entry's). */
const GROUPS = {
  shell: [
    'app/shell/shell-layout.tsx',
    'app/event/routes/event-area.tsx',
    'app/shell/timezone/timezone-check.tsx',
    'app/event/person-actions.tsx',
  ],
  attendees: ['features/participants/routes/participants-tab.tsx'],
  lobby: ['features/lobby/routes/lobby-tab.tsx'],
  'shell-panels': ['app/shell/drawers/shell-drawers.tsx', 'app/shell/modals/shell-modals.tsx'],
  realtime: ['lib/realtime.ts'],
  'attendee-filters': ['features/participants/components/participant-filter-fields.tsx'],
};

/**
 * How the app is cut into files (Vite 8 builds with Rolldown: `output.codeSplitting`).
 *
 * Left alone, Rolldown makes a chunk for every set of lazy screens that share modules: 300 files,
 * many under 1 kB, so the first screen after login fetched 140 scripts. Here:
 * - `index`: everything the entry needs, the login screen included (the first route);
 * - `shell`: what the signed-in frame needs beyond that: navigation, event area;
 * - `attendees`, `lobby`: the event's default tabs (desktop, mobile);
 * - `shell-panels`: the navigation's drawers and modals, mounted once the first screen is idle;
 * - `realtime`: the socket client (socket.io), connected once the first screen is idle
 *   (`realtime-provider.tsx`), so its ~12 KiB gzipped are not fetched and compiled before it;
 * - `attendee-filters`: the directory's type, category and order fields (Mantine's combobox),
 *   asked for once its first cards show, as one file rather than the six automatic splitting made;
 * - `overlays`: Mantine's Modal, Menu and Popover with floating-ui, for the lobby, the drawers
 *   and the screens signed out; the frame and the attendee tab fetch them when one is first used;
 * - `common`, `forms`: what signed-out screens share with those, so they load neither;
 * - `zod`: the schemas' library, for the screens that build a schema;
 * - `charts`: the organizer dashboard's chart library, apart, as only that page uses it;
 * - the rest is left to automatic splitting (other screens may load a group they share code with).
 */
/** Screens shown signed out (sign-up, password reset, static pages): they must not load the shell. */
const PUBLIC = ['features/auth/', 'features/static-pages/', 'app/layouts/', 'app/pages/'].map(at);

/** Every module that some module imports with `import()`, found from the entry. */
function lazyEntries(ctx: ChunkingContext, entry: string): string[] {
  const seen = new Set<string>();
  const entries = new Set<string>();
  const todo = [entry];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    todo.push(...info.importedIds, ...info.dynamicallyImportedIds);
    for (const lazy of info.dynamicallyImportedIds) entries.add(lazy);
  }
  return [...entries];
}

export function codeSplitting(needs: ModuleNeeds): Rolldown.CodeSplittingOptions {
  const membership = (ctx: ChunkingContext): Map<string, string> =>
    needs.memo('groups', () => {
      const initial = needs.of(ctx, [at('main.tsx')]);
      const entries = lazyEntries(ctx, at('main.tsx'));
      const isPublic = (id: string) => PUBLIC.some((dir) => id.startsWith(dir));
      const publicNeeds = needs.of(ctx, entries.filter(isPublic), initial);
      const groupNeeds = Object.fromEntries(
        Object.entries(GROUPS).map(([name, roots]) => [name, needs.of(ctx, roots.map(at), initial)]),
      ) as Record<keyof typeof GROUPS, Set<string>>;
      const owner = new Map<string, string>();
      const take = (name: string, ids: Iterable<string>) => {
        for (const id of ids) if (!owner.has(id)) owner.set(id, name);
      };
      // What signed-out screens share with the signed-in ones gets chunks of its own, so that a
      // sign-up form never loads the shell: `common` (also needed to show the frame and the
      // attendee tab), `overlays` (needed by the lobby tab, whose modals and menus bring Mantine's
      // overlays and their positioning; the frame and the attendee tab load those only when one is
      // first used) and `forms` (shared with the drawers and modals only, loaded when they are).
      const shown = new Set([...groupNeeds.shell, ...groupNeeds.attendees]);
      take(
        'common',
        [...publicNeeds].filter((id) => shown.has(id)),
      );
      take(
        'overlays',
        [...publicNeeds].filter((id) => groupNeeds.lobby.has(id)),
      );
      take(
        'forms',
        [...publicNeeds].filter((id) => groupNeeds['shell-panels'].has(id)),
      );
      take('shell', groupNeeds.shell);
      // What two of the others need goes to a chunk they share, so that loading one never loads
      // another: to the shell if the attendee tab needs it (it loads the shell anyway), else to
      // `overlays`, so that the attendee tab does not load what only the lobby, the navigation's
      // panels and the socket share (Modal and Menu, mostly).
      const others = ['attendees', 'lobby', 'shell-panels', 'realtime'] as const;
      for (const name of others) {
        const rest = others.filter((other) => other !== name).map((other) => groupNeeds[other]);
        const shared = [...groupNeeds[name]].filter((id) => rest.some((set) => set.has(id)));
        take(
          'shell',
          shared.filter((id) => groupNeeds.attendees.has(id)),
        );
        take('overlays', shared);
      }
      for (const name of others) take(name, groupNeeds[name]);
      // Last, so it takes only what no group above needs (a screen that shares some loads it too).
      take('attendee-filters', groupNeeds['attendee-filters']);
      // A barrel whose modules all went to one group goes there too: left alone it would become an
      // empty chunk of its own (one more request). One spanning groups is left to Rolldown.
      for (const barrel of needs.barrels) {
        const targets = (ctx.getModuleInfo(barrel)?.importedIds ?? []).map((id) => owner.get(id));
        const group = targets[0];
        if (group && targets.every((t) => t === group)) owner.set(barrel, group);
      }
      return owner;
    });
  return {
    groups: [
      // Whatever the entry imports statically, as Rolldown sees it (tree-shaken imports left out).
      { name: 'index', tags: ['$initial'], priority: 100 },
      {
        name: (id, ctx) => (ZOD.test(id) ? null : (membership(ctx).get(id) ?? null)),
        debugName: 'screen groups',
        priority: 90,
        includeDependenciesRecursively: false,
      },
      { name: 'zod', test: ZOD, priority: 80 },
      {
        name: 'charts',
        test: /[\\/]node_modules[\\/](recharts|d3-[a-z]+|victory-vendor|@reduxjs|redux|react-redux|immer|reselect|decimal\.js-light|es-toolkit|eventemitter3)[\\/]/,
        priority: 50,
      },
    ],
  };
}
