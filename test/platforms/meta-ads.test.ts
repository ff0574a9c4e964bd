import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaEmulator } from '../../emulators/meta/index.js';
import { CAMPAIGNS, PAGES, VIDEO_AD_NAME } from '../../emulators/meta/seed.js';
import type { AdSetClient } from '../support/adsets-client.js';
import { png } from '../support/images.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';

const USD = 'act_1000000001';

interface AdBody {
  id: string;
  name: string;
  status: string;
  creative: Record<string, unknown>;
  review: { status: string; reasons: string[] };
}

/**
 * Ads on Meta through adlink's HTTP API, beyond the shared walk: the review mapping of each outcome
 * Meta gives (set with the emulator's review control), what only Meta refuses, a new creative on an
 * ad, and an ad adlink cannot create read as Other.
 */
describe('meta ads: review, refusals, creative changes, other kinds', () => {
  let world: PlatformWorld;
  let api: AdSetClient;
  let adSetId: string;
  let image: string;

  const auth = () => api.company.auth;
  const ads = {
    create: (body: object) =>
      world.h.http
        .post('/v1/meta/ads')
        .query({ customer: api.customer })
        .set('Authorization', auth())
        .send(body),
    get: (id: string) =>
      world.h.http
        .get(`/v1/meta/ads/${id}`)
        .query({ customer: api.customer, dismissDatabase: true })
        .set('Authorization', auth()),
    put: (id: string, body: object) =>
      world.h.http
        .put(`/v1/meta/ads/${id}`)
        .query({ customer: api.customer })
        .set('Authorization', auth())
        .send(body),
    list: (query: object) =>
      world.h.http
        .get('/v1/meta/ads')
        .query({ customer: api.customer, dismissDatabase: true, ...query })
        .set('Authorization', auth()),
  };
  const upload = async (file: Buffer, name: string) => {
    const res = await world.h.http
      .post('/v1/meta/media')
      .query({ customer: api.customer })
      .set('Authorization', auth())
      .field('advertiser', USD)
      .attach('file', file, name);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const imageAd = (extra: object = {}) => ({
    kind: 'ImageAd',
    media: image,
    headline: 'Spring loaves',
    text: 'Fresh sourdough every morning.',
    url: 'https://bakery.example/spring',
    identity: PAGES.usd.id,
    ...extra,
  });
  const review = async (ad: string, outcome: string, reasons: Record<string, string> = {}) => {
    const res = await fetch(`${world.emulator.url}/_emulator/ad-review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ad, outcome, reasons }),
    });
    expect(res.status).toBe(200);
  };
  /** The POSTs the emulator answered while `work` ran: what adlink created or changed at Meta. */
  const writes = async (work: () => Promise<unknown>) => {
    const before = world.emulator.controls.calls.length;
    await work();
    return world.emulator.controls.calls.slice(before).filter((c) => c.method !== 'GET');
  };

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'meta', emulator: metaEmulator });
    ({ api } = await world.connect());
    const adSet = await api.create({
      name: 'meta ads',
      advertiser: USD,
      parentId: CAMPAIGNS.usdTraffic,
      channelKind: 'Social',
      status: 'Paused',
      settings: [{ kind: 'DailyBudget', budget: 10, currency: 'USD' }],
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'US', zipcode: '94304' }],
        },
      ],
    });
    expect(adSet.status, JSON.stringify(adSet.body)).toBe(201);
    adSetId = adSet.body.id;
    image = await upload(png(1200, 628), 'spring.png');
  });
  afterAll(() => world?.close());

  it("maps Meta's review of an ad: in review, approved, limited on a placement, with issues, rejected, with reasons", async () => {
    const created = await ads.create({ name: 'reviewed', adSetId, creative: imageAd() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as AdBody).id;
    expect((created.body as AdBody).review).toEqual({ status: 'Pending', reasons: [] });
    const reviewed = async () => ((await ads.get(id)).body as AdBody).review;

    await review(id, 'approved');
    expect(await reviewed()).toEqual({ status: 'Approved', reasons: [] });
    await review(id, 'limited', { 'Adult Content': 'Not shown on Instagram.' });
    expect(await reviewed()).toEqual({
      status: 'Limited',
      reasons: ['Adult Content (instagram): Not shown on Instagram.'],
    });
    await review(id, 'with_issues', { 'Ad post is not available': 'The post was removed.' });
    expect(await reviewed()).toEqual({
      status: 'Limited',
      reasons: ['Ad post is not available: The post was removed.'],
    });
    await review(id, 'rejected', { 'Misleading Claims': 'Ads can’t promise results.' });
    expect(await reviewed()).toEqual({
      status: 'Rejected',
      reasons: ['Misleading Claims: Ads can’t promise results.'],
    });
    await review(id, 'pending');
    expect(await reviewed()).toEqual({ status: 'Pending', reasons: [] });
  });

  it('refuses, naming the parameter, what only Meta refuses, and creates nothing', async () => {
    const portrait = await upload(png(1080, 1920), 'story.png');
    const refusals: [object, string, RegExp][] = [
      // The Tokyo account's Page: not one the USD account may promote.
      [imageAd({ identity: PAGES.jpy.id }), 'creative.identity', /cannot speak as/],
      [imageAd({ identity: undefined }), 'creative.identity', /identities/],
      [imageAd({ callToAction: 'Register' }), 'creative.callToAction', /no Register/],
      [imageAd({ businessName: 'Bakery' }), 'creative.businessName', /businessName/],
      [imageAd({ media: portrait }), 'creative.media', /4:5 to 1\.91:1/],
      [imageAd({ text: 't'.repeat(2201) }), 'creative.text', /2200/],
    ];
    for (const [creative, param, message] of refusals) {
      const sent = await writes(async () => {
        const res = await ads.create({ name: 'refused', adSetId, creative });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.error.param).toBe(param);
        expect(res.body.error.message).toMatch(message);
      });
      expect(sent, param).toEqual([]);
    }
  });

  it('gives an ad a new creative: a new ad creative at Meta, the ad back in review', async () => {
    const created = (await ads.create({ name: 'new look', adSetId, creative: imageAd() })).body as AdBody;
    await review(created.id, 'approved');
    const square = await upload(png(1080, 1080), 'square.png');
    let changed: AdBody | undefined;
    const sent = await writes(async () => {
      const res = await ads.put(created.id, {
        creative: imageAd({ media: square, headline: 'Summer loaves', callToAction: 'OrderNow' }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      changed = res.body as AdBody;
    });
    expect(sent.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /v24.0/${USD}/adcreatives`,
      `POST /v24.0/${created.id}`,
    ]);
    expect(changed!.creative).toMatchObject({
      media: square,
      headline: 'Summer loaves',
      callToAction: 'OrderNow',
    });
    expect(changed!.review.status).toBe('Pending');
    expect(((await ads.get(created.id)).body as AdBody).creative).toEqual(changed!.creative);
  });

  it('reads a video ad, which adlink cannot create, as Other, and renames it', async () => {
    const listed = await ads.list({ campaignId: CAMPAIGNS.usdAwareness });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const video = (listed.body.data as AdBody[]).find((ad) => ad.name === VIDEO_AD_NAME);
    expect(video?.creative).toEqual({ kind: 'Other', format: 'VIDEO' });
    const renamed = await ads.put(video!.id, { name: `${VIDEO_AD_NAME} (renamed)` });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({
      name: `${VIDEO_AD_NAME} (renamed)`,
      creative: { kind: 'Other', format: 'VIDEO' },
    });
  });
});
