import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfig } from '../src/config.js';
import { newEncryptionKeyEntry, newSigningKeyEntry } from '../src/crypto/keys.js';

/**
 * docker-compose.yml cannot be started here (no Docker engine): its structure is checked instead —
 * what `docker compose config` would read, and that adlink accepts the environment it gets.
 */
interface Service {
  image?: string;
  build?: string;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  deploy?: { replicas?: number };
  networks?: Record<string, { aliases?: string[] }>;
}
type Compose = { services: Record<string, Service>; volumes: Record<string, unknown> };

/** With YAML merge keys, as Compose reads them (`<<: *adlink-environment`). */
const read = (file: string) =>
  parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'), { merge: true }) as Compose;
const compose = read('docker-compose.yml');
const sandbox = read('docker-compose.sandbox.yml');
const { redis, keys, adlink, worker, proxy } = compose.services as Record<string, Service>;

/** Compose's interpolation with nothing set in .env: `${NAME:-default}` → default, `$$` → `$`. */
const interpolate = (value: string) => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1').replace(/\$\$/g, '$');

/** The environment an adlink replica (or the worker) starts with: the compose file's, then the generated keys. */
function replicaEnv(overrides: Record<string, string> = {}, service = adlink): Record<string, string> {
  const env = Object.fromEntries(
    Object.entries({ ...service!.environment, ...overrides }).map(([name, value]) => [
      name,
      interpolate(value),
    ]),
  );
  const signing = newSigningKeyEntry();
  const encryption = newEncryptionKeyEntry();
  return {
    ...env,
    SIGNING_KEYS: `${signing.kid}:${signing.secret}`,
    ENCRYPTION_KEYS: `${encryption.kid}:${encryption.secret}`,
  };
}

describe('docker-compose.yml', () => {
  it('has Redis with an append-only file, never evicting, on a volume, with a health check', () => {
    expect(redis!.command).toEqual(
      expect.arrayContaining(['--appendonly', 'yes', '--maxmemory-policy', 'noeviction']),
    );
    expect(redis!.volumes).toContain('redis-data:/data');
    expect(compose.volumes).toHaveProperty('redis-data');
    expect(redis!.healthcheck!.test).toEqual(['CMD', 'redis-cli', 'ping']);
  });

  it('runs two adlink replicas in production on that Redis, ready only when /readyz answers', () => {
    expect(adlink!.deploy!.replicas).toBe(2);
    expect(adlink!.ports, 'replicas are reached through the proxy only').toBeUndefined();
    expect(adlink!.depends_on).toEqual({
      redis: { condition: 'service_healthy' },
      keys: { condition: 'service_completed_successfully' },
    });
    expect(adlink!.healthcheck!.test.join(' ')).toContain('http://127.0.0.1:3000/readyz');
    const config = parseConfig(replicaEnv());
    expect(config).toMatchObject({
      env: 'production',
      role: 'api',
      port: 3000,
      redis: { mode: 'standalone', url: 'redis://redis:6379' },
      trustProxy: 1,
      sandbox: { enabled: false },
    });
    expect(config.publicBaseUrl).toBe('http://adlink.localhost:8080');
  });

  it('runs one worker beside them: the same image, command, keys and environment, in the worker role', () => {
    expect(worker!.deploy?.replicas ?? 1).toBe(1);
    expect(worker!.ports, 'the proxy never reaches the worker').toBeUndefined();
    for (const key of ['image', 'depends_on', 'entrypoint', 'command', 'volumes', 'healthcheck'] as const) {
      expect(worker![key], key).toEqual(adlink![key]);
    }
    const { ADLINK_ROLE: workerRole, ...workerEnv } = worker!.environment!;
    const { ADLINK_ROLE: apiRole, ...apiEnv } = adlink!.environment!;
    expect([apiRole, workerRole]).toEqual(['api', 'worker']);
    expect(workerEnv).toEqual(apiEnv);
    expect(parseConfig(replicaEnv({}, worker)).role).toBe('worker');
  });

  it('gives every replica the same keys: from .env, else generated once into a shared volume', () => {
    expect(keys!.image).toBe(adlink!.image);
    expect(keys!.build).toBe('.');
    expect(keys!.entrypoint!.join(' ')).toContain('node bin/adlink.js keys generate > /keys/adlink.env');
    expect(adlink!.entrypoint!.join(' ')).toContain('. /keys/adlink.env');
    expect(adlink!.volumes).toContain('adlink-keys:/keys:ro');
    expect(adlink!.environment!.ENCRYPTION_KEYS).toMatch(/^\$\{ENCRYPTION_KEYS:-\}$/);
  });

  it('puts Caddy in front on port 8080, reaching the replicas by their service name', () => {
    expect(proxy!.image).toMatch(/^caddy:2/);
    expect(proxy!.ports).toEqual(['8080:8080']);
    expect(proxy!.depends_on).toEqual({ adlink: { condition: 'service_healthy' } });
    expect(proxy!.healthcheck!.test.join(' ')).toContain('/readyz');
    const mount = proxy!.volumes!.find((v) => v.endsWith(':/etc/caddy/Caddyfile:ro'))!;
    const caddyfile = readFileSync(new URL(`../${mount.split(':')[0]}`, import.meta.url), 'utf8');
    expect(caddyfile).toMatch(/^:8080 \{/m);
    expect(caddyfile).toMatch(/dynamic a adlink 3000/);
    expect(proxy!.networks!.default!.aliases).toContain(
      new URL(parseConfig(replicaEnv()).publicBaseUrl).hostname,
    );
  });

  it('runs what the Dockerfile builds, as its unprivileged user, with the same Node flags', () => {
    const dockerfile = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8');
    const command = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(command[0]).toBe('node');
    expect(command.at(-1)).toBe('dist/server.js');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^COPY --chown=node:node bin \.\/bin$/m);
    // The entrypoint of the compose file clears the image's CMD: it names the same command.
    expect(adlink!.command).toEqual(command);
    expect(existsSync(new URL('../bin/adlink.js', import.meta.url))).toBe(true);
    // This Node takes the flags (a V8 flag that a newer Node dropped would stop the container at start).
    const flags = command.slice(1, -1);
    expect(flags).toContain('--heap-growing-percent=50');
    const run = spawnSync(process.execPath, [...flags, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('turns the sandbox platform on in docker-compose.sandbox.yml for the API and the worker, and nothing else', () => {
    expect(Object.keys(sandbox.services)).toEqual(['adlink', 'worker']);
    for (const [name, service] of [
      ['adlink', adlink],
      ['worker', worker],
    ] as const) {
      const overrides = sandbox.services[name]!.environment!;
      expect(overrides).toEqual({ SANDBOX_ENABLED: 'true' });
      expect(parseConfig(replicaEnv(overrides, service)).sandbox.enabled).toBe(true);
    }
  });
});
