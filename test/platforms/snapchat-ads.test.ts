import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapchatEmulator } from '../../emulators/snapchat/index.js';
import { SEEDED } from '../../emulators/snapchat/seed.js';
import type { Company } from '../support/connect-helpers.js';
import { png } from '../support/images.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { snapRecord } from '../support/snapchat-records.js';

/**
 * Snapchat's ads through adlink's HTTP API against the emulator: Snap's review mapped for each of its
 * states, the refusals only Snapchat has (nothing sent), a creative replaced, and a seeded video ad read
 * as a creative adlink cannot create.
 */
describe('snapchat ads', () => {
  let world: PlatformWorld;
  let company: Company;
  let customer: string;
  let media: string;
  let adSet: string;

  const imageAd = (changes: object = {}) => ({
    kind: 'ImageAd',
    media,
    headline: 'Fresh sourdough every morning',
    businessName: 'Bakery US',
    url: 'https://bakery.example/spring',
    callToAction: 'OrderNow',
    ...changes,
  });
  const authorized = <T extends { set(name: string, value: string): T }>(request: T) =>
    request.set('Authorization', company.auth);
  const http = () => world.h.http;
  const create = (creative: object) =>
    authorized(http().post('/v1/snapchat/ads').query({ customer })).send({
      name: 'Spring loaf',
      adSetId: adSet,
      creative,
    });
  const read = (id: string) =>
    authorized(http().get(`/v1/snapchat/ads/${id}`).query({ customer, dismissDatabase: true }));
  const put = (id: string, body: object) =>
    authorized(http().put(`/v1/snapchat/ads/${id}`).query({ customer })).send(body);
  const review = (adId: string, body: object) =>
    fetch(`${world.emulator.url}/_emulator/ad-review`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ad_id: adId, ...body }),
    });
  /** The Ads API calls the emulator answered while `work` ran. */
  const sentWhile = async (work: () => Promise<unknown>) => {
    const before = world.emulator.controls.calls.length;
    await work();
    return world.emulator.controls.calls.slice(before).filter((c) => c.path.startsWith('/v1/'));
  };
  const newAd = async () => {
    const res = await create(imageAd());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; review: object; creative: object };
  };

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'snapchat', emulator: snapchatEmulator });
    const connected = await world.connect();
    ({ company, customer } = connected);
    const uploaded = await authorized(http().post('/v1/snapchat/media').query({ customer }))
      .field('advertiser', SEEDED.usdAccount)
      .attach('file', png(1080, 1920), 'top-snap.png');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    media = uploaded.body.id;
    const squad = await connected.api.create({
      name: 'Ads of Snapchat',
      advertiser: SEEDED.usdAccount,
      parentId: SEEDED.usdAwareness,
      channelKind: 'Social',
      status: 'Paused',
      settings: [{ kind: 'DailyBudget', budget: 25, currency: 'USD' }],
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'US', zipcode: '94304' }],
        },
      ],
    });
    expect(squad.status, JSON.stringify(squad.body)).toBe(201);
    adSet = squad.body.id;
    // A full list fills the cache: adlink then finds the ad set without asking Snap, so a refusal sends nothing.
    await connected.api.all();
  });
  afterAll(() => world?.close());

  it("maps Snap's review: PENDING is Pending, APPROVED Approved, REJECTED Rejected with Snap's reasons", async () => {
    const ad = await newAd();
    expect(ad.review).toEqual({ status: 'Pending', reasons: [] });
    const reviewed = async (body: object) => {
      expect((await review(ad.id, body)).status).toBe(200);
      const res = await read(ad.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.review;
    };
    expect(await reviewed({ review_status: 'APPROVED' })).toEqual({ status: 'Approved', reasons: [] });
    const reasons = ['Misleading claims', 'Landing page not working'];
    expect(await reviewed({ review_status: 'REJECTED', review_status_reasons: reasons })).toEqual({
      status: 'Rejected',
      reasons,
    });
    expect(await reviewed({ review_status: 'PENDING' })).toEqual({ status: 'Pending', reasons: [] });
    // Snap has no limited approval: its review never reads Limited.
    expect((await review(ad.id, { review_status: 'LIMITED' })).status).toBe(400);
  });

  it.each([
    [
      'a landing page that is not https',
      () => ({ url: 'http://bakery.example/spring' }),
      'creative.url',
      /https/,
    ],
    ['a body text (Snap ads have none)', () => ({ text: 'Baked at dawn' }), 'creative.text', /no text/],
    [
      'a brand name past 32 characters',
      () => ({ businessName: 'B'.repeat(33) }),
      'creative.businessName',
      /32/,
    ],
    ['no brand name', () => ({ businessName: undefined }), 'creative.businessName', /businessName/],
    [
      'a call to action Snap lacks',
      () => ({ callToAction: 'Subscribe' }),
      'creative.callToAction',
      /no Subscribe/,
    ],
    ['an identity', () => ({ identity: 'profile-1' }), 'creative.identity', /identity/],
    ['a second image', () => ({ additionalMedia: [media] }), 'creative.additionalMedia', /one image/],
  ])('refuses %s, naming %s, and sends nothing', async (_what, changes, param, message) => {
    const sent = await sentWhile(async () => {
      const res = await create(imageAd(changes()));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.param).toBe(param);
      expect(res.body.error.message).toMatch(message);
    });
    expect(sent).toEqual([]);
  });

  it('replaces the creative in place: Snap holds the new one and reviews the ad again', async () => {
    const ad = await newAd();
    expect((await review(ad.id, { review_status: 'APPROVED' })).status).toBe(200);
    const changed = imageAd({
      headline: 'Now with rye',
      callToAction: 'ShopNow',
      url: 'https://bakery.example/rye',
    });
    const res = await put(ad.id, { creative: changed });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.creative).toMatchObject(changed);
    expect(res.body.review).toEqual({ status: 'Pending', reasons: [] });
    const snapAd = await snapRecord(world.emulator, 'ad', ad.id);
    expect(await snapRecord(world.emulator, 'creative', snapAd.creative_id as string)).toMatchObject({
      headline: 'Now with rye',
      call_to_action: 'SHOP_NOW',
      web_view_properties: { url: 'https://bakery.example/rye' },
    });
    const sent = await sentWhile(async () => {
      const refused = await put(ad.id, { creative: imageAd({ headline: 'x'.repeat(35) }) });
      expect(refused.status).toBe(400);
      expect(refused.body.error.param).toBe('creative.headline');
    });
    expect(sent).toEqual([]);
  });

  it('reads a seeded video ad as a creative adlink cannot create, which can still be renamed', async () => {
    const squads = await authorized(
      http().get('/v1/snapchat/adsets').query({ customer, dismissDatabase: true, limit: 500 }),
    );
    const paloAlto = (squads.body.data as { id: string; name: string }[]).find(
      (s) => s.name === 'Palo Alto commuters',
    )!;
    const listed = await authorized(
      http().get('/v1/snapchat/ads').query({ customer, adSetId: paloAlto.id, dismissDatabase: true }),
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const ads = listed.body.data as { id: string; creative: object; review: object; campaignId: string }[];
    expect(ads).toHaveLength(2);
    for (const ad of ads) {
      expect(ad).toMatchObject({
        creative: { kind: 'Other', format: 'SNAP_AD' },
        review: { status: 'Approved', reasons: [] },
        campaignId: SEEDED.usdAwareness,
      });
    }
    const renamed = await put(ads[0]!.id, { name: 'Palo Alto video, renamed' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Palo Alto video, renamed',
      creative: { kind: 'Other', format: 'SNAP_AD' },
    });
    expect((await snapRecord(world.emulator, 'ad', ads[0]!.id)).name).toBe('Palo Alto video, renamed');
  });
});
