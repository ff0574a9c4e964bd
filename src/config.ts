import { isIP } from 'node:net';
import { z } from 'zod';
import { PLATFORM_IDS, type PlatformId } from './domain/platform-ids.js';

/**
 * The only reader of process.env. Every variable carries its documentation (`variableDocs`), from which
 * `npm run docs:config` renders docs/configuration.md; `parseConfig` takes the environment as an
 * argument so tests and the CLI build configs without touching the real one.
 */

/** What docs/configuration.md says of one variable. */
export interface VariableDoc {
  /** The Meaning column (markdown): what the value does, its range, how it interacts with others. */
  meaning: string;
  /** The Default column where the schema's default is not a literal (computed, generated or derived). */
  shownDefault?: string;
  /** The name a variable of every platform is listed under, such as `<PLATFORM>_CLIENT_ID`. */
  family?: string;
}

/** Each variable's documentation; the page lists variables with the same meaning in one row. */
export const variableDocs = z.registry<VariableDoc>();

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

/** `<ID>_<what>` for every platform but the sandbox: one family, documented once. */
const perPlatform = (what: string, value: () => z.ZodType<string | undefined>, doc: VariableDoc) =>
  Object.fromEntries(
    REAL_PLATFORMS.map((id) => [
      envName(id, what),
      value().register(variableDocs, { ...doc, family: `<PLATFORM>_${what}` }),
    ]),
  );

const nonEmpty = () => z.string().min(1).optional();

const oauthApp: VariableDoc = {
  meaning: `The deployment's OAuth app per platform (${REAL_PLATFORMS.map((id) => `\`${id.toUpperCase()}\``).join(', ')}); both or neither. Register \`PUBLIC_BASE_URL/connections/oauth/<platform>/callback\` as its redirect URI.`,
};

const sentinels: VariableDoc = {
  meaning:
    "Redis behind Sentinel instead: the Sentinels (`host:port` or `redis[s]://[user:password@]host:port`, comma-separated; credentials and TLS apply to the Sentinels and the master) and the master's name.",
};

/** Every variable adlink reads, in the order docs/configuration.md lists them. */
export const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development').register(variableDocs, {
    meaning:
      '`development`, `test` or `production`. Production requires a Redis (`REDIS_URL`, `REDIS_SENTINELS` or `REDIS_CLUSTER_NODES`), `PUBLIC_BASE_URL`, `SIGNING_KEYS` and `ENCRYPTION_KEYS`, refuses a Redis that may evict keys and warns when Redis persists nothing.',
  }),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .register(variableDocs, { meaning: 'Port to listen on.' }),
  HOST: z.string().min(1).default('0.0.0.0').register(variableDocs, { meaning: 'Address to listen on.' }),
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .refine((u) => !u || !/[?#]/.test(u), 'must not contain a query or fragment')
    .register(variableDocs, {
      meaning:
        "The URL customers' browsers reach adlink at; connect links are built from it. `https://` turns on HSTS and secure cookies. No query or fragment.",
      shownDefault: '`http://localhost:$PORT`',
    }),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/ })
    .optional()
    .register(variableDocs, {
      meaning:
        '`redis://` or `rediss://` URL of one Redis server. Absent (and no Sentinel or Cluster): the embedded in-process store — data is lost on restart (unless `DATA_FILE`) and only one instance may run.',
    }),
  REDIS_SENTINELS: redisNodeList('REDIS_SENTINELS').register(variableDocs, sentinels),
  REDIS_SENTINEL_NAME: z.string().min(1).optional().register(variableDocs, sentinels),
  REDIS_CLUSTER_NODES: redisNodeList('REDIS_CLUSTER_NODES').register(variableDocs, {
    meaning:
      'A Redis Cluster instead: some of its nodes, in the same form. Set only one of `REDIS_URL`, `REDIS_SENTINELS`, `REDIS_CLUSTER_NODES`.',
  }),
  ALLOW_EMBEDDED_STORE: z.enum(['true', 'false']).default('false').register(variableDocs, {
    meaning:
      '`true` lets `NODE_ENV=production` run on the embedded store (one instance, nothing survives a restart without `DATA_FILE`); production refuses to start without a Redis otherwise.',
  }),
  DATA_FILE: z.string().min(1).optional().register(variableDocs, {
    meaning:
      "Embedded store only (development): a JSON file the store is loaded from and kept in (written within a second of a change and at shutdown), with the generated keys, so a restart keeps the demo's data. It holds secrets: keep it out of version control.",
  }),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{0,64}$/, 'letters, digits, ":", "_" and "-" only')
    .default('')
    .register(variableDocs, {
      meaning: 'Prefix for every key, to share one Redis database between deployments.',
    }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .register(variableDocs, {
      meaning: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.',
    }),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, '16 to 256 printable characters, no spaces')
    .optional()
    .register(variableDocs, {
      meaning:
        'When set, `GET /metrics` requires `Authorization: Bearer <METRICS_TOKEN>` (16–256 printable characters). Without it, production does not serve `/metrics` at all (404, and a warning at startup); elsewhere it is open.',
    }),
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|false|true|loopback)$/, 'a hop count, "loopback", "true" or "false"')
    .default('false')
    .register(variableDocs, {
      meaning:
        'Express `trust proxy`: a hop count, `loopback`, `true` or `false`. Set it behind a load balancer so client IPs are right.',
    }),
  SIGNING_KEYS: keyList('SIGNING_KEYS').register(variableDocs, {
    meaning:
      'Ed25519 keys that sign connect-session tokens: `kid:base64-PKCS#8,kid2:…`. The first signs, all verify, so keys can rotate.',
    shownDefault: 'generated (not in production)',
  }),
  ENCRYPTION_KEYS: keyList('ENCRYPTION_KEYS', 32).register(variableDocs, {
    meaning:
      '32-byte AES-256-GCM keys for platform credentials and signing secrets: `kid:base64,kid2:…`. The first encrypts, all decrypt.',
    shownDefault: 'generated (not in production)',
  }),
  API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(1200).register(variableDocs, {
    meaning:
      "Vendor API requests per company per minute with its company tokens (1–1,000,000); more answer 429 `rate_limited`. Access tokens have their customer's own budget.",
  }),
  AUTH_FAILURE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(100).register(variableDocs, {
    meaning:
      'Failed authentications (wrong company tokens, wrong sign-in links) per client IP per 15 minutes (1–100,000); then every authentication from that address answers 429 until the window ends.',
  }),
  CUSTOMER_QUOTA: z.coerce.number().int().min(1).max(100_000_000).default(100_000).register(variableDocs, {
    meaning: 'Customers a company may have; more answer 409 `quota_exceeded`.',
  }),
  OPEN_LINK_QUOTA: z.coerce.number().int().min(1).max(10_000_000).default(10_000).register(variableDocs, {
    meaning: 'Connect links a company token may have open (issued, neither expired, used nor revoked).',
  }),
  IDEMPOTENCY_QUOTA: z.coerce.number().int().min(1).max(10_000_000).default(100_000).register(variableDocs, {
    meaning:
      "Idempotency records a company's company tokens may hold (each lives 24 hours; refusals keep none).",
  }),
  ACCESS_TOKEN_QUOTA: z.coerce.number().int().min(1).max(1_000_000).default(10_000).register(variableDocs, {
    meaning:
      'Live access tokens (neither expired nor revoked) a company may hold, all its customers together (1–1,000,000); more answer 409 `quota_exceeded`.',
  }),
  ACCESS_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).optional().register(variableDocs, {
    meaning:
      "Vendor API requests per minute with a customer's access tokens, all its tokens together (1–1,000,000): a budget of the customer's own, apart from the company token's `API_RATE_LIMIT`; more answer 429 `rate_limited`.",
    shownDefault: 'a quarter of `API_RATE_LIMIT`',
  }),
  ACCESS_TOKEN_OPEN_LINK_QUOTA: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .optional()
    .register(variableDocs, {
      meaning:
        "Connect links a customer's access tokens may have open, all its tokens together: a share of its own, apart from the company token's `OPEN_LINK_QUOTA`.",
      shownDefault: 'a quarter of `OPEN_LINK_QUOTA`',
    }),
  ACCESS_TOKEN_IDEMPOTENCY_QUOTA: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .optional()
    .register(variableDocs, {
      meaning:
        "Idempotency records a customer's access tokens may hold, all its tokens together: a share of its own, apart from the company token's `IDEMPOTENCY_QUOTA`.",
      shownDefault: 'a quarter of `IDEMPOTENCY_QUOTA`',
    }),
  PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000).register(variableDocs, {
    meaning:
      'How long (100–120000 ms) a platform API call may take before the request fails with 504 `platform_timeout`.',
  }),
  PLATFORM_FAN_OUT: z.coerce.number().int().min(1).max(50).default(20).register(variableDocs, {
    meaning:
      "How many ad accounts of one platform (1–50) a live read (`dismissDatabase=true`) or a campaign listing asks at once. With 20, a customer's 20 accounts take as long as the slowest one; lower it when a platform throttles bursts.",
  }),
  REPORT_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300).register(variableDocs, {
    meaning:
      "How long (0–86400 s) a report whose range reaches yesterday or today in an ad account's time zone is cached: those numbers still change. 0: not cached.",
  }),
  REPORT_CACHE_CLOSED_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(21_600)
    .register(variableDocs, {
      meaning:
        "How long (0–604800 s) a report of closed days only (before yesterday in every account's zone) is cached.",
    }),
  REPORT_MAX_ROWS: z.coerce.number().int().min(1000).max(1_000_000).default(100_000).register(variableDocs, {
    meaning:
      "The most rows (1,000–1,000,000) one platform's answer to a report may have: more answer 400 `report_too_large` saying what would fit (a coarser level, fewer days), and nothing is cached. Each 100,000 rows hold ≈ 40 MB in Redis while cached, and as much in the process while read.",
  }),
  TOKEN_KEEPER_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(60_000)
    .register(variableDocs, {
      meaning:
        'How often each instance looks for platform authorizations due for renewal (0 turns the keeper off). One instance at a time sweeps (a lease in Redis).',
    }),
  WEBHOOK_PRIVATE_TARGETS: z.enum(['refuse', 'loopback', 'allow']).default('refuse').register(variableDocs, {
    meaning:
      'Which non-public addresses webhook deliveries may reach: `refuse`, `loopback` or `allow` ([SSRF protection](webhooks-and-events.md)).',
  }),
  WEBHOOK_DNS_SERVERS: z
    .string()
    .transform((value) => value.split(',').map((entry) => entry.trim()))
    .refine(
      (entries) => entries.every(isDnsServer),
      'IP addresses, each with an optional :port, comma-separated',
    )
    .optional()
    .register(variableDocs, {
      meaning:
        'DNS servers webhook targets are resolved with: IP addresses with an optional port, comma-separated (`10.0.0.2,[fd00::2]:53`).',
      shownDefault: "the system's (`/etc/resolv.conf`)",
    }),
  WEBHOOK_COMPANY_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(3).register(variableDocs, {
    meaning:
      "Deliveries of one company an instance sends at once (1–100); the rest wait without taking the worker's slots.",
  }),
  WEBHOOK_MANUAL_SEND_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(60)
    .register(variableDocs, {
      meaning: 'Resends and test pings per company per minute (429 `rate_limited` past it).',
    }),
  WEBHOOK_FIRST_RETRY_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3_600_000)
    .default(30_000)
    .register(variableDocs, {
      meaning: "The wait before a failed delivery's first retry; each further retry waits twice as long.",
    }),
  WEBHOOK_RETRY_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 86_400)
    .default(3 * 86_400)
    .register(variableDocs, {
      meaning:
        'How long (3 days) failed deliveries are retried, and how long an endpoint may fail before it is disabled.',
    }),
  TOKEN_RENEW_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(300)
    .register(variableDocs, {
      meaning:
        'How long before an access token expires the keeper renews it. Renewable connections are also renewed at least once a day.',
    }),
  SANDBOX_ENABLED: z.enum(['true', 'false']).optional().register(variableDocs, {
    meaning: 'Serves the built-in sandbox platform at `/sandbox` and offers it to customers.',
    shownDefault: '`true` outside production',
  }),
  SANDBOX_ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).max(86_400).default(300).register(variableDocs, {
    meaning: 'Lifetime in seconds (5–86400) of sandbox access tokens; short, so refreshes happen.',
  }),
  SANDBOX_CLIENT_SECRET: z.string().min(16).optional().register(variableDocs, {
    meaning: "Secret of the sandbox's OAuth client `adlink` (at least 16 characters).",
    shownDefault: 'derived from the first encryption key',
  }),
  ...perPlatform('CLIENT_ID', nonEmpty, oauthApp),
  ...perPlatform('CLIENT_SECRET', nonEmpty, oauthApp),
  ...perPlatform('DEVELOPER_TOKEN', nonEmpty, {
    meaning:
      'The developer tokens the Google and Microsoft APIs require on every call (`GOOGLE_DEVELOPER_TOKEN`, `MICROSOFT_DEVELOPER_TOKEN`); the other platforms have none and ignore it.',
  }),
  GOOGLE_LOGIN_CUSTOMER_ID: z
    .string()
    .transform((v) => v.replaceAll('-', ''))
    .pipe(z.string().regex(/^\d{10}$/, 'must be a 10-digit Google Ads customer id'))
    .optional()
    .register(variableDocs, {
      meaning:
        'The Google Ads manager account (10 digits, dashes allowed) calls go through, sent as `login-customer-id`.',
    }),
  ...perPlatform(
    'BASE_URL',
    () =>
      z
        .url({ protocol: /^https?$/ })
        .optional()
        .refine(
          (u) => !u || new URL(u).href === `${new URL(u).origin}/`,
          'must be an origin such as http://127.0.0.1:4010, without a path',
        ),
    {
      meaning:
        'An origin (no path) that receives every OAuth and API call of that platform instead, paths unchanged: an emulator (`npm run emulator -- <platform>`), a proxy, a test double.',
      shownDefault: "(the platform's own hosts)",
    },
  ),
  ...perPlatform(
    'API_VERSION',
    () =>
      z
        .string()
        .regex(/^[A-Za-z0-9._-]{1,20}$/, 'letters, digits, ".", "_" and "-"')
        .optional(),
    {
      meaning:
        "The API version the platform's URLs and headers carry (`META_API_VERSION=v24.0`, `LINKEDIN_API_VERSION=202510`, …).",
      shownDefault: "the official SDK's ([Platforms](platforms/README.md))",
    },
  ),
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
