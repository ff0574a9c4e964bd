import { inject } from 'vitest';
import type { Role } from '../../src/config.js';
import { newSigningKeyEntry } from '../../src/crypto/keys.js';
import { CLUSTER_NODES, TEST_ENCRYPTION_KEYS } from './harness.js';
import { freePort } from './redis-server.js';
import { type ServerProcess, spawnServer } from './server-process.js';

export const LISTENING = /"msg":"adlink listening"/;

/** Where the test Redis (or cluster) is, as the variables a process of the deployment reads. */
export const testRedisEnv = (): Record<string, string> =>
  CLUSTER_NODES ? { REDIS_CLUSTER_NODES: CLUSTER_NODES } : { REDIS_URL: inject('redisUrl') };

/** One signing key for every process of a test's deployment. */
const signing = newSigningKeyEntry('sig-roles');

/**
 * The real server process in a role, on the test Redis (or cluster) under `prefix`, with the test
 * encryption keys: a process of the same deployment as the harnesses on that prefix. Resolves once it
 * listens.
 */
export async function startRole(
  role: Role,
  prefix: string,
  env: Record<string, string> = {},
): Promise<{ server: ServerProcess; base: string }> {
  const port = await freePort();
  const server = spawnServer({
    NODE_ENV: 'development',
    ADLINK_ROLE: role,
    ...testRedisEnv(),
    REDIS_KEY_PREFIX: prefix,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SIGNING_KEYS: `${signing.kid}:${signing.secret}`,
    ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS.map(({ kid, key }) => `${kid}:${key.toString('base64')}`).join(','),
    // The tests' webhook receivers listen on loopback.
    WEBHOOK_PRIVATE_TARGETS: 'loopback',
    ...env,
  });
  await server.waitForStdout(LISTENING, 20_000);
  return { server, base: `http://127.0.0.1:${port}` };
}
