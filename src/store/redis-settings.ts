import type { Cluster, Redis } from 'ioredis';

export interface ServerSettings {
  maxmemoryPolicy: string;
  appendonly: boolean;
  /** Whether RDB snapshots are taken on a schedule (`save` points). */
  rdbSaves: boolean;
}

/**
 * The eviction policy and persistence (`appendonly`, RDB `save` points) of the server, or of one
 * cluster node; undefined when the server refuses CONFIG (as managed services do).
 */
export async function serverSettings(client: Redis | Cluster): Promise<ServerSettings | undefined> {
  try {
    const [maxmemoryPolicy, appendonly, save] = await Promise.all(
      ['maxmemory-policy', 'appendonly', 'save'].map(
        async (name) => ((await client.config('GET', name)) as string[])[1] ?? '',
      ),
    );
    return {
      maxmemoryPolicy: maxmemoryPolicy!,
      appendonly: appendonly === 'yes',
      rdbSaves: save!.trim() !== '',
    };
  } catch {
    return undefined;
  }
}
