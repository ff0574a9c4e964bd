import type autocannon from 'autocannon';
import { encodeCursor } from '../src/http/cursor.js';
import { adOf, PAGE, spreadAfters } from './adset-page.js';
import type { Load } from './load.js';
import type { Child } from './processes.js';
import { reportQuery } from './report-cache.js';
import { api, FAN_OUT_ACCOUNTS, type Seeded, tokenOf } from './seed.js';
import type { Stack } from './stack.js';
import { uploadScenarios } from './uploads.js';

export interface Scenario {
  id: string;
  title: string;
  /** The baseline its req/s is compared with, in the same round. */
  baseline?: string;
  /** The process that answers it (its CPU time per request is reported). */
  server: Child;
  /** Builds the load of one round (S3 issues that round's links here, before the clock starts). */
  prepare(): Promise<Load>;
}

/** S3 visits per round: warm-up and measured, each a fresh link. */
const S3_VISITS = { warmup: 300, run: 2500 };
const JSON_TYPE = { 'content-type': 'application/json' };

/** Each request of a connection takes the next value of a list, round and round. */
export function cycling<T>(values: T[], build: (value: T) => autocannon.Request): autocannon.Request {
  let next = 0;
  return { setupRequest: (request) => ({ ...request, ...build(values[next++ % values.length]!) }) };
}

async function issueLinks(stack: Stack, seeded: Seeded, count: number): Promise<string[]> {
  const links: string[] = [];
  const worker = async () => {
    while (links.length < count) {
      links.push(
        (await api(stack, seeded.token, 'GET', `/customers/${seeded.customer}/connect`))
          .connect_url as string,
      );
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return links.slice(0, count);
}

/** Whom S1 issues links for and which links S2 introspects: each request takes the next one. */
export interface LinkTargets {
  customers: { token: string; customer: string }[];
  sessions: { token: string; sessionToken: string }[];
  /** B1's customer and a session token of B1's for B2. */
  baselineCustomer: string;
  baselineToken: string;
}

/** S1 and S2, each after its baseline (B1, B2). */
export function linkScenarios(stack: Stack, targets: LinkTargets): Scenario[] {
  return [
    {
      id: 'B1',
      title: 'express + helmet: sign a JWT (EdDSA), SET EX',
      server: stack.baselines.process,
      prepare: async () => ({
        url: `${stack.baselines.express}/b1/customers/${targets.baselineCustomer}/connect`,
        expect: [200],
        requests: [{ method: 'GET' }],
      }),
    },
    {
      id: 'S1',
      title: 'GET /customers/:id/connect',
      server: stack.adlink,
      baseline: 'B1',
      prepare: async () => ({
        url: stack.adlink.url,
        expect: [200],
        requests: [
          cycling(targets.customers, ({ token, customer }) => ({
            method: 'GET',
            path: `/customers/${customer}/connect`,
            headers: { authorization: `Bearer ${token}` },
          })),
        ],
      }),
    },
    {
      id: 'B2',
      title: 'express + helmet: verify a JWT, GET',
      server: stack.baselines.process,
      prepare: async () => ({
        url: `${stack.baselines.express}/b2/introspect`,
        expect: [200],
        requests: [
          { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ token: targets.baselineToken }) },
        ],
      }),
    },
    {
      id: 'S2',
      title: 'POST /sessions/introspect',
      server: stack.adlink,
      baseline: 'B2',
      prepare: async () => ({
        url: stack.adlink.url,
        expect: [200],
        requests: [
          cycling(targets.sessions, ({ token, sessionToken }) => ({
            method: 'POST',
            path: '/sessions/introspect',
            headers: { authorization: `Bearer ${token}`, ...JSON_TYPE },
            body: JSON.stringify({ token: sessionToken }),
          })),
        ],
      }),
    },
  ];
}

/** The first page of a cached ad-set list, of each customer in turn (every one's list is cached). */
export function cachedPagesScenario(
  stack: Stack,
  customers: { token: string; customer: string }[],
): Scenario {
  return {
    id: 'S4 page',
    title: `GET /v1/sandbox/adsets?limit=${PAGE}, a cached list, another customer's each request`,
    server: stack.adlink,
    prepare: async () => ({
      url: stack.adlink.url,
      expect: [200],
      requests: [
        cycling(customers, ({ token, customer }) => ({
          method: 'GET',
          path: `/v1/sandbox/adsets?customer=${customer}&limit=${PAGE}`,
          headers: { authorization: `Bearer ${token}` },
        })),
      ],
    }),
  };
}

export function scenarios(stack: Stack, seeded: Seeded): Scenario[] {
  const adlink = stack.adlink.url;
  const auth = { authorization: `Bearer ${seeded.token}` };
  const fixed = (load: Load) => async () => load;
  const cacheScenario = ({ size, scope }: Seeded['caches'][number]): Scenario => ({
    id: `S4 ${size / 1000}k`,
    title: `GET /v1/sandbox/adsets?limit=100, cache of ${size.toLocaleString('en')}`,
    server: stack.adlink,
    prepare: fixed({
      url: adlink,
      expect: [200],
      requests: [
        cycling(spreadAfters(size, 500), (after) => ({
          method: 'GET',
          path: `/v1/sandbox/adsets?customer=${scope.customer}&limit=100&cursor=${encodeCursor({ after, status: null })}`,
          headers: auth,
        })),
      ],
    }),
  });
  const adsPage = ({ size, scope }: Seeded['caches'][number]): Scenario => ({
    id: 'A1',
    title: `GET /v1/sandbox/ads?limit=100, the ads cache beside S4's ${size / 1000}k ad sets`,
    server: stack.adlink,
    prepare: fixed({
      url: adlink,
      expect: [200],
      requests: [
        cycling(spreadAfters(size, 500, adOf), (after) => ({
          method: 'GET',
          path: `/v1/sandbox/ads?customer=${scope.customer}&limit=100&cursor=${encodeCursor({ after, status: null, adSetId: null, campaignId: null })}`,
          headers: auth,
        })),
      ],
    }),
  });
  const reportWeek = reportQuery();
  let visitor = 0;
  let idempotencyKey = 0;
  const run = Date.now().toString(36);

  return [
    ...linkScenarios(stack, {
      customers: [{ token: seeded.token, customer: seeded.customer }],
      sessions: [{ token: seeded.token, sessionToken: seeded.sessionToken }],
      baselineCustomer: seeded.customer,
      baselineToken: seeded.baselineToken,
    }),
    {
      id: 'B3',
      title: 'node:http hello JSON',
      server: stack.baselines.process,
      prepare: fixed({ url: stack.baselines.http, expect: [200], requests: [{ method: 'GET' }] }),
    },
    {
      id: 'S3',
      title: 'first visit: landing page + POST redeem + 303 (2 requests, a fresh link each)',
      server: stack.adlink,
      async prepare() {
        const links = await issueLinks(stack, seeded, S3_VISITS.warmup + S3_VISITS.run);
        const visits = links.map((link) => {
          const ip = ++visitor;
          return {
            landing: new URL(link),
            // Every visitor comes from an address of its own (the per-address entry limit is not measured).
            forwarded: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
            form: new URLSearchParams({ customer: seeded.customer, token: tokenOf(link) }).toString(),
          };
        });
        let next = 0;
        return {
          url: adlink,
          expect: [200, 303],
          amount: { warmup: 2 * S3_VISITS.warmup, run: 2 * S3_VISITS.run },
          requests: [
            {
              setupRequest: (request, context) => {
                const visit = visits[next++]!;
                (context as { visit?: typeof visit }).visit = visit;
                return {
                  ...request,
                  method: 'GET',
                  path: `${visit.landing.pathname}${visit.landing.search}`,
                  headers: { 'x-forwarded-for': visit.forwarded },
                };
              },
            },
            {
              setupRequest: (request, context) => {
                const { visit } = context as { visit: (typeof visits)[number] };
                return {
                  ...request,
                  method: 'POST',
                  path: '/connections/session',
                  headers: {
                    'content-type': 'application/x-www-form-urlencoded',
                    origin: adlink,
                    'x-forwarded-for': visit.forwarded,
                  },
                  body: visit.form,
                };
              },
            },
          ],
        };
      },
    },
    ...seeded.caches.map(cacheScenario),
    adsPage(seeded.caches[0]!),
    ...(
      [
        ['R1', 'a page of 1,000 rows (the default limit)', ''],
        ['R1 all', 'all 3,000 rows in one page', '&limit=10000'],
      ] as const
    ).map(
      ([id, what, limit]): Scenario => ({
        id,
        title: `GET /reports: a cached 30-day report of 100 ad sets by day, ${what}`,
        server: stack.adlink,
        prepare: fixed({
          url: adlink,
          expect: [200],
          requests: [{ method: 'GET', path: `/reports?${seeded.report.query}${limit}`, headers: auth }],
        }),
      }),
    ),
    ...uploadScenarios(stack, seeded.token, seeded.upload),
    {
      id: 'S5',
      title: 'POST /customers with Idempotency-Key (a new key each)',
      server: stack.adlink,
      prepare: fixed({
        url: adlink,
        expect: [201],
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              method: 'POST',
              path: '/customers',
              headers: { ...auth, ...JSON_TYPE, 'idempotency-key': `bench-${run}-${++idempotencyKey}` },
              body: JSON.stringify({ name: 'Bench customer' }),
            }),
          },
        ],
      }),
    },
    {
      id: 'R2',
      title: `GET /reports?platform=tiktok&dismissDatabase=true, a cold report over ${FAN_OUT_ACCOUNTS} ad accounts, 50 ms a call; one request at a time`,
      server: stack.adlink,
      prepare: fixed({
        url: adlink,
        expect: [200],
        connections: 1,
        requests: [
          {
            method: 'GET',
            path: `/reports?customer=${seeded.fanOutCustomer}&platform=tiktok&level=adset&from=${reportWeek.from}&to=${reportWeek.to}&dismissDatabase=true`,
            headers: auth,
          },
        ],
      }),
    },
    ...(['S6', 'S6 ×10'] as const).map(
      (id): Scenario => ({
        id,
        title:
          id === 'S6'
            ? 'GET /v1/tiktok/adsets?dismissDatabase=true, 20 ad accounts, 50 ms a call; one request at a time'
            : 'the same, 10 connections (200 platform calls in flight)',
        server: stack.adlink,
        prepare: fixed({
          url: adlink,
          expect: [200],
          // S6 judges the fan-out: how long one request over 20 accounts takes against one call.
          ...(id === 'S6' ? { connections: 1 } : {}),
          requests: [
            {
              method: 'GET',
              path: `/v1/tiktok/adsets?customer=${seeded.fanOutCustomer}&dismissDatabase=true`,
              headers: auth,
            },
          ],
        }),
      }),
    ),
  ];
}
