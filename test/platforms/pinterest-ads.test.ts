import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinterestEmulator } from '../../emulators/pinterest/index.js';
import { SEED } from '../../emulators/pinterest/seed.js';
import { type AdSetClient, expectError } from '../support/adsets-client.js';
import { png } from '../support/images.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { storedAt } from './pinterest-access.js';

/**
 * Pinterest ads through adlink's API, against the emulator: the review mapping, the refusals only
 * Pinterest has (each before any call), the creative that cannot change, the ad-only board, the call
 * to action, and a seeded video ad read as a kind adlink cannot create.
 */
const SPEC = { platform: 'pinterest', emulator: pinterestEmulator } as const;

interface AdBody {
  id: string;
  status: string;
  creative: Record<string, unknown>;
  review: { status: string; reasons: string[] };
}

let world: PlatformWorld;
let api: AdSetClient;
let image: string;
const adSets: Record<'awareness' | 'consideration', string> = { awareness: '', consideration: '' };

const ads = {
  create: (body: object) =>
    world.h.http
      .post('/v1/pinterest/ads')
      .query({ customer: api.customer })
      .set('Authorization', api.company.auth)
      .send(body),
  live: (id: string) =>
    world.h.http
      .get(`/v1/pinterest/ads/${id}`)
      .query({ customer: api.customer, dismissDatabase: true })
      .set('Authorization', api.company.auth),
  put: (id: string, body: object) =>
    world.h.http
      .put(`/v1/pinterest/ads/${id}`)
      .query({ customer: api.customer })
      .set('Authorization', api.company.auth)
      .send(body),
  delete: (id: string) =>
    world.h.http
      .delete(`/v1/pinterest/ads/${id}`)
      .query({ customer: api.customer })
      .set('Authorization', api.company.auth),
};

const pinAd = (fields: object = {}) => ({
  kind: 'ImageAd',
  media: image,
  headline: 'Velvet armchairs',
  text: 'Deep seats for long evenings.',
  url: 'https://acme-home.example/armchairs',
  ...fields,
});

async function createAd(adSet: string, creative: object = pinAd()): Promise<AdBody> {
  const res = await ads.create({ name: `ad ${Date.now().toString(36)}`, adSetId: adSet, creative });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as AdBody;
}

/** The emulator's ad review deciding (its test control). */
async function review(ad: string, outcome: object) {
  const res = await fetch(`${world.emulator.url}/_emulator/review`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ad, ...outcome }),
  });
  expect(res.status).toBe(200);
}

/** The platform API calls the emulator answered while `work` ran. */
async function platformCalls(work: () => Promise<unknown>) {
  const before = world.emulator.controls.calls.length;
  await work();
  return world.emulator.controls.calls.slice(before);
}

beforeAll(async () => {
  world = await startPlatformWorld(SPEC);
  ({ api } = await world.connect());
  const uploaded = await world.h.http
    .post('/v1/pinterest/media')
    .query({ customer: api.customer })
    .set('Authorization', api.company.auth)
    .field('advertiser', SEED.usdAccount)
    .attach('file', png(1000, 1500), 'armchair.png');
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  image = uploaded.body.id;
  for (const [key, parentId] of [
    ['awareness', SEED.awareness],
    ['consideration', SEED.consideration],
  ] as const) {
    const res = await api.create({
      name: `ads under ${key}`,
      advertiser: SEED.usdAccount,
      parentId,
      channelKind: 'Social',
      status: 'Paused',
      settings: [{ kind: 'DailyBudget', budget: 25, currency: 'USD' }],
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'US', zipcode: '94107' }],
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    adSets[key] = res.body.id;
  }
  // Fill the ad-set cache: refusals that need the ad set's objective then send nothing.
  await api.all();
});
afterAll(() => world?.close());

describe('pinterest ads through the API', () => {
  it('the review: PENDING, APPROVED, REJECTED with its labels or reason codes, OTHER; read live', async () => {
    const ad = await createAd(adSets.awareness);
    expect(ad.review).toEqual({ status: 'Pending', reasons: [] });
    const cases: [object, AdBody['review']][] = [
      [{ review_status: 'APPROVED' }, { status: 'Approved', reasons: [] }],
      [
        {
          review_status: 'REJECTED',
          rejected_reasons: ['LANDING_PAGE', 'CAPS_AND_SYMBOLS'],
          rejection_labels: ['Broken landing page', 'Excessive capitalisation'],
        },
        { status: 'Rejected', reasons: ['Broken landing page', 'Excessive capitalisation'] },
      ],
      [
        { review_status: 'REJECTED', rejected_reasons: ['HASHTAGS'] },
        { status: 'Rejected', reasons: ['HASHTAGS'] },
      ],
      [{ review_status: 'OTHER' }, { status: 'Pending', reasons: [] }],
      [{ review_status: 'PENDING' }, { status: 'Pending', reasons: [] }],
    ];
    for (const [outcome, expected] of cases) {
      await review(ad.id, outcome);
      const live = await ads.live(ad.id);
      expect(live.status, JSON.stringify(live.body)).toBe(200);
      expect(live.body.review, JSON.stringify(outcome)).toEqual(expected);
    }
  });

  it('refuses before any call what only Pinterest refuses, naming the parameter', async () => {
    const unsupported = 'unsupported_for_platform';
    const cases: [string, object, string, string, RegExp][] = [
      [
        'awareness',
        pinAd({ callToAction: 'ShopNow' }),
        'invalid_request',
        'creative.callToAction',
        /CONSIDERATION and WEB_CONVERSION/,
      ],
      [
        'consideration',
        pinAd({ callToAction: 'Donate' }),
        unsupported,
        'creative.callToAction',
        /no Donate call to action/,
      ],
      [
        'awareness',
        pinAd({ identity: '1051121258826417400' }),
        unsupported,
        'creative.identity',
        /leave identity out/,
      ],
      [
        'awareness',
        pinAd({ additionalMedia: [image] }),
        unsupported,
        'creative.additionalMedia',
        /take one image/,
      ],
      [
        'awareness',
        pinAd({ text: 't'.repeat(801) }),
        'invalid_request',
        'creative.text',
        /at most 800 characters/,
      ],
      ['awareness', pinAd({ businessName: 'Acme' }), unsupported, 'creative.businessName', /no businessName/],
    ];
    for (const [adSet, creative, code, param, message] of cases) {
      const sent = await platformCalls(async () => {
        const res = await ads.create({
          name: 'refused',
          adSetId: adSets[adSet as keyof typeof adSets],
          creative,
        });
        expect(expectError(res, 400, code, param).message).toMatch(message);
      });
      expect(sent, param).toEqual([]);
    }
  });

  it('a call to action under a consideration campaign: the ad’s customizable_cta_type', async () => {
    const ad = await createAd(adSets.consideration, pinAd({ callToAction: 'ShopNow' }));
    expect(ad.creative).toMatchObject({ kind: 'ImageAd', callToAction: 'ShopNow' });
    const stored = await storedAt(world.emulator, `/ad_accounts/${SEED.usdAccount}/ads/${ad.id}`);
    expect(stored.customizable_cta_type).toBe('SHOP_NOW');
    expect((await ads.live(ad.id)).body.creative).toMatchObject({ callToAction: 'ShopNow' });
  });

  it('every ad’s Pin goes on one ad-only board, made by the first ad', async () => {
    const boards = async () =>
      (
        (await storedAt(world.emulator, `/boards?ad_account_id=${SEED.usdAccount}&privacy=PROTECTED`))
          .items as {
          id: string;
          is_ads_only: boolean;
        }[]
      ).filter((b) => b.is_ads_only);
    await createAd(adSets.awareness);
    const [board] = await boards();
    const second = await createAd(adSets.awareness);
    expect(await boards()).toEqual([board]);
    const stored = await storedAt(world.emulator, `/ad_accounts/${SEED.usdAccount}/ads/${second.id}`);
    expect((await storedAt(world.emulator, `/pins/${stored.pin_id}`)).board_id).toBe(board!.id);
  });

  it('the creative cannot change (the Pin is the ad’s for good); name and status can', async () => {
    const ad = await createAd(adSets.awareness);
    const sent = await platformCalls(async () => {
      const res = await ads.put(ad.id, { creative: pinAd({ headline: 'Other armchairs' }) });
      expectError(res, 400, 'unsupported_for_platform', 'creative');
    });
    expect(sent).toEqual([]);
    const renamed = await ads.put(ad.id, { name: 'Renamed', status: 'Running' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', status: 'Running', creative: ad.creative });
  });

  it('DELETE archives, and an archived ad stays archived', async () => {
    const ad = await createAd(adSets.awareness);
    const deleted = await ads.delete(ad.id);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data[0]).toMatchObject({ id: ad.id, status: 'Archived' });
    expect((await ads.live(ad.id)).body.status).toBe('Archived');
    const revived = await ads.put(ad.id, { status: 'Running' });
    expect(revived.status).toBe(400);
    expect(revived.body.error.message).toMatch(/archived/);
  });

  it('reads the seeded video ad as a kind adlink cannot create', async () => {
    const listed = await storedAt(world.emulator, `/ad_accounts/${SEED.eurAccount}/ads`);
    const video = (listed.items as { id: string; creative_type: string }[]).find(
      (a) => a.creative_type === 'VIDEO',
    )!;
    const live = await ads.live(video.id);
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(live.body).toMatchObject({
      id: video.id,
      advertiser: SEED.eurAccount,
      status: 'Running',
      creative: { kind: 'Other', format: 'VIDEO' },
      review: { status: 'Approved', reasons: [] },
    });
  });
});
