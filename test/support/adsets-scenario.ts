import { expect } from 'vitest';
import { AdSetClient } from './adsets-client.js';
import type { Company } from './connect-helpers.js';
import type { Harness } from './harness.js';
import { sandboxCustomer } from './sandbox-customer.js';
import { type DirectGrant, directGrant, type Json } from './sandbox-direct.js';

export interface Account {
  id: string;
  name: string;
  currency: string;
}

export interface Campaign {
  id: string;
  advertiser: string;
  status: string;
  channelKind: string | null;
  objective: string | null;
}

/** A customer connected to the sandbox, its ad accounts (EUR, USD) and campaigns, and a direct grant. */
export interface SandboxScenario {
  client: AdSetClient;
  direct: DirectGrant;
  eur: Account;
  usd: Account;
  campaigns: Campaign[];
}

export async function sandboxScenario(h: Harness, company: Company, name: string): Promise<SandboxScenario> {
  const customer = await sandboxCustomer(h, company, name);
  const client = new AdSetClient(h, company, customer);
  const direct = await directGrant(h, customer);
  const advertisers = await client.advertisers();
  expect(advertisers.status, JSON.stringify(advertisers.body)).toBe(200);
  const [eur, usd] = advertisers.body.data as Account[];
  const campaigns = await client.campaigns({ platform: 'sandbox' });
  expect(campaigns.status, JSON.stringify(campaigns.body)).toBe(200);
  return { client, direct, eur: eur!, usd: usd!, campaigns: campaigns.body.data };
}

/** A campaign of the account running on this channel. */
export function campaignOf(s: SandboxScenario, account: Account, channelKind: string, status = 'Running') {
  const found = s.campaigns.find(
    (c) => c.advertiser === account.id && c.channelKind === channelKind && c.status === status,
  );
  if (!found) throw new Error(`no ${status} ${channelKind} campaign in ${account.id}`);
  return found;
}

/** The answer's body, after checking its status. */
export const ok = <T = Json>(res: { status: number; body: unknown }, status = 200): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as T;
};

/** Next year: ahead of now whenever the tests run. */
export const NEXT_YEAR = new Date().getUTCFullYear() + 1;
