import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventKeys } from '../src/events/keys.js';
import { EndpointStore } from '../src/events/webhooks/endpoint-store.js';
import { location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { expectPage, VendorClient } from './support/vendor-client.js';
import { startReceiver } from './support/webhook-receiver.js';

/** /integrations/webhooks: endpoints, a secret shown once, test pings, deliveries, and a disabled endpoint. */
describe('Webhooks integrations page', () => {
  let h: Harness;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    h = await startHarness({ backend: 'memory' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await h.close();
  });

  it('adds an endpoint, shows its secret once, sends a test event and lists the delivery', async () => {
    const company = await h.company('Hooked');
    const browser = await VendorClient.signIn(h, company.id);
    const { res, html } = await browser.page('/integrations/webhooks');
    expectPage(res, html, 200, 'Webhooks');
    expect(html).toContain('No webhook endpoints yet.');

    const added = await browser.submit('/integrations/webhooks', { url: receiver.url });
    expect(added.res.status).toBe(200);
    expect(added.html).toMatch(/<code id="webhook-secret">whsec_[A-Za-z0-9_-]{43}<\/code>/);
    const again = await browser.page('/integrations/webhooks');
    expect(again.html).not.toContain('whsec_');
    const id = /data-endpoint="(we_[^"]+)"/.exec(again.html)![1]!;

    const tested = await browser.submit(`/integrations/webhooks/${id}`, { action: 'test' });
    expect(tested.res.status).toBe(303);
    expect(location(tested.res)).toBe('/integrations/webhooks');
    expect(receiver.received).toHaveLength(1);
    const listed = await browser.page('/integrations/webhooks');
    expect(listed.html).toMatch(/data-delivery="dlv_[^"]+" data-state="succeeded"/);

    const bad = await browser.submit('/integrations/webhooks', { url: 'http://hooks.example.com/' });
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain('aria-invalid="true"');
  });

  it('subscribes an endpoint added here to every event type, those added later included', async () => {
    const company = await h.company('Everything');
    const browser = await VendorClient.signIn(h, company.id);
    await browser.submit('/integrations/webhooks', { url: receiver.url });
    const { html } = await browser.page('/integrations/webhooks');
    expect(html).toContain('Events: all, including types added later');
    const id = /data-endpoint="(we_[^"]+)"/.exec(html)![1]!;
    const endpoints = new EndpointStore(h.store.kv, eventKeys(h.prefix), h.keys.encryption);
    expect(await endpoints.get(company.id, id)).toMatchObject({ events: ['*'] });
  });

  it('shows an endpoint adlink disabled for failing, and enables it again', async () => {
    const company = await h.company('Failing');
    const browser = await VendorClient.signIn(h, company.id);
    await browser.submit('/integrations/webhooks', { url: receiver.url });
    const id = /data-endpoint="(we_[^"]+)"/.exec((await browser.page('/integrations/webhooks')).html)![1]!;
    const endpoints = new EndpointStore(h.store.kv, eventKeys(h.prefix), h.keys.encryption);
    await endpoints.recordOutcome(company.id, id, false, 0);
    const shown = await browser.page('/integrations/webhooks');
    expect(shown.html).toContain('adlink disabled this endpoint: every delivery failed since');
    expect(shown.html).toContain('value="enable"');
    await browser.submit(`/integrations/webhooks/${id}`, { action: 'enable' });
    expect(await endpoints.get(company.id, id)).toMatchObject({ enabled: true, disabled_reason: null });
  });
});
