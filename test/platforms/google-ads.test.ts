import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleEmulator } from '../../emulators/google/index.js';
import { ADWORDS_SCOPE } from '../../emulators/google/oauth-routes.js';
import { SEED } from '../../emulators/google/seed.js';
import { adLabelsQuery } from '../../src/platforms/google/queries.js';
import { emulatorSearch } from '../fixtures/google/emulated.js';
import type { AdSetClient } from '../support/adsets-client.js';
import { emulatorToken } from '../support/emulator-call.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';

/** Google's ads through adlink's API: the review mapping, what only Google refuses, edits and names. */

const env = { GOOGLE_DEVELOPER_TOKEN: 'dev-token-for-tests', GOOGLE_LOGIN_CUSTOMER_ID: SEED.manager };
const HEADLINES = ['Fresh bread daily', 'Bakery Berlin', 'Sourdough to go'];
const searchAd = (fields: object = {}) => ({
  kind: 'SearchAd',
  headlines: HEADLINES,
  descriptions: ['Baked every morning.', 'Order online, pick up fresh.'],
  url: 'https://bakery.example/spring',
  paths: ['bread'],
  ...fields,
});

interface AdBody {
  id: string;
  name: string;
  status: string;
  adSetId: string;
  creative: Record<string, unknown>;
  review: { status: string; reasons: string[] };
}

let world: PlatformWorld;
let api: AdSetClient;
let adSetId: string;

beforeAll(async () => {
  world = await startPlatformWorld({ platform: 'google', emulator: googleEmulator, env });
  ({ api } = await world.connect());
  const adSet = await api.create({
    name: 'Ads only Google has',
    advertiser: SEED.bakery,
    parentId: SEED.searchCampaign,
    status: 'Running',
    channelKind: 'Search',
    settings: [{ kind: 'Objective', objective: 'SEARCH' }],
    targetings: [],
  });
  expect(adSet.status, JSON.stringify(adSet.body)).toBe(201);
  adSetId = adSet.body.id;
});
afterAll(() => world?.close());

const ads = {
  create: (body: object) =>
    world.h.http
      .post('/v1/google/ads')
      .query({ customer: api.customer })
      .set('Authorization', api.company.auth)
      .send(body),
  get: (id: string) =>
    world.h.http
      .get(`/v1/google/ads/${id}`)
      .query({ customer: api.customer, dismissDatabase: true })
      .set('Authorization', api.company.auth),
  list: (query: object) =>
    world.h.http
      .get('/v1/google/ads')
      .query({ customer: api.customer, dismissDatabase: true, ...query })
      .set('Authorization', api.company.auth),
  put: (id: string, body: object) =>
    world.h.http
      .put(`/v1/google/ads/${id}`)
      .query({ customer: api.customer })
      .set('Authorization', api.company.auth)
      .send(body),
};

async function newAd(name: string, fields: object = {}): Promise<AdBody> {
  const res = await ads.create({ name, adSetId, creative: searchAd(), ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as AdBody;
}

/** Google's review outcome for an ad, set through the emulator's control. */
async function review(adId: string, body: object): Promise<void> {
  const res = await fetch(`${world.emulator.url}/_emulator/review`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ customerId: SEED.bakery, adId, ...body }),
  });
  expect(res.status).toBe(200);
}

/** The mutates adlink sent to the emulator while `work` ran. */
async function mutatesDuring(work: () => Promise<unknown>) {
  const before = world.emulator.controls.calls.length;
  await work();
  return world.emulator.controls.calls.slice(before).filter((c) => c.path.endsWith(':mutate'));
}

describe('google ads through the API', () => {
  it('maps each review state of policy_summary, with the policy topics as reasons', async () => {
    const ad = await newAd('Reviewed ad', { status: 'Running' });
    // In review: enabled but not serving yet.
    expect(ad).toMatchObject({ status: 'Active', review: { status: 'Pending', reasons: [] } });

    await review(ad.id, { approvalStatus: 'APPROVED' });
    expect((await ads.get(ad.id)).body).toMatchObject({
      status: 'Running',
      review: { status: 'Approved', reasons: [] },
    });

    await review(ad.id, {
      approvalStatus: 'APPROVED_LIMITED',
      policyTopicEntries: [
        { topic: 'ALCOHOL', type: 'LIMITED' },
        { topic: 'COPYRIGHTED_CONTENT', type: 'DESCRIPTIVE' },
      ],
    });
    expect((await ads.get(ad.id)).body).toMatchObject({
      status: 'Running',
      review: { status: 'Limited', reasons: ['ALCOHOL'] },
    });

    await review(ad.id, {
      approvalStatus: 'AREA_OF_INTEREST_ONLY',
      policyTopicEntries: [{ topic: 'GAMBLING', type: 'AREA_OF_INTEREST_ONLY' }],
    });
    expect((await ads.get(ad.id)).body.review).toEqual({ status: 'Limited', reasons: ['GAMBLING'] });

    const prohibited = [
      { topic: 'TRADEMARKS_IN_AD_TEXT', type: 'PROHIBITED' },
      { topic: 'DESTINATION_NOT_WORKING', type: 'PROHIBITED' },
    ];
    await review(ad.id, { approvalStatus: 'DISAPPROVED', policyTopicEntries: prohibited });
    expect((await ads.get(ad.id)).body).toMatchObject({
      status: 'Active',
      review: { status: 'Rejected', reasons: ['TRADEMARKS_IN_AD_TEXT', 'DESTINATION_NOT_WORKING'] },
    });
    await review(ad.id, {
      approvalStatus: 'DISAPPROVED',
      reviewStatus: 'UNDER_APPEAL',
      policyTopicEntries: prohibited,
    });
    expect((await ads.get(ad.id)).body.review.status).toBe('Rejected');

    await review(ad.id, { approvalStatus: 'UNKNOWN', reviewStatus: 'REVIEW_IN_PROGRESS' });
    expect((await ads.get(ad.id)).body.review).toEqual({ status: 'Pending', reasons: [] });
  });

  it('refuses before any mutate what only Google refuses, naming the parameter', async () => {
    const refusals: [object, string, RegExp][] = [
      // 16 double-width characters count 32 against the headline's 30.
      [
        { creative: searchAd({ headlines: ['麵'.repeat(16), ...HEADLINES.slice(1)] }) },
        'creative.headlines[0]',
        /at most 30 characters here \(this one has 32\)/,
      ],
      [
        { creative: searchAd({ descriptions: ['Baked every morning 🍞', 'Fine.'] }) },
        'creative.descriptions[0]',
        /emoji/,
      ],
      [
        { creative: searchAd({ headlines: [...HEADLINES.slice(0, 2), 'Order now!!'] }) },
        'creative.headlines[2]',
        /repeated/,
      ],
      [{ creative: searchAd({ paths: ['bread', 'x'.repeat(16)] }) }, 'creative.paths[1]', /at most 15/],
      [{ name: 'n'.repeat(73) }, 'name', /up to 72 characters/],
      [
        {
          creative: {
            kind: 'ImageAd',
            media: 'med_anything',
            text: 'Fresh bread',
            url: 'https://bakery.example/',
          },
        },
        'creative',
        /Performance Max or Display asset groups/,
      ],
    ];
    for (const [fields, param, message] of refusals) {
      const sent = await mutatesDuring(async () => {
        const res = await ads.create({ name: 'Refused', adSetId, creative: searchAd(), ...fields });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.error).toMatchObject({ param, message: expect.stringMatching(message) });
      });
      expect(sent, param).toEqual([]);
    }
  });

  it('changes a responsive search ad’s creative in place, and Google reviews it again', async () => {
    const ad = await newAd('Edited ad');
    await review(ad.id, { approvalStatus: 'APPROVED' });
    const creative = searchAd({ headlines: ['Spring bread is here', ...HEADLINES.slice(1)], paths: [] });
    const res = await ads.put(ad.id, { creative });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: ad.id, creative, review: { status: 'Pending' } });
    expect((await ads.get(ad.id)).body.creative).toEqual(creative);

    const tooLong = await ads.put(ad.id, { creative: searchAd({ descriptions: ['d'.repeat(91), 'Fine.'] }) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.param).toBe('creative.descriptions[0]');
  });

  it('keeps the name as an adlink label on the ad, swapped on rename, shared by ads of the same name', async () => {
    const first = await newAd('Label name');
    const second = await newAd('Label name');
    const token = emulatorToken(world.emulator, [ADWORDS_SCOPE]);
    const labels = async (adId: string) =>
      (await emulatorSearch(world.emulator, token, SEED.bakery, adLabelsQuery(adId))).map(
        (r) => r.label as { name: string; resourceName: string },
      );
    const [label] = await labels(first.id);
    expect(label?.name).toBe('adlink: Label name');
    expect(await labels(second.id)).toEqual([label]);

    expect((await ads.put(first.id, { name: 'Renamed' })).body.name).toBe('Renamed');
    expect((await labels(first.id)).map((l) => l.name)).toEqual(['adlink: Renamed']);
    expect((await ads.get(second.id)).body.name).toBe('Label name');
  });

  it('reads the seeded responsive display ad as Other, and renames and pauses it', async () => {
    const listed = await ads.list({ campaignId: SEED.displayCampaign });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const [display] = listed.body.data as AdBody[];
    expect(display).toMatchObject({
      name: `Ad ${display!.id}`,
      status: 'Running',
      creative: { kind: 'Other', format: 'RESPONSIVE_DISPLAY_AD' },
      review: { status: 'Approved', reasons: [] },
    });
    const renamed = await ads.put(display!.id, { name: 'Remarketing banner', status: 'Paused' });
    expect(renamed.body).toMatchObject({ name: 'Remarketing banner', status: 'Paused' });
    const edit = await ads.put(display!.id, { creative: searchAd() });
    expect(edit.status).toBe(400);
    expect(edit.body.error.param).toBe('creative.kind');
  });
});
