import { type Plugin, parseAst, type Rolldown } from 'vite';

type NameFunction = Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>;
export type ChunkingContext = Parameters<NameFunction>[1];
type Node = { type: string } & Record<string, unknown>;

/** What a module imports, by specifier: the names (`*` for all of it; none for a bare `import 'x'`). */
interface ModuleImports {
  bySpecifier: Map<string, Set<string>>;
  /** Set when the module only re-exports (`@mantine/core`, `@tabler/icons-react`, the contract's index). */
  reexports: { named: Map<string, { specifier: string; name: string }>; star: string[] } | null;
}

function nameOf(node: unknown): string {
  const n = node as { name?: string; value?: string } | null;
  return n?.name ?? n?.value ?? '*';
}

function readImports(code: string, id: string): ModuleImports | null {
  let body: Node[];
  try {
    body = (parseAst(code, { sourceType: 'module' }, id) as unknown as { body: Node[] }).body;
  } catch {
    return null;
  }
  const bySpecifier = new Map<string, Set<string>>();
  const want = (specifier: string, name?: string) => {
    const names = bySpecifier.get(specifier) ?? new Set<string>();
    if (name) names.add(name);
    bySpecifier.set(specifier, names);
  };
  const locals = new Map<string, { specifier: string; name: string }>();
  const named = new Map<string, { specifier: string; name: string }>();
  const star: string[] = [];
  let barrel = body.length > 0;
  for (const statement of body) {
    const source = (statement.source as { value?: string } | null)?.value;
    if (statement.type === 'ImportDeclaration' && source) {
      want(source);
      for (const spec of statement.specifiers as Node[]) {
        const name =
          spec.type === 'ImportSpecifier'
            ? nameOf(spec.imported)
            : spec.type === 'ImportDefaultSpecifier'
              ? 'default'
              : '*';
        want(source, name);
        locals.set(nameOf(spec.local), { specifier: source, name });
      }
    } else if (statement.type === 'ExportAllDeclaration' && source) {
      want(source, '*');
      if (statement.exported) named.set(nameOf(statement.exported), { specifier: source, name: '*' });
      else star.push(source);
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      for (const spec of statement.specifiers as Node[]) {
        const target = source
          ? { specifier: source, name: nameOf(spec.local) }
          : locals.get(nameOf(spec.local));
        if (source) want(source, nameOf(spec.local));
        if (target) named.set(nameOf(spec.exported), target);
        else barrel = false;
      }
    } else {
      barrel = false;
    }
  }
  return { bySpecifier, reexports: barrel ? { named, star } : null };
}

/**
 * Knows which modules a set of roots really needs, to put them in one chunk. A module's static
 * imports are followed, but through a barrel only to the modules that provide the names asked for: a
 * screen importing `Button` from `@mantine/core` needs Button, not the 400 other components the
 * barrel lists. Import specifiers are matched to modules by recording the build's own resolutions.
 */
export class ModuleNeeds {
  private readonly resolved = new Map<string, string>();
  private readonly parsed = new Map<string, ModuleImports | null>();
  private readonly sets = new Map<string, unknown>();
  /** Barrels met on the way (they are not in the sets `of` returns). */
  readonly barrels = new Set<string>();

  /** A value computed once per build. */
  memo<T>(key: string, compute: () => T): T {
    if (!this.sets.has(key)) this.sets.set(key, compute());
    return this.sets.get(key) as T;
  }

  /** Records how each import specifier resolved (a `pre` resolveId hook that defers to the others). */
  plugin(): Plugin {
    const { resolved, parsed, sets, barrels } = this;
    return {
      name: 'foyer:record-resolutions',
      enforce: 'pre',
      apply: 'build',
      buildStart() {
        resolved.clear();
        parsed.clear();
        sets.clear();
        barrels.clear();
      },
      async resolveId(source, importer, options) {
        if (!importer) return null;
        const result = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (result && !result.external) resolved.set(`${importer}\0${source}`, result.id);
        return result;
      },
    };
  }

  private importsOf(ctx: ChunkingContext, id: string): ModuleImports | null {
    if (!this.parsed.has(id)) {
      const code = ctx.getModuleInfo(id)?.code;
      this.parsed.set(id, code ? readImports(code, id) : null);
    }
    return this.parsed.get(id) ?? null;
  }

  /** Modules `roots` need; `skip` ones are neither taken nor followed. */
  of(ctx: ChunkingContext, roots: string[], skip: Set<string> = new Set()): Set<string> {
    const needed = new Set<string>();
    const visited = new Set<string>();
    const todo: { id: string; wanted: Set<string> | null }[] = roots.map((id) => ({ id, wanted: null }));
    for (let step = todo.pop(); step !== undefined; step = todo.pop()) {
      const { id, wanted } = step;
      const info = ctx.getModuleInfo(id);
      if (!info || skip.has(id)) continue;
      const imports = this.importsOf(ctx, id);
      const selective = imports?.reexports && wanted && !wanted.has('*');
      const key = selective ? `${id}\0${[...wanted].sort().join(',')}` : id;
      if (visited.has(key)) continue;
      visited.add(key);
      const target = (specifier: string) => this.resolved.get(`${id}\0${specifier}`);
      if (selective && imports?.reexports) {
        this.barrels.add(id);
        // A barrel is empty once tree-shaken: follow only what it re-exports under the wanted names.
        for (const name of wanted) {
          const hit = imports.reexports.named.get(name);
          if (hit) {
            const next = target(hit.specifier);
            if (next) todo.push({ id: next, wanted: new Set([hit.name]) });
            continue;
          }
          // `export * from`: only the module that has the name (or a barrel that may pass it on).
          for (const specifier of imports.reexports.star) {
            const next = target(specifier);
            if (!next) continue;
            const nextInfo = ctx.getModuleInfo(next);
            if (nextInfo?.exports.includes(name) || this.importsOf(ctx, next)?.reexports) {
              todo.push({ id: next, wanted: new Set([name]) });
            }
          }
        }
        continue;
      }
      if (imports?.reexports) this.barrels.add(id);
      else needed.add(id);
      const matched = new Set<string>();
      for (const [specifier, names] of imports?.bySpecifier ?? []) {
        const next = target(specifier);
        if (!next) continue;
        matched.add(next);
        todo.push({ id: next, wanted: names });
      }
      // Imports a plugin added without a recorded resolution: follow them whole.
      for (const next of info.importedIds) if (!matched.has(next)) todo.push({ id: next, wanted: null });
    }
    return needed;
  }
}
