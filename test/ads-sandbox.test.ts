import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenKeeper } from '../src/app.js';
import { adsWalk } from './support/ads-walk.js';
import { campaignOf, ok, type SandboxScenario, sandboxScenario } from './support/adsets-scenario.js';
import type { Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { png } from './support/images.js';
import { sandboxAccessToken } from './support/sandbox-customer.js';
import { SandboxApi } from './support/sandbox-direct.js';
import { eventsWithWorker, eventually, startReceiver } from './support/webhook-receiver.js';

const METRICS_TOKEN = 'metrics-token-for-ads-tests-0123456789';

/** How many calls adlink made to the sandbox so far (every operation and outcome). */
async function sandboxCalls(h: Harness): Promise<number> {
  const text = (await h.http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).text;
  return text
    .split('\n')
    .filter(
      (l) => l.startsWith('adlink_platform_call_duration_seconds_count{') && l.includes('platform="sandbox"'),
    )
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

describe('ads on the sandbox', () => {
  let h: Harness;
  let company: Company;
  let s: SandboxScenario;
  let worker: Awaited<ReturnType<typeof eventsWithWorker>>['worker'];
  let adSet: { id: string; parentId: string };
  const at = (path: string) => `/v1/sandbox/${path}`;

  beforeAll(async () => {
    h = await startHarness({ env: { METRICS_TOKEN, WEBHOOK_FIRST_RETRY_MS: '50' } });
    ({ worker } = await eventsWithWorker(h));
    company = await h.company('Ad Agency');
    s = await sandboxScenario(h, company, 'Bakery');
    const campaign = campaignOf(s, s.eur, 'Social');
    adSet = ok(
      await s.client.create({
        name: 'Spring ads',
        advertiser: s.eur.id,
        parentId: campaign.id,
        channelKind: 'Social',
        status: 'Paused',
        settings: [{ kind: 'DailyBudget', budget: 20, currency: 'EUR' }],
        targetings: [],
      }),
      201,
    );
  });
  afterAll(async () => {
    await worker?.stop();
    await h?.close();
  });

  const upload = (file: Buffer) =>
    h.http
      .post(at('media'))
      .query({ customer: s.client.customer })
      .set('Authorization', company.auth)
      .field('advertiser', s.eur.id)
      .attach('file', file, 'spring.png');
  const createAd = (body: object) =>
    h.http
      .post(at('ads'))
      .query({ customer: s.client.customer })
      .set('Authorization', company.auth)
      .send(body);
  const liveAd = (id: string) =>
    h.http
      .get(at(`ads/${id}`))
      .query({ customer: s.client.customer, dismissDatabase: true })
      .set('Authorization', company.auth);

  it('passes the ads walk: images, identities, a search and an image ad, read live, renamed, paused, deleted', async () => {
    // A customer of its own: the sandbox allows each access token 50 requests in 10 s.
    const w = await sandboxScenario(h, company, 'Walk bakery');
    // What adlink sent, read back with adlink's own grant of the customer.
    const held = new SandboxApi(h, await sandboxAccessToken(h, company, w.client.customer));
    await adsWalk(
      {
        images: [{ width: 1200, height: 628, type: 'png' }],
        refusedImages: {
          tooLarge: 5 * 1024 * 1024 + 1,
          tooSmall: { width: 150, height: 150 },
          wrongRatio: { width: 1200, height: 400 },
          wrongType: 'gif',
        },
        identities: true,
        creatives: ({ media, identity }) => [
          {
            kind: 'SearchAd',
            headlines: ['Fresh bread daily', 'Order for pickup', 'Baked this morning'],
            descriptions: ['Bread, cakes and pastries from our oven.', 'Order online, collect in store.'],
            url: 'https://bakery.example/order',
            paths: ['bread', 'fresh'],
          },
          {
            kind: 'ImageAd',
            media: media[0],
            headline: 'Spring is here',
            text: 'Try our new rhubarb tart.',
            url: 'https://bakery.example/spring',
            callToAction: 'OrderNow',
            identity,
          },
        ],
        async received(_world, ad, creative) {
          const sent = await held.expect(200, 'GET', `/ads/${ad.id}`);
          expect(sent.adset_id).toBe(ad.adSetId);
          expect(sent.status).toBe('PAUSED');
          const c = creative as Record<string, unknown>;
          if (c.kind === 'SearchAd') {
            expect(sent.creative).toEqual({
              type: 'SEARCH',
              headlines: c.headlines,
              descriptions: c.descriptions,
              final_url: c.url,
              path1: 'bread',
              path2: 'fresh',
            });
          } else {
            expect(sent.creative).toEqual({
              type: 'IMAGE',
              image_id: c.media,
              title: c.headline,
              body: c.text,
              link: c.url,
              call_to_action: 'ORDER_NOW',
              profile_id: c.identity,
            });
          }
        },
        tooLong: () => ({
          creative: {
            kind: 'SearchAd',
            headlines: ['Fresh bread daily', 'x'.repeat(31), 'Baked this morning'],
            descriptions: ['Bread, cakes and pastries.', 'Order online.'],
            url: 'https://bakery.example/order',
          },
          param: 'creative.headlines[1]',
        }),
        refused: [
          {
            creative: ({ media }) => ({
              kind: 'ImageAd',
              media: media[0],
              headline: 'Spring',
              url: 'https://bakery.example',
              longHeadline: 'A long headline the sandbox has no place for',
            }),
            param: 'creative.longHeadline',
            message: /no longHeadline/,
          },
        ],
        deletedStatus: 'Deleted',
      },
      {
        world: undefined,
        h,
        adSets: w.client,
        platform: 'sandbox',
        advertiser: w.eur.id,
        adSet: {
          parentId: campaignOf(w, w.eur, 'Social').id,
          channelKind: 'Social',
          settings: [{ kind: 'DailyBudget', budget: 10, currency: 'EUR' }],
          targetings: [],
        },
        async platformCalls(work) {
          const before = await sandboxCalls(h);
          await work();
          const made = (await sandboxCalls(h)) - before;
          return Array.from({ length: made });
        },
      },
    );
  });

  /** A webhook endpoint for `ad.review_changed`, and the sandbox reviewing in `delayMs`. */
  async function reviewsTo(delayMs: number) {
    const receiver = await startReceiver();
    const endpoint = await h.http
      .post('/webhook_endpoints')
      .set('Authorization', company.auth)
      .send({ url: receiver.url, events: ['ad.review_changed'] });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const sandbox = new SandboxApi(h, await sandboxAccessToken(h, company, s.client.customer));
    await sandbox.expect(200, 'PUT', '/_test/review_delay', { delay_ms: delayMs });
    return receiver;
  }

  it('reviews like a platform: Pending, then Rejected for a word its README names, and tells the webhook', async () => {
    const receiver = await reviewsTo(1500);
    const image = ok(await upload(png(1080, 1080)), 201);
    const created = ok(
      await createAd({
        name: 'Miracle bread',
        adSetId: adSet.id,
        creative: {
          kind: 'ImageAd',
          media: image.id,
          headline: 'The miracle loaf',
          url: 'https://bakery.example/loaf',
        },
      }),
      201,
    );
    expect(created.review).toEqual({ status: 'Pending', reasons: [] });
    // A live read once the review is due (each live read is a sandbox request: 50 per 10 s).
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const rejected = ok(await liveAd(created.id));
    expect(rejected.review.status).toBe('Rejected');
    expect(rejected.review.reasons).toEqual(['Prohibited claim: "miracle"']);
    const delivered = await eventually(async () =>
      receiver.received.find((r) => r.body.includes(created.id)),
    );
    const event = JSON.parse(delivered.body);
    expect(event.type).toBe('ad.review_changed');
    expect(event.data).toMatchObject({
      platform: 'sandbox',
      ad: { id: created.id, review: { status: 'Rejected' } },
      previous_review: { status: 'Pending', reasons: [] },
    });
    await receiver.close();
  });

  it('the token keeper reads ads in review again, so a rejection reaches the webhook unasked', async () => {
    const receiver = await reviewsTo(200);
    const image = ok(await upload(png(1200, 1200)), 201);
    const created = ok(
      await createAd({
        name: 'Guaranteed fresh',
        adSetId: adSet.id,
        creative: {
          kind: 'ImageAd',
          media: image.id,
          headline: 'Guaranteed fresh',
          url: 'https://bakery.example',
        },
      }),
      201,
    );
    expect(created.review.status).toBe('Pending');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const keeper = createTokenKeeper(
      { config: h.config, store: h.store, log: h.log, keys: h.keys },
      { intervalMs: 60_000, windowSeconds: 300 },
    );
    // The keeper's clock two minutes on: the watched ad is due (nothing else read it).
    await keeper.sweep(Date.now() / 1000 + 120);
    const delivered = await eventually(async () =>
      receiver.received.find((r) => r.body.includes(created.id)),
    );
    expect(JSON.parse(delivered.body).data).toMatchObject({
      ad: { id: created.id, review: { status: 'Rejected', reasons: ['Prohibited claim: "guaranteed"'] } },
      previous_review: { status: 'Pending' },
    });
    await receiver.close();
  });

  it('ads appear in their ad set with childResources=Ad, in the same shape', async () => {
    const image = ok(await upload(png(1200, 628)), 201);
    const created = ok(
      await createAd({
        name: 'Shown in its ad set',
        adSetId: adSet.id,
        creative: { kind: 'ImageAd', media: image.id, headline: 'Spring', url: 'https://bakery.example' },
      }),
      201,
    );
    const withAds = ok(await s.client.get(adSet.id, { childResources: 'Ad' }));
    expect(withAds.ads).toContainEqual(created);
  });
});
