import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountChoice,
  type Company,
  consent,
  enter,
  keysOf,
  newCustomer,
  newLink,
  startSandbox,
  throughChoice,
} from './support/connect-helpers.js';
import { FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { closedWeek } from './support/report-walk.js';

/**
 * What a connection's caches answer once its ad accounts change: nothing of an account no longer
 * chosen is read or written, whether the cache was cleared or a record of one slipped in; an open
 * hosted tab cannot choose accounts a newer grant no longer reaches; a visit without a way back ends at
 * Done; a customer's report runs go with it.
 */

interface Listed {
  id: string;
  advertiser: string;
  status: string;
}

describe('a connection whose accounts change', () => {
  let h: Harness;
  let company: Company;

  beforeAll(async () => {
    h = await startHarness({ env: { PLATFORM_TIMEOUT_MS: '400' } });
    company = await h.company('Agency');
  });
  afterAll(() => h?.close());

  const api = (method: 'get' | 'put' | 'delete', path: string, customer: string) =>
    h.http[method](path).query({ customer }).set('Authorization', company.auth);

  /** A visit of the customer's whose sandbox consent shares the accounts at `pick`: the browser at its callback. */
  async function visitSharing(customer: string, pick: number[], query: Record<string, string> = {}) {
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, (await newLink(h, company, customer, query)).connect_url);
    const authorize = await startSandbox(h, browser);
    const callback = await browser.get((await consent(h, browser, authorize, 'allow', pick)).href);
    expect(callback.status).toBe(303);
    return { browser, callback };
  }

  /** A customer who shared all three sandbox accounts and chose them all. */
  async function customerOfThree(): Promise<{ customer: string; accounts: string[] }> {
    const customer = await newCustomer(h, company);
    const { browser, callback } = await visitSharing(customer, [0, 1, 2]);
    expect(await throughChoice(browser, callback)).toBe('/connections?connected=sandbox');
    const accounts = (await h.store.connections.get(company.id, customer, 'sandbox'))!.ad_accounts.map(
      (a) => a.id,
    );
    expect(accounts).toHaveLength(3);
    return { customer, accounts };
  }

  const campaignEvents = async (customer: string) =>
    (await api('get', '/events', customer).query({ type: 'campaign.updated' })).body.data.length +
    (await api('get', '/events', customer).query({ type: 'campaign.deleted' })).body.data.length;

  it('narrowing the choice forgets cached campaigns and reports: a campaign of an account no longer chosen is not read, changed or deleted', async () => {
    const { customer, accounts } = await customerOfThree();
    const cached = (await api('get', '/v1/sandbox/campaigns', customer).query({ limit: 100 })).body
      .data as Listed[];
    expect(new Set(cached.map((c) => c.advertiser)).size).toBe(3);
    const report = await api('get', '/reports', customer).query({
      platform: 'sandbox',
      level: 'campaign',
      ...closedWeek(),
    });
    expect(report.status).toBe(200);
    const reportKeys = async () =>
      (await keysOf(h)).filter(
        (k) => k.includes(`:report:${customer}:`) || k.includes(`:report_rows:${customer}:`),
      );
    expect((await reportKeys()).length).toBeGreaterThan(0);

    const narrowed = await h.http
      .put(`/customers/${customer}/connections/sandbox`)
      .set('Authorization', company.auth)
      .send({ advertisers: [accounts[0]] });
    expect(narrowed.status).toBe(200);
    expect(await reportKeys()).toEqual([]);

    const listed = (await api('get', '/v1/sandbox/campaigns', customer).query({ limit: 100 })).body
      .data as Listed[];
    expect(listed.length).toBeGreaterThan(0);
    for (const campaign of listed) expect(campaign.advertiser).toBe(accounts[0]);

    const before = await campaignEvents(customer);
    const elsewhere = cached.filter((c) => c.advertiser !== accounts[0] && c.status !== 'Deleted');
    expect(elsewhere.length).toBeGreaterThan(1);
    for (const campaign of elsewhere) {
      const path = `/v1/sandbox/campaigns/${campaign.id}`;
      expect((await api('get', path, customer)).body.error.code).toBe('campaign_not_found');
      const paused = await api('put', path, customer).send({ status: 'Paused' });
      expect(paused.status).toBe(404);
      expect(paused.body.error).toMatchObject({ code: 'campaign_not_found', param: 'id' });
      expect((await api('delete', path, customer)).status).toBe(404);
    }
    expect(await campaignEvents(customer)).toBe(before);

    // Chosen again, the platform still holds every one of them as it was.
    await h.http
      .put(`/customers/${customer}/connections/sandbox`)
      .set('Authorization', company.auth)
      .send({ advertisers: accounts });
    for (const campaign of elsewhere) {
      const live = await api('get', `/v1/sandbox/campaigns/${campaign.id}`, customer).query({
        dismissDatabase: 'true',
      });
      expect(live.body).toMatchObject({ id: campaign.id, status: campaign.status });
    }
  });

  it('a record of an account no longer chosen that a platform read wrote after the choice is not read or written', async () => {
    const { customer, accounts } = await customerOfThree();
    const adSets = (await api('get', '/v1/sandbox/adsets', customer).query({ limit: 100 })).body
      .data as Listed[];
    const campaigns = (await api('get', '/v1/sandbox/campaigns', customer).query({ limit: 100 })).body
      .data as Listed[];
    await h.http
      .put(`/customers/${customer}/connections/sandbox`)
      .set('Authorization', company.auth)
      .send({ advertisers: [accounts[0]] });
    // As a list that began before the choice would leave them: filled, with the other accounts' records.
    const scope = { company: company.id, customer, platform: 'sandbox' };
    await h.store.adSets.replaceAll(scope, adSets as never);
    await h.store.campaigns.replaceAll(scope, campaigns as never);

    for (const [path, all] of [
      ['/v1/sandbox/adsets', adSets],
      ['/v1/sandbox/campaigns', campaigns],
    ] as const) {
      const listed = (await api('get', path, customer).query({ limit: 2 })).body;
      const pages = [listed.data as Listed[]];
      let cursor = listed.next_cursor as string | undefined;
      while (cursor) {
        const next = (await api('get', path, customer).query({ limit: 2, cursor })).body;
        pages.push(next.data);
        cursor = next.next_cursor;
      }
      const ids = pages.flat().map((r) => r.id);
      expect(ids).toEqual(all.filter((r) => r.advertiser === accounts[0]).map((r) => r.id));
      const stranger = all.find((r) => r.advertiser !== accounts[0] && r.status !== 'Deleted')!;
      expect((await api('get', `${path}/${stranger.id}`, customer)).status).toBe(404);
      expect((await api('put', `${path}/${stranger.id}`, customer).send({ name: 'Taken over' })).status).toBe(
        404,
      );
      expect((await api('delete', `${path}/${stranger.id}`, customer)).status).toBe(404);
    }
  });

  it('a reconnect forgets every cache of the connection', async () => {
    const { customer } = await customerOfThree();
    await api('get', '/v1/sandbox/campaigns', customer);
    await api('get', '/v1/sandbox/adsets', customer);
    await api('get', '/reports', customer).query({ platform: 'sandbox', level: 'campaign', ...closedWeek() });
    const scope = { company: company.id, customer, platform: 'sandbox' };
    expect(await h.store.campaigns.isFilled(scope)).toBe(true);

    const again = await visitSharing(customer, [0, 1, 2]);
    await throughChoice(again.browser, again.callback);
    expect(await h.store.campaigns.isFilled(scope)).toBe(false);
    expect(await h.store.adSets.isFilled(scope)).toBe(false);
    const left = (await keysOf(h)).filter((k) => k.includes(`:report:${customer}:`));
    expect(left).toEqual([]);
  });

  it('an open tab cannot choose accounts the grant no longer reaches after a later visit narrowed it', async () => {
    const customer = await newCustomer(h, company);
    const old = await visitSharing(customer, [0, 1]);
    const step = location(old.callback);
    const page = await old.browser.get(step);
    const html = await page.text();
    const { offered } = accountChoice(html);
    expect(offered).toHaveLength(2);

    // Another visit (another browser) grants one account only.
    const later = await visitSharing(customer, [0]);
    expect(location(later.callback)).toBe('/connections?connected=sandbox');
    const stored = async () =>
      (await h.store.connections.get(company.id, customer, 'sandbox'))!.ad_accounts.map((a) => a.id);
    expect(await stored()).toEqual([offered[0]]);

    const stale = await old.browser.post(step, { ...FlowClient.formFields(html), account: offered });
    expect(stale.status).toBe(409);
    const shown = await stale.text();
    expect(shown).toContain('role="alert">The ad accounts your Sandbox Ads connection reaches changed');
    // The step now offers what the grant reaches.
    expect(accountChoice(shown).offered).toEqual([offered[0]]);
    expect(await stored()).toEqual([offered[0]]);
    const changed = await h.http
      .get('/events')
      .query({ customer, type: 'connection.ad_accounts_changed' })
      .set('Authorization', company.auth);
    expect(changed.body.data).toEqual([]);

    // Sent again from the page as it is now, the choice is kept.
    const resent = await old.browser.post(step, { ...FlowClient.formFields(shown), account: [offered[0]!] });
    expect(resent.status).toBe(303);
  });

  it('a visit without a redirect URI ends at Done: its tab can no longer choose accounts', async () => {
    const customer = await newCustomer(h, company);
    const { browser, callback } = await visitSharing(customer, [0, 1]);
    const step = location(callback);
    const html = await (await browser.get(step)).text();
    const { offered } = accountChoice(html);
    const chosen = await browser.post(step, { ...FlowClient.formFields(html), account: offered });
    expect(chosen.status).toBe(303);

    const done = await browser.get('/connections/done');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You can close this tab.');
    expect(done.headers.get('set-cookie')).toMatch(/Expires=Thu, 01 Jan 1970/);
    const again = await browser.post(step, { ...FlowClient.formFields(html), account: [offered[0]!] });
    expect(again.status).toBe(401);
    expect((await browser.get('/connections')).status).toBe(401);
    expect((await h.store.connections.get(company.id, customer, 'sandbox'))!.ad_accounts).toHaveLength(2);
  });

  it("a customer's finished report run is deleted with the customer", async () => {
    const customer = await newCustomer(h, company);
    const { callback } = await visitSharing(customer, [0]);
    expect(location(callback)).toBe('/connections?connected=sandbox');
    const access = (await h.store.connections.credentials(company.id, customer, 'sandbox'))!.access_token;
    const delay = (ms: number) =>
      h.http
        .put('/sandbox/api/v1/_test/report_delay')
        .set('Authorization', `Bearer ${access}`)
        .send({ delay_ms: ms });
    expect((await delay(1_500)).status).toBe(200);
    const started = await api('get', '/reports', customer).query({
      platform: 'sandbox',
      level: 'campaign',
      ...closedWeek(),
    });
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    await delay(0);
    let done = await h.http.get(`/reports/${id}`).set('Authorization', company.auth);
    for (let i = 0; done.status === 202 && i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      done = await h.http.get(`/reports/${id}`).set('Authorization', company.auth);
    }
    expect(done.status).toBe(200);

    expect((await h.http.delete(`/customers/${customer}`).set('Authorization', company.auth)).status).toBe(
      200,
    );
    const gone = await h.http.get(`/reports/${id}`).set('Authorization', company.auth);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('report_not_found');
    expect((await keysOf(h)).filter((k) => k.includes(id) || k.includes(`report_runs:${customer}`))).toEqual(
      [],
    );
  });
});
