import type { z } from 'zod';
import { environmentSchema } from './config/environment.js';
import { envName, REAL_PLATFORMS } from './config/variables.js';
import type { PlatformId } from './domain/platform-ids.js';

export { environmentSchema } from './config/environment.js';
export { type VariableDoc, variableDocs } from './config/variables.js';

/**
 * The only reader of process.env. Every variable (config/environment.ts, built from the kinds of value
 * in config/variables.ts) carries its documentation (`variableDocs`), from which `npm run docs:config`
 * renders docs/configuration.md; `parseConfig` takes the environment as an
 * argument so tests and the CLI build configs without touching the real one.
 */

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
  if ((env.ADLINK_ROLE === 'api' || env.ADLINK_ROLE === 'worker') && redisTargets.length === 0) {
    problems.push(
      `ADLINK_ROLE: the ${env.ADLINK_ROLE} role shares its work with the other roles through Redis; set one of ${REDIS_TARGETS.join(', ')}, or run the role all`,
    );
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

function redisTarget(e: z.infer<typeof environmentSchema>): RedisTarget | undefined {
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

/** What one process does: everything, the API only, or the background work only (operations.md). */
export type Role = 'all' | 'api' | 'worker';

export interface Config {
  env: 'development' | 'production' | 'test';
  role: Role;
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
  /** The most rows one platform's answer to a report may have. */
  reportMaxRows: number;
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
  /** Vendor API requests per company per minute, with its company tokens. */
  apiPerMinute: number;
  /** Failed authentications (company tokens, sign-in links) per client IP per 15 minutes. */
  authFailures: number;
  /** Customers a company may have. */
  customers: number;
  /** Connect links a company's company tokens may have open (issued, neither expired, used nor revoked). */
  openLinks: number;
  /** Idempotency records a company's company tokens may hold (a key lives 24 hours). */
  idempotencyRecords: number;
  /** Live (neither expired nor revoked) access tokens a company may hold, all its customers together. */
  accessTokens: number;
  /** What each customer's access tokens may spend together, apart from the company token's budget. */
  customerShare: Pick<Limits, 'apiPerMinute' | 'openLinks' | 'idempotencyRecords'>;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const quarter = (limit: number) => Math.max(1, Math.floor(limit / 4));

const platformEnv = (env: object, id: PlatformId, what: string) =>
  (env as Record<string, string | undefined>)[envName(id, what)];

export function parseConfig(env: Record<string, string | undefined>): Config {
  const blanksRemoved = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = environmentSchema.safeParse(blanksRemoved);
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
    role: e.ADLINK_ROLE,
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
    reportMaxRows: e.REPORT_MAX_ROWS,
    tokenKeeper: { intervalMs: e.TOKEN_KEEPER_INTERVAL_MS, windowSeconds: e.TOKEN_RENEW_WINDOW_SECONDS },
    webhooks: {
      privateTargets: e.WEBHOOK_PRIVATE_TARGETS,
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
      customerShare: {
        apiPerMinute: e.ACCESS_TOKEN_RATE_LIMIT ?? quarter(e.API_RATE_LIMIT),
        openLinks: e.ACCESS_TOKEN_OPEN_LINK_QUOTA ?? quarter(e.OPEN_LINK_QUOTA),
        idempotencyRecords: e.ACCESS_TOKEN_IDEMPOTENCY_QUOTA ?? quarter(e.IDEMPOTENCY_QUOTA),
      },
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

/** The adlink server a client command (`adlink mcp`) reaches, and the token it acts with. */
export interface RemoteSettings {
  /** ADLINK_URL, without a trailing slash. */
  url: string;
  /** ADLINK_TOKEN: a company token or a customer's access token. */
  token: string;
}

/**
 * ADLINK_URL and ADLINK_TOKEN: a client's settings, not the server's (so not in docs/configuration.md,
 * but in docs/mcp.md). Every problem at once, as a ConfigError.
 */
export function remoteSettings(env: Record<string, string | undefined> = process.env): RemoteSettings {
  const url = env.ADLINK_URL?.trim() ?? '';
  const token = env.ADLINK_TOKEN?.trim() ?? '';
  const problems: string[] = [];
  if (!url) problems.push('ADLINK_URL: is required: the adlink server, e.g. https://adlink.example.com');
  else if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    problems.push('ADLINK_URL: must be an http:// or https:// URL');
  }
  if (!token) problems.push('ADLINK_TOKEN: is required: a company token or a customer’s access token');
  if (problems.length > 0) throw new ConfigError(problems);
  return { url: url.replace(/\/+$/, ''), token };
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
