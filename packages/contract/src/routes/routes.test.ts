import { describe, expect, it } from 'vitest';
import { apiRoutes } from './index';

describe('route catalogue', () => {
  it('names each route once, by a unique operation id and a unique method and path', () => {
    const ids = apiRoutes.map((route) => route.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const keys = apiRoutes.map((route) => `${route.method} ${route.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('keeps GET and DELETE without a body unless it says so, and path parameters declared', () => {
    for (const route of apiRoutes) {
      expect(route.path, route.id).toMatch(/^\/[\w\-./:]*$/);
      if (route.method === 'GET') expect(route.body, route.id).toBeUndefined();
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      if (names.length > 0) expect(route.params, `${route.id} declares its path parameters`).toBeDefined();
    }
  });
});
