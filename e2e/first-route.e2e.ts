import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { browserPerSuite, newContext } from './lib/browser';

/** Issue 13, goal 5: the first route's script budget (bench/first-route.ts prints the same sum). */
const BUDGET_KIB = 180;
const dist = process.env.WEB_DIST
  ? resolve(process.env.WEB_DIST)
  : resolve(import.meta.dirname, '../apps/web/dist');

/**
 * Whether a built script holds zod: by its source map's sources; a script built without one (the
 * start-up script, written by the build itself) by the `$Zod…` names zod 4 gives its classes.
 */
function holdsZod(pathname: string): boolean {
  const file = join(dist, pathname);
  if (!existsSync(`${file}.map`)) return readFileSync(file, 'utf8').includes('$Zod');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
  return map.sources.some((source) => /node_modules\/zod\//.test(source));
}

describe('the first route', () => {
  const suite = browserPerSuite();

  it('issue 13: /login loads at most 180 KiB of script, gzipped, none of it zod', async () => {
    const context = await newContext(suite.browser, 'mobile');
    suite.contexts.push(context);
    const page = await context.newPage();
    const bodies: Promise<[string, number] | null>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.push(
        response
          .body()
          .then((body): [string, number] => [
            new URL(response.url()).pathname,
            gzipSync(body, { level: 9 }).length,
          ])
          .catch(() => null),
      );
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByTestId('login-email').waitFor();
    const scripts = (await Promise.all(bodies)).filter((s): s is [string, number] => s !== null);
    expect(scripts.length).toBeGreaterThan(0);

    const kib = scripts.reduce((sum, [, size]) => sum + size, 0) / 1024;
    expect(
      kib,
      scripts.map(([path, size]) => `${path} ${(size / 1024).toFixed(1)} KiB`).join('\n'),
    ).toBeLessThanOrEqual(BUDGET_KIB);
    // The sign-in form checks its fields itself: a contract constant imported from a schemas' file
    // once brought zod (25 KiB) into this route.
    for (const [path] of scripts) expect(holdsZod(path), path).toBe(false);
  });
});
