import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiktokEmulator } from '../../emulators/tiktok/index.js';
import { SEEDED } from '../../emulators/tiktok/seed.js';
import type { AdSetClient } from '../support/adsets-client.js';
import { emulatorToken } from '../support/emulator-call.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { tiktokPost } from '../support/tiktok-records.js';

/**
 * TikTok's ads through adlink's API: adlink creates none (TikTok's own placement, where adlink's ad
 * groups run, takes video only), so these read, rename, pause and delete the emulator's seeded video
 * ads, and map TikTok's review outcomes set with the emulator's control.
 */
describe('tiktok: ads', () => {
  let world: PlatformWorld;
  let api: AdSetClient;
  /** The seeded ads by name: their TikTok ids and ad groups. */
  const seeded = new Map<string, { ad_id: string; adgroup_id: string; campaign_id: string }>();

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'tiktok', emulator: tiktokEmulator });
    ({ api } = await world.connect());
    const url = new URL('/open_api/v1.3/ad/get/', world.emulator.url);
    url.searchParams.set('advertiser_id', SEEDED.usAdvertiser);
    const res = await fetch(url, { headers: { 'Access-Token': emulatorToken(world.emulator) } });
    const body = (await res.json()) as {
      data: { list: { ad_name: string; ad_id: string; adgroup_id: string; campaign_id: string }[] };
    };
    for (const ad of body.data.list) seeded.set(ad.ad_name, ad);
  });
  afterAll(() => world?.close());

  const at = (path: string) => `/v1/tiktok/${path}`;
  const ads = {
    get: (id: string) =>
      world.h.http
        .get(at(`ads/${id}`))
        .query({ customer: api.customer, dismissDatabase: true })
        .set('Authorization', api.company.auth),
    list: (query: Record<string, string | boolean>) =>
      world.h.http
        .get(at('ads'))
        .query({ customer: api.customer, dismissDatabase: true, ...query })
        .set('Authorization', api.company.auth),
    create: (body: object) =>
      world.h.http
        .post(at('ads'))
        .query({ customer: api.customer })
        .set('Authorization', api.company.auth)
        .send(body),
    put: (id: string, body: object) =>
      world.h.http
        .put(at(`ads/${id}`))
        .query({ customer: api.customer })
        .set('Authorization', api.company.auth)
        .send(body),
    delete: (id: string) =>
      world.h.http
        .delete(at(`ads/${id}`))
        .query({ customer: api.customer })
        .set('Authorization', api.company.auth),
  };
  const ad = (name: string) => seeded.get(name)!;
  /** TikTok's review of the ad reaches `review_status` (the emulator's control). */
  const review = async (id: string, review_status: string, reasons: string[] = []) => {
    const res = await fetch(new URL('/_emulator/ad-review', world.emulator.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ad_id: id, review_status, reasons }),
    });
    expect(res.status).toBe(200);
  };
  /** The platform API calls the emulator answered while `work` ran. */
  const platformCalls = async (work: () => Promise<unknown>) => {
    const before = world.emulator.controls.calls.length;
    await work();
    return world.emulator.controls.calls.slice(before);
  };

  it('reads a seeded video ad as Other SINGLE_VIDEO, in its ad set and campaign, listed by ad set', async () => {
    const sourdough = ad('Sourdough video');
    const res = await ads.get(sourdough.ad_id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      id: sourdough.ad_id,
      name: 'Sourdough video',
      platform: 'tiktok',
      status: 'Running',
      advertiser: SEEDED.usAdvertiser,
      adSetId: sourdough.adgroup_id,
      campaignId: sourdough.campaign_id,
      creative: { kind: 'Other', format: 'SINGLE_VIDEO' },
      review: { status: 'Approved', reasons: [] },
    });
    const listed = await ads.list({ adSetId: sourdough.adgroup_id });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(
      (listed.body.data as { name: string; status: string }[]).map((a) => [a.name, a.status]).sort(),
    ).toEqual([
      ['Croissant video', 'Paused'],
      ['Sourdough video', 'Running'],
    ]);
  });

  it('maps each TikTok review outcome, with its reasons, whether the ad runs or is paused', async () => {
    const reviewOf = async (id: string) => {
      const res = await ads.get(id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.review;
    };
    for (const name of ['Brand film', 'Croissant video']) {
      const { ad_id } = ad(name);
      await review(ad_id, 'PENDING');
      expect(await reviewOf(ad_id), name).toEqual({ status: 'Pending', reasons: [] });
      await review(ad_id, 'UNAVAILABLE', ['Misleading claims', 'Unverified health benefits']);
      expect(await reviewOf(ad_id), name).toEqual({
        status: 'Rejected',
        reasons: ['Misleading claims', 'Unverified health benefits'],
      });
      await review(ad_id, 'PART_AVAILABLE', ['Not shown to minors']);
      expect(await reviewOf(ad_id), name).toEqual({ status: 'Limited', reasons: ['Not shown to minors'] });
      await review(ad_id, 'ALL_AVAILABLE');
      expect(await reviewOf(ad_id), name).toEqual({ status: 'Approved', reasons: [] });
    }
    // Each change a read saw is an event: a vendor learns of the rejection without polling.
    const events = await world.h.http
      .get('/events')
      .query({ type: 'ad.review_changed', customer: api.customer })
      .set('Authorization', api.company.auth);
    expect(events.status, JSON.stringify(events.body)).toBe(200);
    expect((events.body.data as { data: unknown }[]).map((e) => e.data)).toContainEqual(
      expect.objectContaining({
        platform: 'tiktok',
        ad: expect.objectContaining({
          id: ad('Brand film').ad_id,
          review: { status: 'Rejected', reasons: ['Misleading claims', 'Unverified health benefits'] },
        }),
        previous_review: { status: 'Pending', reasons: [] },
      }),
    );
  });

  it('refuses an ImageAd (TikTok placements take video) and a SearchAd, naming creative, sending nothing', async () => {
    const media = 'ad-site-i18n-sg/7200000000000000001';
    const creatives = [
      [
        {
          kind: 'ImageAd',
          media,
          text: 'Fresh rye',
          url: 'https://acme-bakery.example/rye',
          callToAction: 'ShopNow',
        },
        /video only \(SINGLE_VIDEO\)/,
      ],
      [
        {
          kind: 'SearchAd',
          headlines: ['Rye', 'Bread', 'Fresh'],
          descriptions: ['Baked daily', 'Order now'],
          url: 'https://acme-bakery.example/rye',
        },
        /no responsive search ads/,
      ],
    ] as const;
    for (const [creative, message] of creatives) {
      const sent = await platformCalls(async () => {
        const res = await ads.create({
          name: 'refused',
          adSetId: ad('Sourdough video').adgroup_id,
          creative,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'unsupported_for_platform', param: 'creative' });
        expect(res.body.error.message).toMatch(message);
      });
      expect(sent.filter((c) => c.path.includes('/ad/create/'))).toEqual([]);
    }
  });

  it('refuses a creative change of a TikTok ad, naming creative, and changes nothing', async () => {
    const { ad_id } = ad('Croissant video');
    const sent = await platformCalls(async () => {
      const res = await ads.put(ad_id, {
        creative: { kind: 'ImageAd', media: 'x', text: 'New text', url: 'https://acme-bakery.example/' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'unsupported_for_platform', param: 'creative' });
    });
    expect(sent.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('renames with a patch update, pauses and enables with status updates, deletes for good', async () => {
    const { ad_id, adgroup_id } = ad('Brand film');
    const calls = await platformCalls(async () => {
      const renamed = await ads.put(ad_id, { name: 'Brand film, autumn cut' });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.name).toBe('Brand film, autumn cut');
    });
    expect(calls.find((c) => c.path.endsWith('/ad/update/'))?.body).toEqual({
      advertiser_id: SEEDED.usAdvertiser,
      adgroup_id,
      patch_update: true,
      creatives: [{ ad_id, ad_name: 'Brand film, autumn cut' }],
    });
    expect((await ads.get(ad_id)).body.name).toBe('Brand film, autumn cut');

    const paused = await platformCalls(async () => {
      expect((await ads.put(ad_id, { status: 'Paused' })).body.status).toBe('Paused');
    });
    expect(paused.find((c) => c.path.endsWith('/ad/status/update/'))?.body).toEqual({
      advertiser_id: SEEDED.usAdvertiser,
      ad_ids: [ad_id],
      operation_status: 'DISABLE',
    });
    // The seeded Brand reach campaign is switched off: enabled, the ad is Active, not Running.
    expect((await ads.put(ad_id, { status: 'Running' })).body.status).toBe('Active');

    const deleted = await ads.delete(ad_id);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ deletions: 1, data: [{ id: ad_id, status: 'Deleted' }] });
    expect((await ads.get(ad_id)).body.status).toBe('Deleted');
    // TikTok no longer changes a deleted ad.
    const changed = await tiktokPost(world.emulator, '/ad/status/update/', {
      advertiser_id: SEEDED.usAdvertiser,
      ad_ids: [ad_id],
      operation_status: 'ENABLE',
    });
    expect(changed.code).toBe(40002);
  });
});
