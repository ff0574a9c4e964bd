import { z } from 'zod';
import {
  isDnsServer,
  keyList,
  nonEmpty,
  oauthApp,
  perPlatform,
  redisNodeList,
  sentinels,
  variableDocs,
} from './variables.js';

/** Every variable adlink reads, in the order docs/configuration.md lists them. */
export const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development').register(variableDocs, {
    meaning:
      '`development`, `test` or `production`. Production requires a Redis (`REDIS_URL`, `REDIS_SENTINELS` or `REDIS_CLUSTER_NODES`), `PUBLIC_BASE_URL`, `SIGNING_KEYS` and `ENCRYPTION_KEYS`, refuses a Redis that may evict keys and warns when Redis persists nothing.',
  }),
  ADLINK_ROLE: z.enum(['all', 'api', 'worker']).default('all').register(variableDocs, {
    meaning:
      'What this process does ([roles](operations.md#roles)): `all` serves the API and runs the background work (webhook deliveries and abandoned-visit checks, the token keeper); `api` serves the API and only enqueues; `worker` runs the background work and serves only `/healthz`, `/readyz` and `/metrics`. `api` and `worker` need a Redis.',
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
