import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountChoice,
  apiError,
  type Company,
  consent,
  enter,
  flowToken,
  newCustomer,
  newLink,
  startSandbox,
  throughChoice,
} from './support/connect-helpers.js';
import { FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';

/**
 * Choosing ad accounts: the hosted flow's "Choose ad accounts" step when a grant reaches more than one,
 * `PUT /customers/:id/connections/:platform` later, and a reconnect keeping the choice.
 */

interface Account {
  id: string;
  name: string;
}

describe('choosing ad accounts', () => {
  let h: Harness;
  let company: Company;
  let other: Company;

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Agency');
    other = await h.company('Elsewhere');
  });

  afterAll(async () => {
    await h.close();
  });

  /** A new visit for the customer, its sandbox consent sharing the accounts at `pick`: the callback's answer. */
  async function visitSharing(customer: string, pick: number[], query: Record<string, string> = {}) {
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, (await newLink(h, company, customer, query)).connect_url);
    const authorize = await startSandbox(h, browser);
    const consentPage = await (await browser.get(authorize.href)).text();
    const atSandbox = [...consentPage.matchAll(/name="accounts" value="([^"]+)"/g)].map((m) => m[1]!);
    const callback = await browser.get((await consent(h, browser, authorize, 'allow', pick)).href);
    expect(callback.status).toBe(303);
    return { browser, callback, atSandbox };
  }

  /** The `connection.ad_accounts_changed` events of the customer, oldest first: their account ids. */
  const changes = async (customer: string) => {
    const res = await h.http
      .get('/events')
      .query({ customer, type: 'connection.ad_accounts_changed' })
      .set('Authorization', company.auth);
    expect(res.status).toBe(200);
    return (res.body.data as { data: { platform: string; ad_accounts: Account[] } }[])
      .reverse()
      .map((e) => [e.data.platform, e.data.ad_accounts.map((a) => a.id)]);
  };

  const stored = async (customer: string) =>
    (await h.store.connections.get(company.id, customer, 'sandbox'))!.ad_accounts.map((a) => a.id);
  const advertisers = async (customer: string) =>
    (
      await h.http.get('/v1/sandbox/advertisers').query({ customer }).set('Authorization', company.auth)
    ).body.data.map((a: Account) => a.id);

  it('a grant reaching two accounts leads to the step, all preselected; nothing chosen is refused on the page', async () => {
    const customer = await newCustomer(h, company);
    const { browser, callback } = await visitSharing(customer, [0, 1]);
    expect(location(callback)).toBe('/connections/sandbox/accounts');

    const page = await browser.get('/connections/sandbox/accounts');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toMatch(/<li class="current" aria-current="step">.*Choose ad accounts<\/li>/);
    expect(html).toMatch(/<li class="past">.*Connect<\/li>/);
    expect(html).toContain('<legend>Ad accounts on Sandbox Ads (2)</legend>');
    const { offered, checked } = accountChoice(html);
    expect(offered).toHaveLength(2);
    expect(checked).toEqual(offered);
    // Three accounts are few: no filter field.
    expect(html).not.toContain('account-filter-input');
    expect(await stored(customer)).toEqual(offered);

    const token = FlowClient.formFields(html).flow!;
    const none = await browser.post('/connections/sandbox/accounts', { flow: token });
    expect(none.status).toBe(400);
    const refused = await none.text();
    expect(refused).toContain('role="alert">Choose at least one ad account.</p>');
    expect(refused).toContain('aria-describedby="choose-error"');
    // An id the grant does not reach chooses nothing.
    expect(
      (await browser.post('/connections/sandbox/accounts', { flow: token, account: 'act_other' })).status,
    ).toBe(400);
    // A form of another visit is refused.
    expect(
      (await browser.post('/connections/sandbox/accounts', { flow: 'x'.repeat(43), account: offered[0]! }))
        .status,
    ).toBe(409);
    expect(await stored(customer)).toEqual(offered);

    const chosen = await browser.post('/connections/sandbox/accounts', { flow: token, account: offered[1]! });
    expect(chosen.status).toBe(303);
    expect(location(chosen)).toBe('/connections?connected=sandbox');
    expect(await stored(customer)).toEqual([offered[1]]);
    expect(await advertisers(customer)).toEqual([offered[1]]);
    expect(await changes(customer)).toEqual([['sandbox', [offered[1]]]]);
    const adSets = await h.http
      .get('/v1/sandbox/adsets')
      .query({ customer })
      .set('Authorization', company.auth);
    expect(adSets.body.data.length).toBeGreaterThan(0);
    for (const adSet of adSets.body.data) expect(adSet.advertiser).toBe(offered[1]);
  });

  it('one account reached: no step; the page speaks German when the link says so', async () => {
    const customer = await newCustomer(h, company);
    const single = await visitSharing(customer, [0]);
    expect(location(single.callback)).toBe('/connections?connected=sandbox');

    const german = await visitSharing(await newCustomer(h, company), [0, 1], { locale: 'de' });
    const html = await (await german.browser.get(location(german.callback))).text();
    expect(html).toContain('<h1>Werbekonten auswählen</h1>');
    expect(html).toContain('Ausgewählte Werbekonten verwenden');
  });

  it('a reconnect keeps the choice where those accounts still exist', async () => {
    const customer = await newCustomer(h, company);
    const first = await visitSharing(customer, [0, 1]);
    const [a, b] = accountChoice(await (await first.browser.get(location(first.callback))).text()).offered;
    expect(await throughChoice(first.browser, first.callback, () => [a!])).toBe(
      '/connections?connected=sandbox',
    );

    // The same two accounts again: the earlier choice is kept and shown.
    const again = await visitSharing(customer, [0, 1]);
    expect(await stored(customer)).toEqual([a]);
    const shown = accountChoice(await (await again.browser.get(location(again.callback))).text());
    expect(shown.offered).toEqual([a, b]);
    expect(shown.checked).toEqual([a]);

    // The chosen account is no longer reached: every account reached is used.
    const without = await visitSharing(customer, [1]);
    expect(location(without.callback)).toBe('/connections?connected=sandbox');
    expect(await stored(customer)).toEqual([b]);
  });

  describe('PUT /customers/:id/connections/:platform', () => {
    let customer: string;
    let reached: string[];
    /** The user's third sandbox account, which was not shared with adlink. */
    let notShared: string;
    const put = (body: unknown, who: Company | string = company, id = customer, platform = 'sandbox') =>
      h.http
        .put(`/customers/${id}/connections/${platform}`)
        .set('Authorization', typeof who === 'string' ? who : who.auth)
        .send(body as object);

    beforeAll(async () => {
      customer = await newCustomer(h, company);
      const { browser, callback, atSandbox } = await visitSharing(customer, [0, 1]);
      await throughChoice(browser, callback);
      reached = await stored(customer);
      expect(reached).toHaveLength(2);
      expect(atSandbox).toHaveLength(3);
      notShared = atSandbox[2]!;
    });

    it('changes the choice among what the grant reaches; lists follow at once', async () => {
      const res = await put({ advertisers: [reached[1]] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ platform: 'sandbox', status: 'connected' });
      expect(res.body.ad_accounts.map((a: Account) => a.id)).toEqual([reached[1]]);
      expect(await advertisers(customer)).toEqual([reached[1]]);
      expect((await changes(customer)).at(-1)).toEqual(['sandbox', [reached[1]]]);
      const adSets = await h.http
        .get('/v1/sandbox/adsets')
        .query({ customer })
        .set('Authorization', company.auth);
      for (const adSet of adSets.body.data) expect(adSet.advertiser).toBe(reached[1]);

      // Back to both, named in any order and twice: kept in the platform's order, once each.
      const both = await put({ advertisers: [reached[1], reached[0], reached[1]] });
      expect(both.body.ad_accounts.map((a: Account) => a.id)).toEqual(reached);
      const listed = await h.http
        .get('/v1/sandbox/adsets')
        .query({ customer })
        .set('Authorization', company.auth);
      expect(new Set(listed.body.data.map((s: { advertiser: string }) => s.advertiser))).toEqual(
        new Set(reached),
      );
    });

    it('refuses what the grant does not reach, an empty or malformed choice, naming the parameter', async () => {
      const cases: [unknown, string, string][] = [
        [{ advertisers: [reached[0], 'act_not_reached'] }, 'invalid_request', 'advertisers[1]'],
        [{ advertisers: [] }, 'invalid_request', 'advertisers'],
        [{}, 'invalid_request', 'advertisers'],
        [{ advertisers: reached[0] }, 'invalid_request', 'advertisers'],
        [{ advertisers: [''] }, 'invalid_request', 'advertisers[0]'],
        [{ advertisers: [reached[0]], status: 'x' }, 'unknown_parameter', 'status'],
      ];
      for (const [body, code, param] of cases) {
        const res = await put(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(apiError(res), JSON.stringify(body)).toMatchObject({ code, param });
      }
      const before = await changes(customer);
      // The third seeded account exists at the sandbox but was not shared with adlink.
      expect(apiError(await put({ advertisers: [notShared] })).param).toBe('advertisers[0]');
      expect(await stored(customer)).toEqual(reached);
      // Refused changes tell nobody.
      expect(await changes(customer)).toEqual(before);
    });

    it('refuses other customers, platforms not connected and other companies', async () => {
      expect(apiError(await put({ advertisers: [reached[0]] }, company, customer, 'meta')).code).toBe(
        'connection_not_found',
      );
      expect(apiError(await put({ advertisers: [reached[0]] }, company, customer, 'nope')).code).toBe(
        'platform_not_found',
      );
      const foreign = await put({ advertisers: [reached[0]] }, other);
      expect(foreign.status).toBe(404);
      expect(apiError(foreign).code).toBe('customer_not_found');

      const token = async (id: string, scope: string) =>
        `Bearer ${
          (
            await h.http
              .post(`/customers/${id}/access_tokens`)
              .set('Authorization', company.auth)
              .send({ scope })
          ).body.token
        }`;
      const neighbour = await newCustomer(h, company);
      const notAllowed = await put({ advertisers: [reached[0]] }, await token(neighbour, 'write'));
      expect(notAllowed.status).toBe(403);
      expect(apiError(notAllowed).code).toBe('customer_not_allowed');
      const readOnly = await put({ advertisers: [reached[0]] }, await token(customer, 'read'));
      expect(readOnly.status).toBe(403);
      expect(apiError(readOnly).code).toBe('insufficient_scope');
      const own = await put({ advertisers: [reached[0]] }, await token(customer, 'write'));
      expect(own.status).toBe(200);
      expect(await stored(customer)).toEqual([reached[0]]);
    });
  });

  it('the step cannot be reached without a visit, or for a platform the visit did not connect', async () => {
    const stranger = new FlowClient(h.baseUrl);
    expect((await stranger.get('/connections/sandbox/accounts')).status).toBe(401);
    const customer = await newCustomer(h, company);
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, (await newLink(h, company, customer)).connect_url);
    expect((await browser.get('/connections/sandbox/accounts')).status).toBe(401);
    expect((await browser.get('/connections/nope/accounts')).status).toBe(404);
    const post = await browser.post('/connections/sandbox/accounts', {
      flow: await flowToken(browser),
      account: 'a',
    });
    expect(post.status).toBe(401);
  });
});
