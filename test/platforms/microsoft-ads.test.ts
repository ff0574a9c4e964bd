import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { microsoftEmulator } from '../../emulators/microsoft/index.js';
import { SEED } from '../../emulators/microsoft/seed.js';
import type { AdSetClient } from '../support/adsets-client.js';
import { jpeg, png } from '../support/images.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { imageAd, searchAd } from './microsoft-ads-spec.js';
import { assetTexts, setAdReview, storedAd } from './microsoft-emulator.js';

/**
 * Microsoft ads through adlink's API against the emulator: the editorial review mapping, the
 * refusals only Microsoft has, replacing a creative, and the seeded video ad read as `Other`.
 */

const env = { MICROSOFT_DEVELOPER_TOKEN: 'msads-dev-token-for-tests' };

interface AdBody {
  id: string;
  name: string;
  status: string;
  adSetId: string;
  creative: Record<string, unknown>;
  review: { status: string; reasons: string[] };
}

describe('microsoft ads through the API', () => {
  let world: PlatformWorld;
  let api: AdSetClient;
  let adSetId: string;
  let media: string[];
  const at = (path: string) => `/v1/microsoft/${path}`;
  const send = <T extends { query(q: object): T; set(k: string, v: string): T }>(req: T) =>
    req.query({ customer: api.customer }).set('Authorization', api.company.auth);
  const ads = {
    create: (body: object) => send(world.h.http.post(at('ads'))).send(body),
    get: (id: string) => send(world.h.http.get(at(`ads/${id}`))).query({ dismissDatabase: true }),
    list: (query: object) => send(world.h.http.get(at('ads'))).query({ dismissDatabase: true, ...query }),
    put: (id: string, body: object) => send(world.h.http.put(at(`ads/${id}`))).send(body),
  };
  const upload = (file: Buffer, name: string) =>
    send(world.h.http.post(at('media')))
      .field('advertiser', SEED.usAccount)
      .attach('file', file, name);
  /** The calls the emulator answered while `work` ran. */
  const callsWhile = async (work: () => Promise<unknown>) => {
    const before = world.emulator.controls.calls.length;
    await work();
    return world.emulator.controls.calls.slice(before);
  };
  const created = async (body: object): Promise<AdBody> => {
    const res = await ads.create({ name: 'API ad', adSetId, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as AdBody;
  };

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'microsoft', emulator: microsoftEmulator, env });
    ({ api } = await world.connect());
    const adSet = await api.create({
      name: 'Ads through the API',
      advertiser: SEED.usAccount,
      parentId: SEED.searchCampaign,
      channelKind: 'Search',
      status: 'Paused',
      settings: [],
      targetings: [],
    });
    expect(adSet.status, JSON.stringify(adSet.body)).toBe(201);
    adSetId = adSet.body.id;
    media = [];
    for (const [file, name] of [
      [png(1200, 628), 'landscape.png'],
      [jpeg(600, 600), 'square.jpg'],
    ] as const) {
      const res = await upload(file, name);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      media.push(res.body.id);
    }
  });
  afterAll(() => world?.close());

  it('reads the editorial review: Pending, Approved, Limited and Rejected with Microsoft’s reasons', async () => {
    const ad = await created({ creative: searchAd() });
    expect(ad.review).toEqual({ status: 'Pending', reasons: [] });
    const cases: [string, object[], AdBody['review']][] = [
      ['Active', [], { status: 'Approved', reasons: [] }],
      [
        'ActiveLimited',
        [{ ReasonCode: 9, Location: 'Ad', PublisherCountries: ['DE'] }],
        { status: 'Limited', reasons: ['Editorial reason 9 in Ad for DE'] },
      ],
      [
        'Disapproved',
        [{ ReasonCode: 16, Location: 'Headline', Term: 'FREE', PublisherCountries: ['US', 'CA'] }],
        { status: 'Rejected', reasons: ['Editorial reason 16 in Headline ("FREE") for US, CA'] },
      ],
      ['Inactive', [], { status: 'Pending', reasons: [] }],
    ];
    for (const [editorialStatus, reasons, review] of cases) {
      await setAdReview(world.emulator, ad.id, editorialStatus, reasons);
      const res = await ads.get(ad.id);
      expect(res.status).toBe(200);
      expect(res.body.review, editorialStatus).toEqual(review);
    }
  });

  it('refuses what only Microsoft refuses, naming the parameter, and sends nothing', async () => {
    const audience = await api.create({
      name: 'Audience ads',
      advertiser: SEED.usAccount,
      parentId: SEED.audienceCampaign,
      channelKind: 'Display',
      status: 'Paused',
      settings: [],
      targetings: [],
    });
    expect(audience.status, JSON.stringify(audience.body)).toBe(201);
    // With the ad sets cached, an ad's ad set is read from the cache: any call would be the ad's.
    expect((await api.list({ limit: 500 })).status).toBe(200);
    const image = imageAd({ media });
    const cases: [string, () => Promise<{ status: number; body: { error: { param: string } } }>, string][] = [
      [
        'an ad group of an Audience campaign',
        () => ads.create({ name: 'x', adSetId: audience.body.id, creative: searchAd() }),
        'adSetId',
      ],
      [
        'the same image twice',
        () =>
          ads.create({ name: 'x', adSetId, creative: { ...image, additionalMedia: [media[1], media[1]] } }),
        'creative.additionalMedia[1]',
      ],
      [
        'a name over 250 bytes',
        () => ads.create({ name: 'é'.repeat(126), adSetId, creative: searchAd() }),
        'name',
      ],
      ['an image below its kind’s least size', () => upload(png(600, 314), 'small.png'), 'file'],
    ];
    for (const [what, work, param] of cases) {
      const calls = await callsWhile(async () => {
        const res = await work();
        expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.error.param, what).toBe(param);
      });
      expect(calls, what).toEqual([]);
    }
  });

  it('replaces a creative: Microsoft holds the new texts, and reviews the ad again', async () => {
    const ad = await created({ creative: imageAd({ media }) });
    await setAdReview(world.emulator, ad.id, 'Active');
    const creative = {
      ...imageAd({ media }),
      headline: 'Gravel bikes',
      text: 'Gravel bikes, fitted in store.',
    };
    const res = await ads.put(ad.id, { creative });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ creative, review: { status: 'Pending' }, name: 'API ad' });
    const held = await storedAd(world.emulator, adSetId, ad.id);
    expect(assetTexts(held!.Headlines)).toEqual(['Gravel bikes']);
    expect(assetTexts(held!.Descriptions)).toEqual(['Gravel bikes, fitted in store.']);
    expect(held).toMatchObject({ EditorialStatus: 'Inactive', CallToActionLanguage: 'English' });
  });

  it('reads the seeded video ad as Other with its sub type; it can be renamed and paused', async () => {
    const listed = await ads.list({ campaignId: SEED.audienceCampaign });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const [video] = listed.body.data as AdBody[];
    expect(video).toMatchObject({ creative: { kind: 'Other', format: 'Video' }, status: 'Running' });
    const renamed = await ads.put(video!.id, { name: 'Trail video', status: 'Paused' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Trail video',
      status: 'Paused',
      creative: { kind: 'Other' },
    });
    const refused = await ads.put(video!.id, { creative: searchAd() });
    expect(refused.status).toBe(400);
    expect(refused.body.error.param).toBe('creative.kind');
  });
});
