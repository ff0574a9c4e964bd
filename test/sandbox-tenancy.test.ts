import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedLoginHint } from '../src/platforms/sandbox/login-hint.js';
import {
  type Company,
  consent,
  enter,
  newCustomer,
  newLink,
  SANDBOX_CLIENT_SECRET,
  startSandbox,
} from './support/connect-helpers.js';
import { FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { sandboxAccessToken, sandboxCustomer } from './support/sandbox-customer.js';
import { SandboxApi } from './support/sandbox-direct.js';

/**
 * The sandbox keeps ad data per customer. Company B controls its own customer's browser, so every
 * parameter of the authorize URL: none of them may lead it to company A's customer's sandbox data.
 */
describe("sandbox: company B cannot reach company A's sandbox data through the authorize URL", () => {
  let h: Harness;
  let companyB: Company;
  let aCustomer: string;
  /** A's customer's ad account ids at the sandbox, as A's own connection sees them. */
  let aAccounts: string[];

  beforeAll(async () => {
    h = await startHarness();
    const companyA = await h.company('Vendor A');
    companyB = await h.company('Vendor B');
    aCustomer = await sandboxCustomer(h, companyA, 'A Bakery');
    const aApi = new SandboxApi(h, await sandboxAccessToken(h, companyA, aCustomer));
    const accounts = await aApi.request('GET', '/me/ad_accounts');
    expect(accounts.status).toBe(200);
    aAccounts = (accounts.body.data as { id: string }[]).map((a) => a.id);
    expect(aAccounts.length).toBeGreaterThan(0);
  });
  afterAll(() => h.close());

  /** B's customer's browser at the sandbox's authorize URL, with its login_hint replaced. */
  async function authorizeWithHint(hint: (url: URL) => string) {
    const customer = await newCustomer(h, companyB, 'B Bakery');
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, (await newLink(h, companyB, customer)).connect_url);
    const authorize = await startSandbox(h, browser);
    authorize.searchParams.set('login_hint', hint(authorize));
    return { customer, browser, authorize };
  }

  it("with A's customer id as a plain login_hint, B connects a user of its own, never A's accounts", async () => {
    const { customer, browser, authorize } = await authorizeWithHint(() => aCustomer);
    const page = await browser.get(authorize.href);
    const html = await page.text();
    expect(page.status).toBe(200);
    for (const account of aAccounts) expect(html).not.toContain(account);
    const callback = await browser.get((await consent(h, browser, authorize)).href);
    expect(callback.status).toBe(303);
    const api = new SandboxApi(h, await sandboxAccessToken(h, companyB, customer));
    const mine = ((await api.request('GET', '/me/ad_accounts')).body.data as { id: string }[]).map(
      (a) => a.id,
    );
    expect(mine.some((id) => aAccounts.includes(id))).toBe(false);
    for (const account of aAccounts) {
      expect((await api.request('GET', `/ad_accounts/${account}/adsets`)).status).toBe(403);
    }
  });

  it("refuses a signed hint for A's customer that adlink did not sign for this very request", async () => {
    const forgeries: ((url: URL) => string)[] = [
      // B's own signature moved onto A's customer id.
      (url) => url.searchParams.get('login_hint')!.replace(/^signed:[^.]+/, `signed:${aCustomer}`),
      // A correct signature for A's customer, but over another request's PKCE challenge.
      () => signedLoginHint({ id: 'adlink', secret: SANDBOX_CLIENT_SECRET }, aCustomer, 'x'.repeat(43)),
      // Signed with a secret that is not the client's.
      (url) =>
        signedLoginHint(
          { id: 'adlink', secret: 'not-the-secret' },
          aCustomer,
          url.searchParams.get('code_challenge')!,
        ),
      () => `signed:${aCustomer}`,
    ];
    for (const forge of forgeries) {
      const { browser, authorize } = await authorizeWithHint(forge);
      const refused = await browser.get(authorize.href);
      expect(refused.status).toBe(302);
      const back = new URL(location(refused));
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('error_description')).toContain('login_hint');
    }
  });
});
