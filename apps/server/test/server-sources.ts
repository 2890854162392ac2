import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.ts` file of the server's own code under `dir` (no tests, no seeds). */
export function serverSources(dir: string = join(import.meta.dirname, '../src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'seed' ? [] : serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
