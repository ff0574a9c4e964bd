import { execFileSync } from 'node:child_process';
import type { PlatformId } from '../src/domain/platform-ids.js';
import { benchAccountId, CACHE_ACCOUNTS, type CacheScope, fillAdSetCache, SIZES } from './adset-page.js';
import { fillReportCache } from './report-cache.js';
import { SLOW_PLATFORM_TOKEN } from './slow-platform-token.js';
import type { Stack } from './stack.js';
import { seedUpload, type Upload } from './uploads.js';

/** S6's customer has this many ad accounts on the slow platform. */
export const FAN_OUT_ACCOUNTS = 20;

export interface Seeded {
  token: string;
  company: string;
  /** The customer S1 and S3 issue links for. */
  customer: string;
  /** A live session token for S2, and one of the baseline's for B2. */
  sessionToken: string;
  baselineToken: string;
  caches: { size: number; scope: CacheScope }[];
  fanOutCustomer: string;
  /** R1's customer, whose report is cached, and the report's query string (without `limit`). */
  report: { customer: string; query: string };
  /** U1's customer, its sandbox ad account already holding the image, and the request's body. */
  upload: Upload;
}

/** Calls adlink's vendor API; throws on an unexpected status. */
export async function api(stack: Stack, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.adlink.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

export const tokenOf = (connectUrl: string) => new URL(connectUrl).searchParams.get('token')!;

/** A connection written straight to the store (its tokens sealed): connecting through OAuth is not what is measured. */
export async function saveConnection(
  stack: Stack,
  company: string,
  customer: string,
  platform: PlatformId,
  accounts: number,
) {
  const now = new Date().toISOString();
  await stack.store.connections.save(
    company,
    customer,
    {
      platform,
      status: 'connected',
      ad_accounts: Array.from({ length: accounts }, (_, i) => ({
        id: benchAccountId(i),
        name: `Account ${i}`,
      })),
      scopes: [],
      connected_at: now,
      updated_at: now,
      expires_at: null,
      reauth_reason: null,
    },
    {
      access_token: SLOW_PLATFORM_TOKEN,
      refresh_token: null,
      expires_at: null,
      obtained_at: Math.floor(Date.now() / 1000),
      client_id: 'bench-client',
    },
  );
}

/** A company and its token through the operator CLI (`adlink company create`). */
export function createCompany(stack: Stack, name: string): { token: string; company: string } {
  const created = JSON.parse(
    execFileSync('node', ['bin/adlink.js', 'company', 'create', '--name', name, '--json'], {
      env: { ...process.env, ...stack.env },
      encoding: 'utf8',
    }),
  ) as { company: { id: string }; token: string };
  return { token: created.token, company: created.company.id };
}

/** A connect link's session token (S2 introspects it), issued through the API. */
export async function sessionTokenFor(stack: Stack, token: string, customer: string): Promise<string> {
  const link = await api(stack, token, 'GET', `/customers/${customer}/connect?expires_in=3600`);
  return tokenOf(link.connect_url as string);
}

/** A session token of the baselines' (B2 verifies it). */
export async function baselineTokenFor(stack: Stack, customer: string): Promise<string> {
  const baseline = await fetch(`${stack.baselines.express}/b1/customers/${customer}/connect`);
  return tokenOf(((await baseline.json()) as { connect_url: string }).connect_url);
}

/** The company and its token through the operator CLI, customers through the API, S4's caches and S6's connection in the store. */
export async function seed(stack: Stack): Promise<Seeded> {
  const { token, company } = createCompany(stack, 'Bench company');
  const newCustomer = async (name: string) =>
    (await api(stack, token, 'POST', '/customers', { name })).id as string;

  const customer = await newCustomer('Link customer');
  const sessionToken = await sessionTokenFor(stack, token, customer);
  const baselineToken = await baselineTokenFor(stack, customer);

  const caches = [];
  for (const size of SIZES) {
    const id = await newCustomer(`Cache customer ${size}`);
    await saveConnection(stack, company, id, 'sandbox', CACHE_ACCOUNTS);
    const scope = { company, customer: id, platform: 'sandbox' };
    await fillAdSetCache(stack.store, scope, size);
    caches.push({ size, scope });
  }

  const reportCustomer = await newCustomer('Report customer');
  await saveConnection(stack, company, reportCustomer, 'sandbox', 1);
  const reported = await fillReportCache(
    stack.store,
    { company, customer: reportCustomer, platform: 'sandbox' },
    '7000000000',
  );
  const reportQuery = new URLSearchParams({
    customer: reportCustomer,
    platform: 'sandbox',
    level: reported.level,
    from: reported.from,
    to: reported.to,
  }).toString();

  const fanOutCustomer = await newCustomer('Fan-out customer');
  await saveConnection(stack, company, fanOutCustomer, 'tiktok', FAN_OUT_ACCOUNTS);

  const uploadCustomer = await newCustomer('Upload customer');
  await saveConnection(stack, company, uploadCustomer, 'sandbox', 1);
  const upload = await seedUpload(stack.store, company, uploadCustomer, benchAccountId(0));

  return {
    token,
    company,
    customer,
    sessionToken,
    baselineToken,
    caches,
    fanOutCustomer,
    report: { customer: reportCustomer, query: reportQuery },
    upload,
  };
}
