/**
 * Keeps a Map used as a cache below `max` entries: once full, drops the oldest quarter (a Map keeps
 * insertion order), so a cache of hot keys costs one check per insert and a sweep now and then.
 */
export function makeRoom<K, V>(map: Map<K, V>, max: number): void {
  if (map.size < max) return;
  let drop = Math.ceil(max / 4);
  for (const key of map.keys()) {
    if (drop-- <= 0) break;
    map.delete(key);
  }
}
