import { expect } from 'vitest';
import type { ImageAd, SearchAd } from '../../src/ads/model.js';
import type { AdsContext, AdsSpec } from '../support/ads-walk.js';
import type { PlatformWorld } from '../support/platform-suite.js';
import { assetTexts, storedAd } from './microsoft-emulator.js';

/** A responsive search ad: one headline with dynamic text, whose default text is what counts. */
export const searchAd = (
  headlines = ['Trail bikes', 'Bikes for every trail', '{KeyWord:Bikes} in every size'],
) =>
  ({
    kind: 'SearchAd',
    headlines,
    descriptions: ['Full suspension bikes for every trail.', 'Free fitting in store.'],
    url: 'https://bikes.example/trail',
    paths: ['bikes', 'trail'],
  }) satisfies SearchAd;

/** A multimedia ad from the walk's two images: a 1.91:1 and a 1:1. */
export const imageAd = ({ media }: Pick<AdsContext, 'media'>) =>
  ({
    kind: 'ImageAd',
    media: media[0]!,
    additionalMedia: [media[1]!],
    headline: 'Trail bikes',
    text: 'Full suspension bikes, fitted in store.',
    longHeadline: 'Trail bikes for every rider',
    businessName: 'Trail Bikes',
    callToAction: 'ShopNow',
    url: 'https://bikes.example/trail',
  }) satisfies ImageAd;

/**
 * The shared ads walk on Microsoft: a 1.91:1 PNG and a 1:1 JPEG (GIF is a type Microsoft takes), no
 * identities, a responsive search ad and a multimedia ad, each checked as AddAds stored it.
 */
export const MICROSOFT_ADS: AdsSpec<PlatformWorld> = {
  images: [
    { width: 1200, height: 628, type: 'png' },
    { width: 600, height: 600, type: 'jpeg' },
  ],
  refusedImages: {
    tooLarge: 76_801,
    tooSmall: { width: 400, height: 400 },
    wrongRatio: { width: 800, height: 600 },
  },
  identities: false,
  creatives: (ctx) => [searchAd(), imageAd(ctx)],
  async received(world, ad, creative) {
    const held = await storedAd(world.emulator, ad.adSetId, ad.id);
    expect(held).toMatchObject({
      Status: 'Paused',
      EditorialStatus: 'Inactive',
      UrlCustomParameters: { Parameters: [{ Key: 'adlinkname', Value: expect.any(String) }] },
    });
    if ((creative as { kind: string }).kind === 'SearchAd') {
      const sent = creative as SearchAd;
      expect(held).toMatchObject({
        Type: 'ResponsiveSearch',
        FinalUrls: [sent.url],
        Path1: 'bikes',
        Path2: 'trail',
      });
      expect(assetTexts(held!.Headlines)).toEqual(sent.headlines);
      expect(assetTexts(held!.Descriptions)).toEqual(sent.descriptions);
      return;
    }
    const sent = creative as ImageAd;
    expect(held).toMatchObject({
      Type: 'ResponsiveAd',
      FinalUrls: [sent.url],
      BusinessName: sent.businessName,
      CallToAction: sent.callToAction,
      CallToActionLanguage: 'English',
      Images: [
        { Asset: { Type: 'ImageAsset', Id: sent.media, SubType: 'LandscapeImageMedia' } },
        { Asset: { Type: 'ImageAsset', Id: sent.additionalMedia[0], SubType: 'SquareImageMedia' } },
      ],
    });
    expect(assetTexts(held!.Headlines)).toEqual([sent.headline]);
    expect(assetTexts(held!.LongHeadlines)).toEqual([sent.longHeadline]);
    expect(assetTexts(held!.Descriptions)).toEqual([sent.text]);
  },
  tooLong: () => ({
    creative: searchAd(['Trail bikes', 'Bikes for every trail', `${'x'.repeat(25)}{KeyWord:Bikes!}`]),
    param: 'creative.headlines[2]',
  }),
  refused: [
    {
      creative: () => searchAd(['Trail bikes', 'Bikes for every trail', 'Buy {KeyWord} now']),
      param: 'creative.headlines[2]',
      message: /\{KeyWord:default\}/,
    },
  ],
  deletedStatus: 'Deleted',
};
