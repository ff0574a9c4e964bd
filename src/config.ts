import { isIP } from 'node:net';
import { z } from 'zod';
import { PLATFORM_IDS, type PlatformId } from './domain/platform-ids.js';

/**
 * The only reader of process.env. Every setting is documented in docs/configuration.md;
 * `parseConfig` takes the environment as an argument so tests and the CLI build configs without
 * touching the real one.
 */

const keyList = (what: string, decodedBytes?: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return [];
      const keys: { kid: string; secret: string }[] = [];
      for (const entry of raw.split(',')) {
        const at = entry.indexOf(':');
        const kid = entry.slice(0, at).trim();
        const secret = entry.slice(at + 1).trim();
        if (at < 1 || !/^[A-Za-z0-9_-]{1,32}$/.test(kid) || !secret) {
          ctx.addIssue({
            code: 'custom',
            message: `each ${what} entry must look like <key id>:<base64 key>`,
          });
          return z.NEVER;
        }
        if (decodedBytes && Buffer.from(secret, 'base64').length !== decodedBytes) {
          ctx.addIssue({
            code: 'custom',
            message: `key "${kid}" must be ${decodedBytes} bytes, base64-encoded`,
          });
          return z.NEVER;
        }
        if (keys.some((k) => k.kid === kid)) {
          ctx.addIssue({ code: 'custom', message: `key id "${kid}" appears twice` });
          return z.NEVER;
        }
        keys.push({ kid, secret });
      }
      return keys;
    });

/** An IP address with an optional port: `1.1.1.1`, `1.1.1.1:53`, `::1`, `[::1]:53`. */
const isDnsServer = (entry: string) => {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  const [address, port] = bracketed
    ? [bracketed[1]!, bracketed[2]]
    : isIP(entry)
      ? [entry, undefined]
      : (entry.match(/^([^:]+):(\d{1,5})$/)?.slice(1) ?? ['', undefined]);
  return isIP(address!) !== 0 && (port === undefined || (Number(port) >= 1 && Number(port) <= 65_535));
};

/** `host:port` or `redis[s]://[user:password@]host:port` entries, comma-separated, as URLs. */
const redisNodeList = (name: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const urls: string[] = [];
      for (const entry of (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const href = /^[a-z]+:\/\//i.test(entry) ? entry : `redis://${entry}`;
        const url = URL.canParse(href) ? new URL(href) : null;
        if (
          !url ||
          !/^rediss?:$/.test(url.protocol) ||
          !url.hostname ||
          !url.port ||
          url.pathname.length > 1
        ) {
          ctx.addIssue({ code: 'custom', message: `${name} entries are host:port or redis[s]://host:port` });
          return z.NEVER;
        }
        urls.push(url.href.replace(/\/$/, ''));
      }
      return urls;
    });

const REAL_PLATFORMS = PLATFORM_IDS.filter((id) => id !== 'sandbox');
const envName = (id: PlatformId, what: string) => `${id.toUpperCase()}_${what}`;
const platformCredentialShape: Record<string, z.ZodType<string | undefined>> = Object.fromEntries(
  REAL_PLATFORMS.flatMap((id) => [
    [envName(id, 'CLIENT_ID'), z.string().min(1).optional()],
    [envName(id, 'CLIENT_SECRET'), z.string().min(1).optional()],
    [envName(id, 'DEVELOPER_TOKEN'), z.string().min(1).optional()],
    [
      envName(id, 'BASE_URL'),
      z
        .url({ protocol: /^https?$/ })
        .optional()
        .refine(
          (u) => !u || new URL(u).href === `${new URL(u).origin}/`,
          'must be an origin such as http://127.0.0.1:4010, without a path',
        ),
    ],
    [
      envName(id, 'API_VERSION'),
      z
        .string()
        .regex(/^[A-Za-z0-9._-]{1,20}$/, 'letters, digits, ".", "_" and "-"')
        .optional(),
    ],
  ]),
);

const schema = z.object({
  ...platformCredentialShape,
  GOOGLE_LOGIN_CUSTOMER_ID: z
    .string()
    .transform((v) => v.replaceAll('-', ''))
    .pipe(z.string().regex(/^\d{10}$/, 'must be a 10-digit Google Ads customer id'))
    .optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .refine((u) => !u || !/[?#]/.test(u), 'must not contain a query or fragment'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_SENTINELS: redisNodeList('REDIS_SENTINELS'),
  REDIS_SENTINEL_NAME: z.string().min(1).optional(),
  REDIS_CLUSTER_NODES: redisNodeList('REDIS_CLUSTER_NODES'),
  ALLOW_EMBEDDED_STORE: z.enum(['true', 'false']).default('false'),
  DATA_FILE: z.string().min(1).optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{0,64}$/, 'letters, digits, ":", "_" and "-" only')
    .default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, '16 to 256 printable characters, no spaces')
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|false|true|loopback)$/, 'a hop count, "loopback", "true" or "false"')
    .default('false'),
  PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  PLATFORM_FAN_OUT: z.coerce.number().int().min(1).max(50).default(20),
  REPORT_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  REPORT_CACHE_CLOSED_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(21_600),
  TOKEN_KEEPER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  WEBHOOK_PRIVATE_TARGETS: z.enum(['refuse', 'loopback', 'allow']).optional(),
  WEBHOOK_DNS_SERVERS: z
    .string()
    .transform((value) => value.split(',').map((entry) => entry.trim()))
    .refine(
      (entries) => entries.every(isDnsServer),
      'IP addresses, each with an optional :port, comma-separated',
    )
    .optional(),
  WEBHOOK_COMPANY_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(3),
  WEBHOOK_MANUAL_SEND_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
  WEBHOOK_FIRST_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  WEBHOOK_RETRY_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 86_400)
    .default(3 * 86_400),
  TOKEN_RENEW_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(300),
  API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(1200),
  AUTH_FAILURE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(100),
  CUSTOMER_QUOTA: z.coerce.number().int().min(1).max(100_000_000).default(100_000),
  OPEN_LINK_QUOTA: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  IDEMPOTENCY_QUOTA: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  ACCESS_TOKEN_QUOTA: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  SANDBOX_ENABLED: z.enum(['true', 'false']).optional(),
  SANDBOX_ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).max(86_400).default(300),
  SANDBOX_CLIENT_SECRET: z.string().min(16).optional(),
  SIGNING_KEYS: keyList('SIGNING_KEYS'),
  ENCRYPTION_KEYS: keyList('ENCRYPTION_KEYS', 32),
});

/**
 * Rules across variables, checked on the raw environment so they are reported together with the
 * problems of single values (a schema refinement would run only once every value is valid).
 */
function crossVariableProblems(env: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const id of REAL_PLATFORMS) {
    const [idName, secretName] = [envName(id, 'CLIENT_ID'), envName(id, 'CLIENT_SECRET')];
    if (Boolean(env[idName]) !== Boolean(env[secretName])) {
      problems.push(`${idName}: set both ${idName} and ${secretName}, or neither`);
    }
  }
  const redisTargets = REDIS_TARGETS.filter((name) => env[name]);
  if (redisTargets.length > 1) {
    problems.push(`${redisTargets.join(', ')}: set only one of ${REDIS_TARGETS.join(', ')}`);
  }
  if (Boolean(env.REDIS_SENTINELS) !== Boolean(env.REDIS_SENTINEL_NAME)) {
    problems.push('REDIS_SENTINEL_NAME: set both REDIS_SENTINELS and REDIS_SENTINEL_NAME, or neither');
  }
  if (env.DATA_FILE && redisTargets.length > 0) {
    problems.push(
      `DATA_FILE: keeps the embedded store in a file; leave it out when ${redisTargets[0]} is set`,
    );
  }
  if (env.NODE_ENV === 'production') {
    for (const name of ['SIGNING_KEYS', 'ENCRYPTION_KEYS', 'PUBLIC_BASE_URL']) {
      if (!env[name]?.trim()) problems.push(`${name}: is required when NODE_ENV=production`);
    }
    if (redisTargets.length === 0 && env.ALLOW_EMBEDDED_STORE !== 'true') {
      problems.push(
        'REDIS_URL: is required when NODE_ENV=production (or REDIS_SENTINELS or REDIS_CLUSTER_NODES); ALLOW_EMBEDDED_STORE=true runs the single-instance embedded store instead',
      );
    }
  }
  return problems;
}

export type KeyEntry = { kid: string; secret: string };

/**
 * One Redis server (`url`), a Sentinel-monitored master (`sentinels`: where the Sentinels listen, and the
 * master's name) or a Redis Cluster (`nodes`: some of its nodes). Node lists are `redis://` or `rediss://`
 * URLs; their credentials and TLS apply to every connection of the deployment.
 */
export type RedisTarget =
  | { mode: 'standalone'; url: string }
  | { mode: 'sentinel'; sentinels: string[]; name: string }
  | { mode: 'cluster'; nodes: string[] };

const REDIS_TARGETS = ['REDIS_URL', 'REDIS_SENTINELS', 'REDIS_CLUSTER_NODES'];

function redisTarget(e: z.infer<typeof schema>): RedisTarget | undefined {
  if (e.REDIS_URL) return { mode: 'standalone', url: e.REDIS_URL };
  if (e.REDIS_SENTINELS.length > 0 && e.REDIS_SENTINEL_NAME) {
    return { mode: 'sentinel', sentinels: e.REDIS_SENTINELS, name: e.REDIS_SENTINEL_NAME };
  }
  if (e.REDIS_CLUSTER_NODES.length > 0) return { mode: 'cluster', nodes: e.REDIS_CLUSTER_NODES };
  return undefined;
}

/** Per platform, what a deployment may change: `<ID>_BASE_URL` and `<ID>_API_VERSION`. */
export type CatalogOverrides = Partial<Record<PlatformId, { baseUrl?: string; apiVersion?: string }>>;

export interface PlatformCredentials {
  clientId: string;
  clientSecret: string;
  developerToken?: string;
  loginCustomerId?: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicBaseUrl: string;
  secureCookies: boolean;
  /** Where Redis is (REDIS_URL, REDIS_SENTINELS or REDIS_CLUSTER_NODES), or undefined: the embedded store. */
  redis: RedisTarget | undefined;
  /** The embedded store's file (development), or undefined: in memory only. */
  dataFile: string | undefined;
  /**
   * NODE_ENV=development on the embedded store: the demo company, `/dev/return` and the sign-in page's
   * "print a sign-in link" button.
   */
  developmentTools: boolean;
  redisKeyPrefix: string;
  logLevel: string;
  /** The Bearer token `GET /metrics` requires; undefined: it is open, or off in production. */
  metricsToken: string | undefined;
  /** Whether `GET /metrics` is served at all: production serves it only behind METRICS_TOKEN. */
  metricsServed: boolean;
  trustProxy: boolean | number | string;
  signingKeys: KeyEntry[];
  encryptionKeys: KeyEntry[];
  /** How long a call to a platform's API may take before it counts as a timeout (504). */
  platformTimeoutMs: number;
  /** How many ad accounts of one platform a live read or campaign listing asks at once. */
  platformFanOut: number;
  /** Report cache times: ranges that reach yesterday or today (`open`), and closed days only. */
  reportCache: { openTtlSeconds: number; closedTtlSeconds: number };
  /** The token keeper: how often each instance looks for due renewals (0: off), and how early it renews. */
  tokenKeeper: { intervalMs: number; windowSeconds: number };
  /** Outbound webhook deliveries (docs/webhooks-and-events.md). */
  webhooks: WebhookSettings;
  /** Rate limits and per-company quotas (docs/security.md). */
  limits: Limits;
  /** The deployment's OAuth app per platform, for the platforms it is configured for. */
  platformCredentials: Partial<Record<PlatformId, PlatformCredentials>>;
  /** `<ID>_BASE_URL` and `<ID>_API_VERSION` per platform, where set. */
  platformOverrides: CatalogOverrides;
  sandbox: {
    enabled: boolean;
    /** Lifetime of sandbox access tokens in seconds; short, so refreshes really happen. */
    accessTokenTtl: number;
    /** The sandbox OAuth client's secret; derived from the encryption key when not set. */
    clientSecret: string | undefined;
  };
}

export interface WebhookSettings {
  /** Which non-public addresses deliveries may reach: none, loopback only, or all (SSRF protection). */
  privateTargets: 'refuse' | 'loopback' | 'allow';
  /** The delay before the first retry; each next one doubles it. */
  firstRetryMs: number;
  /** How long a delivery is retried, and how long an endpoint may fail before it is disabled. */
  retryWindowMs: number;
  /** The DNS servers deliveries resolve names with; empty: the system's (resolv.conf). */
  dnsServers: string[];
  /** Deliveries of one company this instance sends at once; the rest wait without taking a worker. */
  companyConcurrency: number;
  /** Resends and test pings per company per minute. */
  manualSendsPerMinute: number;
}

export interface Limits {
  /** Vendor API requests per company per minute. */
  apiPerMinute: number;
  /** Failed authentications (company tokens, sign-in links) per client IP per 15 minutes. */
  authFailures: number;
  /** Customers a company may have. */
  customers: number;
  /** Connect links a company may have open (issued and not yet expired). */
  openLinks: number;
  /** Idempotency records a company may hold (a key lives 24 hours). */
  idempotencyRecords: number;
  /** Live (neither expired nor revoked) access tokens a company may hold, all its customers together. */
  accessTokens: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const platformEnv = (env: object, id: PlatformId, what: string) =>
  (env as Record<string, string | undefined>)[envName(id, what)];

export function parseConfig(env: Record<string, string | undefined>): Config {
  const blanksRemoved = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = schema.safeParse(blanksRemoved);
  const problems = [
    ...(result.error?.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`) ?? []),
    ...crossVariableProblems(blanksRemoved as Record<string, string>),
  ];
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  const e = result.data;
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const trust = e.TRUST_PROXY;
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl,
    secureCookies: publicBaseUrl.startsWith('https://'),
    redis: redisTarget(e),
    dataFile: e.DATA_FILE,
    developmentTools: e.NODE_ENV === 'development' && !redisTarget(e),
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    metricsServed: e.METRICS_TOKEN !== undefined || e.NODE_ENV !== 'production',
    trustProxy:
      trust === 'true' ? true : trust === 'false' ? false : /^\d+$/.test(trust) ? Number(trust) : trust,
    signingKeys: e.SIGNING_KEYS,
    encryptionKeys: e.ENCRYPTION_KEYS,
    platformTimeoutMs: e.PLATFORM_TIMEOUT_MS,
    platformFanOut: e.PLATFORM_FAN_OUT,
    reportCache: {
      openTtlSeconds: e.REPORT_CACHE_TTL_SECONDS,
      closedTtlSeconds: e.REPORT_CACHE_CLOSED_TTL_SECONDS,
    },
    tokenKeeper: { intervalMs: e.TOKEN_KEEPER_INTERVAL_MS, windowSeconds: e.TOKEN_RENEW_WINDOW_SECONDS },
    webhooks: {
      privateTargets: e.WEBHOOK_PRIVATE_TARGETS ?? 'refuse',
      firstRetryMs: e.WEBHOOK_FIRST_RETRY_MS,
      retryWindowMs: e.WEBHOOK_RETRY_WINDOW_SECONDS * 1000,
      dnsServers: e.WEBHOOK_DNS_SERVERS ?? [],
      companyConcurrency: e.WEBHOOK_COMPANY_CONCURRENCY,
      manualSendsPerMinute: e.WEBHOOK_MANUAL_SEND_LIMIT,
    },
    limits: {
      apiPerMinute: e.API_RATE_LIMIT,
      authFailures: e.AUTH_FAILURE_LIMIT,
      customers: e.CUSTOMER_QUOTA,
      openLinks: e.OPEN_LINK_QUOTA,
      idempotencyRecords: e.IDEMPOTENCY_QUOTA,
      accessTokens: e.ACCESS_TOKEN_QUOTA,
    },
    platformCredentials: Object.fromEntries(
      REAL_PLATFORMS.flatMap((id) => {
        const get = (what: string) => platformEnv(e, id, what);
        const [clientId, clientSecret, developerToken] = [
          get('CLIENT_ID'),
          get('CLIENT_SECRET'),
          get('DEVELOPER_TOKEN'),
        ];
        if (!clientId || !clientSecret) return [];
        const loginCustomerId = id === 'google' ? e.GOOGLE_LOGIN_CUSTOMER_ID : undefined;
        return [
          [
            id,
            {
              clientId,
              clientSecret,
              ...(developerToken ? { developerToken } : {}),
              ...(loginCustomerId ? { loginCustomerId } : {}),
            },
          ],
        ];
      }),
    ),
    platformOverrides: Object.fromEntries(
      REAL_PLATFORMS.flatMap((id) => {
        const get = (what: string) => platformEnv(e, id, what);
        const [baseUrl, apiVersion] = [get('BASE_URL'), get('API_VERSION')];
        if (!baseUrl && !apiVersion) return [];
        return [[id, { ...(baseUrl ? { baseUrl } : {}), ...(apiVersion ? { apiVersion } : {}) }]];
      }),
    ),
    sandbox: {
      enabled: e.SANDBOX_ENABLED === undefined ? e.NODE_ENV !== 'production' : e.SANDBOX_ENABLED === 'true',
      accessTokenTtl: e.SANDBOX_ACCESS_TOKEN_TTL,
      clientSecret: e.SANDBOX_CLIENT_SECRET,
    },
  });
}

/** Reads process.env once; on error prints every problem and exits 1. */
export function loadConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`adlink: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}
