import type { Ad } from '../../ads/model.js';
import type { AdAdapter } from '../../ads/port.js';
import { mapBounded } from '../../map-bounded.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import { accountPath, inSomeAccount } from './accounts.js';
import {
  adCreate,
  adUpdate,
  callToActionOf,
  PIN_SOURCES,
  PINTEREST_CALLS_TO_ACTION,
  pinCreate,
} from './ad-body.js';
import { ALL_STATUSES } from './campaigns.js';
import type { PinterestClient } from './client.js';
import { toAd } from './mapping.js';
import type { PinterestAd, PinterestBoard, PinterestPin } from './model.js';

/** Pins read at once while listing ads (one call per ad). */
const PIN_FAN_OUT = 4;

/**
 * Pinterest ads: each promotes a Pin. An ImageAd is a new Pin on the ad account owner's ad-only board
 * (its image inline, base64), then an ad of creative type REGULAR in the ad group. Pinterest cannot
 * delete an ad: DELETE archives it.
 */
export function pinterestAds(pin: PinterestClient): AdAdapter {
  /** The ad's Pin, or null where it is gone or not the user's to read (the ad is then read as Other). */
  async function pinOf(call: PlatformCall, ad: PinterestAd): Promise<PinterestPin | null> {
    try {
      return await pin.get<PinterestPin>(call, `/pins/${ad.pin_id}`, { ad_account_id: ad.ad_account_id });
    } catch (err) {
      if (err instanceof PlatformError && (err.status === 404 || err.status === 403)) return null;
      throw err;
    }
  }

  const complete = async (call: PlatformCall, ad: PinterestAd) => toAd(ad, await pinOf(call, ad));

  /**
   * The owner's ad-only board (`is_ads_only`: PROTECTED, its Pins shown only as ads), made on first
   * use: a Pin is created on a board (pins/create), and an ad's Pin belongs on none of the public ones.
   */
  async function adOnlyBoard(call: PlatformCall, account: string): Promise<string> {
    const query = { ad_account_id: account };
    const boards = await pin.all<PinterestBoard>(call, '/boards', { ...query, privacy: 'PROTECTED' });
    const found = boards.find((b) => b.is_ads_only);
    if (found) return found.id;
    const body = { name: 'Ad-only Pins', is_ads_only: true };
    return (await pin.post<PinterestBoard>(call, '/boards', body, [], query)).id;
  }

  /**
   * `PATCH ads` with one item: the ad as Pinterest holds it afterwards, with its Pin and the image
   * adlink made it with (Pinterest keeps no id for it).
   */
  async function patch(call: PlatformCall, ad: Ad, update: ReturnType<typeof adUpdate>) {
    const path = `${accountPath(ad.advertiser)}/ads`;
    const patched = await pin.writeOne<PinterestAd>(call, 'PATCH', path, update.item, update.sources);
    const media = ad.creative.kind === 'ImageAd' ? ad.creative.media : undefined;
    return toAd(patched, await pinOf(call, patched), media);
  }

  const read = (call: PlatformCall, id: string) =>
    inSomeAccount(call, id, (account) => pin.get<PinterestAd>(call, `${accountPath(account)}/ads/${id}`));

  return {
    capabilities: {
      creatives: {
        ImageAd: {
          // PinCreate: title ≤ 100, description ≤ 800 (the OpenAPI's maxLength), both optional.
          headline: { maxLength: 100, required: false },
          text: { maxLength: 800, required: false },
          callToAction: { required: false, values: PINTEREST_CALLS_TO_ACTION },
          additionalMedia: 0,
          // 2:3 is recommended, other ratios are taken (and may be cut off in feeds).
          imageRatios: [],
          requiredRatios: [],
        },
      },
      refusals: {
        SearchAd: 'Pinterest ads promote Pins; it has no text ads for search (run an ImageAd).',
      },
      // An ad's pin_id "may only be updated for draft ads", and updating a Pin is a beta not open to all apps.
      creativeUpdates: false,
      createStatuses: ['Running', 'Paused'],
      updateStatuses: ['Running', 'Paused', 'Archived'],
      deletion: 'soft',
    },

    async list(call, advertiser) {
      const ads = await pin.all<PinterestAd>(call, `${accountPath(advertiser.id)}/ads`, ALL_STATUSES);
      return mapBounded(ads, PIN_FAN_OUT, (ad) => complete(call, ad));
    },

    async get(call, id) {
      const ad = await read(call, id);
      return ad ? complete(call, ad) : null;
    },

    async create(call, input, { account, adSet, media }) {
      const creative = input.creative;
      if (creative.kind !== 'ImageAd')
        throw new PlatformInputError('creative', 'Pinterest ads are ImageAds.');
      const [image] = media;
      // The media service hands inline images over with their bytes (or refuses them as no longer kept).
      if (!image?.file) throw new PlatformError('rejected', 'a Pinterest ad needs its image inline');
      const objective = adSet.settings.find((s) => s.kind === 'Objective')?.objective;
      const callToAction = callToActionOf(creative, objective);
      const board = await adOnlyBoard(call, account.id);
      const made = await pin.post<PinterestPin>(
        call,
        '/pins',
        pinCreate(creative, image.file, board),
        PIN_SOURCES,
        {
          ad_account_id: account.id,
        },
      );
      const { item, sources } = adCreate(input, made.id, callToAction);
      const path = `${accountPath(account.id)}/ads`;
      const ad = await pin.writeOne<PinterestAd>(call, 'POST', path, item, sources);
      return toAd(ad, made, image.media.id);
    },

    async update(call, ad, changes) {
      return patch(call, ad, adUpdate(ad.id, changes));
    },

    /** Pinterest has no DELETE for ads: archived, the ad stays readable as Archived. */
    async delete(call, ad) {
      return patch(call, ad, adUpdate(ad.id, { status: 'Archived' }));
    },
  };
}
