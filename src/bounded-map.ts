/**
 * Sets `key` in a map this process keeps only to save work (what it decoded, saw or computed last):
 * past `max` entries the map starts afresh, so it never grows with the number of tenants.
 */
export function remember<K, V>(map: Map<K, V>, max: number, key: K, value: V): V {
  if (map.size >= max && !map.has(key)) map.clear();
  map.set(key, value);
  return value;
}
