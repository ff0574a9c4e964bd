import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Company,
  enter,
  expectPage,
  finishVisit,
  flowToken,
  keysOf,
  newCustomer,
  newLink,
  vendorWith,
} from './support/connect-helpers.js';
import { FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';

const RETURN = 'https://vendor.example/return';
const OTHER = 'https://vendor.example/other';

/**
 * Every form of a visit is bound to that visit: a page left open while another link replaced the
 * browser's flow cannot act on the new flow, and nothing outside our pages can end a visit.
 */
describe('forms bound to their flow', () => {
  let h: Harness;
  let acme: Company;
  beforeAll(async () => {
    h = await startHarness();
    acme = await vendorWith(h, 'Acme Ads', [RETURN, OTHER], RETURN);
  });
  afterAll(() => h.close());

  const linkFor = async (customer?: string) =>
    (await newLink(h, acme, customer ?? (await newCustomer(h, acme)))).connect_url;
  const attempts = async () => (await keysOf(h)).filter((k) => k.startsWith(`${h.prefix}attempt:`)).length;

  it('refuses a Connect form of the flow a link of another customer replaced, starting nothing', async () => {
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, await linkFor());
    const victimToken = await flowToken(browser);
    // The same browser is made to open and use someone else's link.
    await enter(browser, await linkFor());
    const before = await attempts();
    const stale = await browser.post('/connections/sandbox/start', { flow: victimToken });
    const html = await expectPage(stale, 409, 'This page is out of date');
    expect(html).toContain('href="/connections"');
    expect(await attempts()).toBe(before);
    // The current page's form still works.
    const fresh = await browser.post('/connections/sandbox/start', { flow: await flowToken(browser) });
    expect(fresh.status).toBe(303);
    // A form without the token is not one of our pages.
    await expectPage(await browser.post('/connections/sandbox/start', {}), 403, 'Request refused');
  });

  it('asks before a link of another customer replaces a live flow; the same customer continues by itself', async () => {
    const customer = await newCustomer(h, acme);
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, await linkFor(customer));

    const sameCustomer = await (await browser.get(await linkFor(customer))).text();
    expect(sameCustomer).toContain('data-autosubmit');
    expect(sameCustomer).toContain('/assets/autosubmit.js');

    const other = await browser.get(await linkFor());
    const html = await other.text();
    expect(other.status).toBe(200);
    expect(html).not.toContain('data-autosubmit');
    expect(html).not.toContain('/assets/autosubmit.js');
    expect(html).toContain('Continuing ends that visit and starts this one.');
    expect(html).toContain('<button type="submit">Continue</button>');

    // A browser without a flow is not asked.
    const fresh = await (await new FlowClient(h.baseUrl).get(await linkFor())).text();
    expect(fresh).toContain('data-autosubmit');
  });

  it('finishes only through the Done form: a GET or a foreign form ends nothing', async () => {
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, await linkFor());
    const cookie = browser.cookies.get('adlink_flow');

    const viaLink = await browser.get('/connections/finish');
    expect(viaLink.status).toBe(405);
    expect(viaLink.headers.get('location')).toBeNull();
    await expectPage(await browser.post('/connections/finish', {}), 403, 'Request refused');
    await expectPage(
      await browser.post(
        '/connections/finish',
        { flow: await flowToken(browser) },
        { Origin: 'https://evil.example' },
      ),
      403,
      'Request refused',
    );
    await expectPage(
      await browser.post('/connections/finish', { flow: 'x'.repeat(43) }),
      409,
      'This page is out of date',
    );
    expect(browser.cookies.get('adlink_flow')).toBe(cookie);
    expect((await browser.get('/connections')).status).toBe(200);

    const finished = await finishVisit(browser);
    expect(finished.status).toBe(303);
    expect(location(finished).startsWith(`${RETURN}?`)).toBe(true);
  });

  it('does not send the browser to a redirect URI the company removed since the visit began', async () => {
    const company = await vendorWith(h, 'Fickle Ads', [RETURN, OTHER], RETURN);
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, (await newLink(h, company, await newCustomer(h, company))).connect_url);
    const changed = await h.http
      .put('/company/settings')
      .set('Authorization', company.auth)
      .send({ redirect_uris: [OTHER], default_redirect_uri: OTHER });
    expect(changed.status).toBe(200);
    const refused = await finishVisit(browser);
    const html = await expectPage(refused, 400, 'This link is not valid');
    expect(html).not.toContain(RETURN);
  });

  it('gives every signed result its own id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, await linkFor());
      const id = new URL(location(await finishVisit(browser))).searchParams.get('id');
      expect(id).toMatch(/^res_[A-Za-z0-9_-]{22}$/);
      ids.add(id!);
    }
    expect(ids.size).toBe(3);
  });
});
