import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { microsoftEmulator } from '../../emulators/microsoft/index.js';
import { SEED } from '../../emulators/microsoft/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { checkCreative } from '../../src/ads/creative-check.js';
import type { Ad, NewAd, SearchAd } from '../../src/ads/model.js';
import type { AdAdapter, AdContext } from '../../src/ads/port.js';
import type { AdSet } from '../../src/adsets/model.js';
import type { ImageFile, ResolvedMedia } from '../../src/media/model.js';
import type { MediaAdapter } from '../../src/media/port.js';
import { AD_CAPABILITIES } from '../../src/platforms/microsoft/ad-rules.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../src/ports/platform-error.js';
import { refusal } from '../support/emulator-call.js';
import { jpeg, png } from '../support/images.js';
import { imageAd as imageAdOf, searchAd } from './microsoft-ads-spec.js';
import { adapterOn, assetTexts, campaignManagement, setAdReview, storedAd } from './microsoft-emulator.js';

/**
 * The Microsoft ad and media adapters against the emulator: AddMedia, AddAds, UpdateAds, DeleteAds,
 * GetAdsByIds and GetEditorialReasonsByIds, and the creative rules they declare.
 */

const US = { id: SEED.usAccount, name: 'Trail Bikes US', currency: 'USD' };

const file = (
  bytes: Buffer,
  width: number,
  height: number,
  contentType: ImageFile['contentType'],
): ImageFile => ({
  bytes,
  contentType,
  width,
  height,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  name: `image-${width}x${height}`,
});

describe('microsoft ads through the adapter', () => {
  let emulator: RunningEmulator;
  let ads: AdAdapter;
  let media: MediaAdapter;
  let call: PlatformCall;
  let adSet: AdSet;
  let images: ResolvedMedia[];
  const context = (resolved: ResolvedMedia[] = []): AdContext => ({ account: US, adSet, media: resolved });
  const newAd = (name: string, creative: NewAd['creative']): NewAd => ({
    name,
    adSetId: adSet.id,
    status: 'Paused',
    creative,
  });
  const imageAd = () => imageAdOf({ media: images.map((i) => i.media.id) });
  const upload = async (image: ImageFile): Promise<ResolvedMedia> => {
    const { id } = await media.upload(call, US, image);
    return {
      media: {
        id,
        platform: 'microsoft',
        advertiser: US.id,
        kind: 'Image',
        width: image.width,
        height: image.height,
        bytes: image.bytes.length,
        sha256: image.sha256,
        contentType: image.contentType,
        name: image.name,
        createdAt: new Date().toISOString(),
      },
    };
  };
  const callsWhile = async (work: () => Promise<unknown>) => {
    const before = emulator.controls.calls.length;
    await work();
    return emulator.controls.calls.slice(before);
  };

  beforeAll(async () => {
    emulator = await startEmulator(microsoftEmulator);
    const built = adapterOn(emulator);
    ads = built.adapter.ads!;
    media = built.adapter.media!;
    call = built.call;
    adSet = await built.adapter.adSets.create(
      call,
      {
        name: 'Ads through the adapter',
        advertiser: US.id,
        parentId: SEED.searchCampaign,
        channelKind: 'Search',
        status: 'Paused',
        settings: [],
        targetings: [],
      },
      US,
    );
    images = [
      await upload(file(png(1200, 628), 1200, 628, 'image/png')),
      await upload(file(jpeg(600, 600), 600, 600, 'image/jpeg')),
    ];
  });
  afterAll(() => emulator?.close());

  it('uploads each image as the MediaType of its ratio, whole, in base64', async () => {
    const sent = emulator.controls.callsTo('/CampaignManagement/v13/Media', 'POST');
    expect(sent.map((c) => (c.body as { Media: { MediaType: string }[] }).Media[0]!.MediaType)).toEqual([
      'Image191x100',
      'Image1x1',
    ]);
    const [first] = sent.map((c) => (c.body as { Media: { Data: string; Type: string }[] }).Media[0]!);
    expect(first).toMatchObject({ Type: 'Image', Data: png(1200, 628).toString('base64') });
    expect(images.map((i) => i.media.id)).toEqual([
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\d+$/),
    ]);
  });

  it('lists the account’s images for responsive ads with their sizes (no bytes: Microsoft tells none)', async () => {
    const listed = await media.list!(call, US);
    expect(listed).toEqual(
      expect.arrayContaining(
        images.map(({ media: m }) =>
          expect.objectContaining({ id: m.id, width: m.width, height: m.height, bytes: null, sha256: null }),
        ),
      ),
    );
  });

  it('refuses an image below the least size of its ratio’s image kind before any call, naming file', async () => {
    const calls = await callsWhile(async () => {
      const err = await refusal(media.upload(call, US, file(png(600, 314), 600, 314, 'image/png')));
      expect(err).toBeInstanceOf(PlatformInputError);
      expect(err).toMatchObject({ param: 'file', message: expect.stringContaining('703×368') });
    });
    expect(calls).toEqual([]);
  });

  it('creates a responsive search ad: paused, named in its custom parameter, under review', async () => {
    const created = await ads.create(call, newAd('Trail RSA', searchAd()), context());
    expect(created).toMatchObject({
      name: 'Trail RSA',
      platform: 'microsoft',
      status: 'Paused',
      advertiser: US.id,
      adSetId: adSet.id,
      campaignId: SEED.searchCampaign,
      creative: searchAd(),
      review: { status: 'Pending', reasons: [] },
    });
    const held = await storedAd(emulator, adSet.id, created.id);
    expect(held).toMatchObject({
      Type: 'ResponsiveSearch',
      Status: 'Paused',
      EditorialStatus: 'Inactive',
      Path1: 'bikes',
      Path2: 'trail',
      FinalUrls: ['https://bikes.example/trail'],
      UrlCustomParameters: { Parameters: [{ Key: 'adlinkname', Value: 'Trail RSA' }] },
    });
    expect(assetTexts(held!.Headlines)).toEqual(searchAd().headlines);
    expect(assetTexts(held!.Descriptions)).toEqual(searchAd().descriptions);
  });

  it('creates a multimedia ad from an ImageAd: sub types by ratio, the campaign’s language for the call to action', async () => {
    const created = await ads.create(call, newAd('Trail multimedia', imageAd()), context(images));
    expect(created).toMatchObject({ name: 'Trail multimedia', status: 'Paused', creative: imageAd() });
    const held = await storedAd(emulator, adSet.id, created.id);
    expect(held).toMatchObject({
      Type: 'ResponsiveAd',
      BusinessName: 'Trail Bikes',
      CallToAction: 'ShopNow',
      CallToActionLanguage: 'English',
      Images: [
        { Asset: { Type: 'ImageAsset', Id: images[0]!.media.id, SubType: 'LandscapeImageMedia' } },
        { Asset: { Type: 'ImageAsset', Id: images[1]!.media.id, SubType: 'SquareImageMedia' } },
      ],
    });
    expect(assetTexts(held!.Headlines)).toEqual(['Trail bikes']);
    expect(assetTexts(held!.LongHeadlines)).toEqual(['Trail bikes for every rider']);
    expect(assetTexts(held!.Descriptions)).toEqual(['Full suspension bikes, fitted in store.']);
  });

  it('serves the call to action in the ad group’s language where the campaign has none', async () => {
    const EU = { id: SEED.euAccount, name: 'Trail Bikes EU', currency: 'EUR' };
    const { AdGroupIds } = await campaignManagement<{ AdGroupIds: string[] }>(
      emulator,
      '/AdGroups',
      {
        CampaignId: SEED.noLanguageCampaign,
        AdGroups: [{ Name: 'Lastenräder', Status: 'Paused', Language: 'German' }],
      },
      EU.id,
    );
    const german = { ...adSet, id: AdGroupIds[0]!, advertiser: EU.id, parentId: SEED.noLanguageCampaign };
    const euImages = [
      await media.upload(call, EU, file(png(1200, 628), 1200, 628, 'image/png')),
      await media.upload(call, EU, file(jpeg(600, 600), 600, 600, 'image/jpeg')),
    ];
    const resolved = euImages.map(({ id }, i) => ({ media: { ...images[i]!.media, id, advertiser: EU.id } }));
    const created = await ads.create(
      call,
      { ...newAd('Lastenrad', imageAdOf({ media: euImages.map((m) => m.id) })), adSetId: german.id },
      { account: EU, adSet: german, media: resolved },
    );
    expect(await storedAd(emulator, german.id, created.id, EU.id)).toMatchObject({
      CallToActionLanguage: 'German',
    });
  });

  it('reads the editorial review: Inactive Pending, Active Approved, ActiveLimited and Disapproved with reasons', async () => {
    const { id } = await ads.create(call, newAd('Reviewed', searchAd()), context());
    const reasons = [
      { ReasonCode: 16, Location: 'Headline', Term: 'FREE', PublisherCountries: ['US', 'CA'] },
    ];
    const cases: [string, object[], Ad['review']][] = [
      ['Active', [], { status: 'Approved', reasons: [] }],
      [
        'ActiveLimited',
        [{ ReasonCode: 9, Location: 'Ad', PublisherCountries: ['DE'] }],
        {
          status: 'Limited',
          reasons: ['Editorial reason 9 in Ad for DE'],
        },
      ],
      [
        'Disapproved',
        reasons,
        { status: 'Rejected', reasons: ['Editorial reason 16 in Headline ("FREE") for US, CA'] },
      ],
      ['Inactive', [], { status: 'Pending', reasons: [] }],
    ];
    for (const [status, given, review] of cases) {
      await setAdReview(emulator, id, status, given);
      expect((await ads.get(call, id))?.review, status).toEqual(review);
    }
  });

  it('renames through its custom parameter (the ad’s others kept), pauses, replaces the creative, deletes', async () => {
    const created = await ads.create(call, newAd('Before', searchAd()), context());
    await campaignManagement(
      emulator,
      '/Ads',
      {
        AdGroupId: adSet.id,
        Ads: [
          {
            Id: created.id,
            Type: 'ResponsiveSearch',
            UrlCustomParameters: {
              Parameters: [
                { Key: 'season', Value: 'spring' },
                { Key: 'adlinkname', Value: 'Before' },
              ],
            },
          },
        ],
      },
      US.id,
      'PUT',
    );
    await setAdReview(emulator, created.id, 'Active');
    const renamed = await ads.update(call, created, { name: 'After', status: 'Running' }, context());
    expect(renamed).toMatchObject({ name: 'After', status: 'Running', review: { status: 'Approved' } });
    expect((await storedAd(emulator, adSet.id, created.id))?.UrlCustomParameters).toEqual({
      Parameters: [
        { Key: 'season', Value: 'spring' },
        { Key: 'adlinkname', Value: 'After' },
      ],
    });
    const creative = { ...searchAd(['New headline', 'Second headline', 'Third headline']), paths: [] };
    const replaced = await ads.update(call, renamed, { creative }, context());
    // New text is reviewed again; the paths not given are cleared.
    expect(replaced).toMatchObject({ creative, review: { status: 'Pending' }, name: 'After' });
    expect(await storedAd(emulator, adSet.id, created.id)).toMatchObject({ Path1: null, Path2: null });

    expect(await ads.delete(call, replaced)).toMatchObject({ id: created.id, status: 'Deleted' });
    expect(await storedAd(emulator, adSet.id, created.id)).toBeNull();
    expect(await ads.get(call, created.id)).toBeNull();
  });

  it('lists every ad of the account; reads the seeded video ad as Other and a seeded ad by type and id', async () => {
    const listed = await ads.list(call, US);
    const created = await ads.create(call, newAd('Listed', searchAd()), context());
    const after = (await ads.list(call, US)).map((a) => a.id);
    expect(after.sort()).toEqual([...listed.map((a) => a.id), created.id].sort());
    const video = listed.find((a) => a.campaignId === SEED.audienceCampaign);
    expect(video).toMatchObject({
      creative: { kind: 'Other', format: 'Video' },
      status: 'Running',
      review: { status: 'Approved' },
      name: `ResponsiveAd ad ${video!.id}`,
    });
    const seeded = listed.find((a) => a.campaignId === SEED.searchCampaign)!;
    expect(seeded).toMatchObject({
      name: `ResponsiveSearch ad ${seeded.id}`,
      creative: {
        kind: 'SearchAd',
        headlines: ['Trail bikes', 'Mountain bikes on sale', 'Ride {KeyWord:today}'],
        paths: ['bikes'],
      },
    });
    expect(await ads.get(call, video!.id)).toEqual(video);
  });

  it('refuses before any call: an ad group outside a Search campaign, small or repeated images, a long name', async () => {
    const audienceAdSet = {
      ...adSet,
      id: '1',
      settings: [{ kind: 'Objective' as const, objective: 'Audience' }],
    };
    const small: ResolvedMedia = { media: { ...images[1]!.media, id: '77', width: 300, height: 300 } };
    const cases: [string, () => Promise<unknown>, string][] = [
      [
        'Audience',
        () => ads.create(call, newAd('x', searchAd()), { ...context(), adSet: audienceAdSet }),
        'adSetId',
      ],
      [
        'small',
        () => ads.create(call, newAd('x', imageAd()), context([images[0]!, small])),
        'creative.additionalMedia[0]',
      ],
      [
        'twice',
        () => ads.create(call, newAd('x', imageAd()), context([images[0]!, images[0]!])),
        'creative.additionalMedia[0]',
      ],
      ['name', () => ads.create(call, newAd('é'.repeat(126), searchAd()), context()), 'name'],
    ];
    for (const [what, work, param] of cases) {
      const calls = await callsWhile(async () => {
        const err = await refusal(work());
        expect(err, what).toBeInstanceOf(PlatformInputError);
        expect((err as PlatformInputError).param, what).toBe(param);
      });
      expect(calls, what).toEqual([]);
    }
  });

  it('names the parameter of what Microsoft refuses in an ad (PartialErrors)', async () => {
    const err = await refusal(
      ads.create(call, newAd('Bad URL', { ...searchAd(), url: 'https://localhost' }), context()),
    );
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ kind: 'invalid', param: 'creative.url', code: 'FinalUrlsInvalid' });
  });
});

describe('the creative rules Microsoft’s adapter declares', () => {
  const check = (creative: SearchAd) => () => checkCreative('microsoft', AD_CAPABILITIES, creative);

  it('counts dynamic text as its default text and double-width characters twice', () => {
    expect(check(searchAd(['One', 'Two', '{KeyWord:Bikes} for every rider here']))).not.toThrow();
    expect(check(searchAd(['One', 'Two', `${'x'.repeat(25)}{KeyWord:Bikes!}`]))).toThrow(
      expect.objectContaining({ param: 'creative.headlines[2]', message: expect.stringMatching(/30.*31/) }),
    );
    expect(check(searchAd(['One', 'Two', '自転車'.repeat(5)]))).not.toThrow();
    expect(check(searchAd(['One', 'Two', `${'自転車'.repeat(5)}車`]))).toThrow(
      expect.objectContaining({ param: 'creative.headlines[2]' }),
    );
  });

  it('refuses {KeyWord} without a default text and a path with "/"', () => {
    expect(check(searchAd(['One', 'Two', 'Buy {keyword} now']))).toThrow(
      expect.objectContaining({
        param: 'creative.headlines[2]',
        message: expect.stringContaining('{KeyWord:default}'),
      }),
    );
    expect(check({ ...searchAd(), paths: ['a/b'] })).toThrow(
      expect.objectContaining({ param: 'creative.paths[0]' }),
    );
  });
});
