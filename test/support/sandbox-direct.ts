import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { randomToken } from '../../src/ids.js';
import { signedLoginHint } from '../../src/platforms/sandbox/login-hint.js';
import {
  type Company,
  enter,
  exchangeAtSandbox,
  newCustomer,
  newLink,
  SANDBOX_CLIENT_SECRET,
  sandboxCallbackUrl,
  sandboxIssuer,
  startSandbox,
  throughChoice,
} from './connect-helpers.js';
import { FlowClient, location } from './flow-client.js';
import type { Harness } from './harness.js';

/** A parsed JSON answer; the assertions that read it are its type check. */
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of HTTP answers under test
export type Json = any;

/** Acting on the sandbox platform directly, as the customer would at the platform, bypassing adlink. */

export interface SandboxAnswer {
  status: number;
  body: Json;
  headers: Headers;
}

/**
 * The sandbox ads API (`/sandbox/api/v1`) with one access token, or several used in turn (each
 * token may make 50 requests per 10 s).
 */
export class SandboxApi {
  private readonly tokens: string[];
  private turn = 0;

  constructor(
    private readonly h: Harness,
    tokens: string | string[],
  ) {
    this.tokens = [tokens].flat();
  }

  async request(method: string, path: string, body?: unknown): Promise<SandboxAnswer> {
    const token = this.tokens[this.turn++ % this.tokens.length]!;
    const res = await fetch(`${sandboxIssuer(this.h)}/api/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body: unknown) => this.request('POST', path, body);
  patch = (path: string, body: unknown) => this.request('PATCH', path, body);
  delete = (path: string) => this.request('DELETE', path);

  /** Like request, but expects this status and returns the body. */
  async expect(status: number, method: string, path: string, body?: unknown): Promise<Json> {
    const res = await this.request(method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body;
  }

  /** Every ad set of the account (deleted ones too), with their ads, following the pages. */
  async allAdSets(account: string): Promise<SandboxAdSet[]> {
    const found: SandboxAdSet[] = [];
    for (const status of ['', '&status=DELETED']) {
      let after: string | undefined;
      do {
        const cursor = after ? `&after=${encodeURIComponent(after)}` : '';
        const page = await this.expect(
          200,
          'GET',
          `/ad_accounts/${account}/adsets?limit=100&expand=ads${status}${cursor}`,
        );
        found.push(...page.data);
        after = page.paging?.next;
      } while (after);
    }
    return found;
  }

  async campaigns(
    account: string,
  ): Promise<{ id: string; account_id: string; status: string; channel: string; objective: string }[]> {
    return (await this.expect(200, 'GET', `/ad_accounts/${account}/campaigns?limit=100`)).data;
  }

  /** Faults the next `count` API requests of the token's user (whatever token they carry). */
  async fault(
    fault: 'server_error' | 'rate_limited' | 'unauthorized' | 'hang',
    count = 1,
    pathPrefix?: string,
  ): Promise<void> {
    await this.expect(201, 'POST', '/_test/faults', {
      fault,
      count,
      ...(pathPrefix === undefined ? {} : { path_prefix: pathPrefix }),
    });
  }

  /** How many faulted requests are still to come. */
  async pendingFaults(): Promise<number> {
    const { data } = await this.expect(200, 'GET', '/_test/faults');
    return (data as { remaining: number }[]).reduce((sum, f) => sum + f.remaining, 0);
  }

  async clearFaults(): Promise<void> {
    await this.expect(204, 'DELETE', '/_test/faults');
  }
}

export interface SandboxAdSet {
  id: string;
  account_id: string;
  campaign_id: string;
  name: string;
  status: 'ACTIVE' | 'PAUSED' | 'ARCHIVED' | 'DELETED';
  delivery: 'DELIVERING' | 'NOT_DELIVERING';
  channel: string;
  budget: { type: string; amount: number; currency: string };
  objective: string;
  start_time?: string;
  end_time?: string | null;
  created_time: string;
  targeting: { keywords: string[]; zipcodes: { country: string; zip: string }[] };
  ads?: { id: string; name: string; status: string; channel: string; targeting?: { keywords: string[] } }[];
}

/** The unified status a sandbox ad set has (the documented mapping, written out independently). */
export function unifiedStatus(adset: Pick<SandboxAdSet, 'status' | 'delivery'>): string {
  if (adset.status === 'ACTIVE') return adset.delivery === 'DELIVERING' ? 'Running' : 'Active';
  return { PAUSED: 'Paused', ARCHIVED: 'Archived', DELETED: 'Deleted' }[adset.status];
}

/** Sandbox channels as unified channel kinds. */
export const UNIFIED_CHANNEL: Record<string, string> = {
  SOCIAL: 'Social',
  SEARCH: 'Search',
  DISPLAY: 'Display',
  VIDEO: 'Video',
  AUDIO: 'Audio',
  DOOH: 'DOOH',
  CTV: 'CTV',
  MAIL: 'Mail',
};

export interface DirectGrant {
  accessToken: string;
  refreshToken: string;
  /** The granted ad accounts, in the consent page's order. */
  accounts: string[];
  api: SandboxApi;
}

/**
 * A second authorization of the sandbox user of adlink's `customer` by adlink's OAuth client (with the
 * login hint only that client can sign), obtained straight from the sandbox: its own grant and tokens
 * (so its own rate-limit budget), the same data and the same two ad accounts as the customer's connection.
 */
export async function directGrant(
  h: Harness,
  customer: string,
  pick: number[] = [0, 1],
): Promise<DirectGrant> {
  const verifier = randomToken(32);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'adlink',
    redirect_uri: sandboxCallbackUrl(h),
    state: randomToken(9),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    login_hint: signedLoginHint({ id: 'adlink', secret: SANDBOX_CLIENT_SECRET }, customer, challenge),
  });
  const page = await fetch(`${sandboxIssuer(h)}/oauth/authorize?${query}`);
  const html = await page.text();
  expect(page.status, html.slice(0, 300)).toBe(200);
  const request = /name="request" value="([^"]+)"/.exec(html)![1]!;
  const accounts = [...html.matchAll(/name="accounts" value="([^"]+)"/g)].map((m) => m[1]!);
  const chosen = pick.map((i) => accounts[i]!);
  const form = new URLSearchParams([
    ['request', request],
    ['decision', 'allow'],
    ...chosen.map((a): [string, string] => ['accounts', a]),
  ]);
  const consent = await fetch(`${sandboxIssuer(h)}/oauth/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(consent.status).toBe(303);
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const tokens = await exchangeAtSandbox(h, code, verifier);
  expect(tokens.status).toBe(200);
  return {
    accessToken: tokens.body.access_token!,
    refreshToken: tokens.body.refresh_token!,
    accounts: chosen,
    api: new SandboxApi(h, tokens.body.access_token!),
  };
}

/** Several direct grants of one sandbox user, as one API that uses their tokens in turn. */
export async function directGrants(h: Harness, customer: string, count: number): Promise<DirectGrant> {
  const grants: DirectGrant[] = [];
  for (let i = 0; i < count; i++) grants.push(await directGrant(h, customer));
  return {
    ...grants[0]!,
    api: new SandboxApi(
      h,
      grants.map((g) => g.accessToken),
    ),
  };
}

/** RFC 7009 revocation at the sandbox with adlink's client credentials (a refresh token revokes its grant). */
export async function revokeAtSandbox(h: Harness, token: string, hint?: 'refresh_token' | 'access_token') {
  const res = await fetch(`${sandboxIssuer(h)}/oauth/revoke`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`adlink:${SANDBOX_CLIENT_SECRET}`).toString('base64')}`,
    },
    body: new URLSearchParams({ token, ...(hint ? { token_type_hint: hint } : {}) }).toString(),
  });
  await res.arrayBuffer();
  expect(res.status).toBe(200);
}

/**
 * Like sandboxCustomer (the real hosted flow), but the customer shares the ad accounts at these
 * indexes of the consent page (sandboxCustomer shares the first two).
 */
export async function sandboxCustomerSharing(
  h: Harness,
  company: Company,
  pick: number[],
  name = 'Bakery',
): Promise<string> {
  const customer = await newCustomer(h, company, name);
  const link = await newLink(h, company, customer);
  const browser = new FlowClient(h.baseUrl);
  await enter(browser, link.connect_url);
  const authorize = await startSandbox(h, browser);
  const page = await browser.get(authorize.href);
  expect(page.status).toBe(200);
  const html = await page.text();
  const accounts = [...html.matchAll(/name="accounts" value="([^"]+)"/g)].map((m) => m[1]!);
  const answer = await browser.post(`${sandboxIssuer(h)}/oauth/authorize`, {
    ...FlowClient.formFields(html),
    decision: 'allow',
    accounts: pick.map((i) => accounts[i]!),
  });
  expect(answer.status).toBe(303);
  const callback = await browser.get(location(answer));
  expect(callback.status).toBe(303);
  expect(await throughChoice(browser, callback)).toBe('/connections?connected=sandbox');
  return customer;
}
