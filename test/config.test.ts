import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.js';
import { newEncryptionKeyEntry, newSigningKeyEntry } from '../src/crypto/keys.js';

/** What the environment can say about Redis and the platforms, and every problem named at once. */

const problems = (env: Record<string, string>): string[] => {
  try {
    parseConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe('configuration', () => {
  it('reads one Redis server, a Sentinel-monitored master or a cluster', () => {
    expect(parseConfig({ REDIS_URL: 'rediss://u:p@cache.example:6380' }).redis).toEqual({
      mode: 'standalone',
      url: 'rediss://u:p@cache.example:6380',
    });
    expect(
      parseConfig({ REDIS_SENTINELS: 's1:26379, redis://s2:26379', REDIS_SENTINEL_NAME: 'adlink' }).redis,
    ).toEqual({ mode: 'sentinel', sentinels: ['redis://s1:26379', 'redis://s2:26379'], name: 'adlink' });
    expect(parseConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000,10.0.0.2:7000' }).redis).toEqual({
      mode: 'cluster',
      nodes: ['redis://10.0.0.1:7000', 'redis://10.0.0.2:7000'],
    });
    expect(parseConfig({}).redis).toBeUndefined();
  });

  it('refuses two Redis targets, half a Sentinel setting and malformed node lists, naming each', () => {
    const found = problems({
      REDIS_URL: 'redis://a:6379',
      REDIS_CLUSTER_NODES: 'b:7000',
      REDIS_SENTINELS: 'not a node',
    });
    expect(
      found.some((p) => p.startsWith('REDIS_URL, REDIS_SENTINELS, REDIS_CLUSTER_NODES: set only one')),
    ).toBe(true);
    expect(found.some((p) => p.startsWith('REDIS_SENTINEL_NAME: set both'))).toBe(true);
    expect(found.some((p) => p.startsWith('REDIS_SENTINELS'))).toBe(true);
  });

  it('takes platform base URLs as origins and API versions per platform', () => {
    const config = parseConfig({
      META_BASE_URL: 'http://127.0.0.1:4010',
      META_API_VERSION: 'v23.0',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_LOGIN_CUSTOMER_ID: '123-456-7890',
    });
    expect(config.platformOverrides.meta).toEqual({ baseUrl: 'http://127.0.0.1:4010', apiVersion: 'v23.0' });
    expect(config.platformCredentials.google).toMatchObject({ loginCustomerId: '1234567890' });
    const found = problems({
      META_BASE_URL: 'http://127.0.0.1:4010/graph',
      TIKTOK_API_VERSION: 'v1.3/../x',
      GOOGLE_LOGIN_CUSTOMER_ID: '12',
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^META_BASE_URL: must be an origin/),
        expect.stringMatching(/^TIKTOK_API_VERSION: /),
        expect.stringMatching(/^GOOGLE_LOGIN_CUSTOMER_ID: must be a 10-digit/),
      ]),
    );
  });

  /** What production requires, on the embedded store. */
  const production = () => {
    const signing = newSigningKeyEntry('sig');
    const encryption = newEncryptionKeyEntry('enc');
    return {
      NODE_ENV: 'production',
      SIGNING_KEYS: `${signing.kid}:${signing.secret}`,
      ENCRYPTION_KEYS: `${encryption.kid}:${encryption.secret}`,
      PUBLIC_BASE_URL: 'https://adlink.example',
      ALLOW_EMBEDDED_STORE: 'true',
    };
  };

  it('refuses non-public webhook targets unless told otherwise, in every environment', () => {
    for (const env of [{ NODE_ENV: 'development' }, { NODE_ENV: 'test' }, production()]) {
      expect(parseConfig(env).webhooks.privateTargets, env.NODE_ENV).toBe('refuse');
    }
    expect(parseConfig({ WEBHOOK_PRIVATE_TARGETS: 'loopback' }).webhooks.privateTargets).toBe('loopback');
  });

  it('serves metrics in production only behind METRICS_TOKEN', () => {
    expect(parseConfig(production()).metricsServed).toBe(false);
    expect(parseConfig({ ...production(), METRICS_TOKEN: 'a-metrics-token-0123' }).metricsServed).toBe(true);
    expect(parseConfig({ NODE_ENV: 'development' }).metricsServed).toBe(true);
  });
});
