import type { AdAdapter } from '../../ads/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import { AD_FIELDS, toSnapAd, toSnapAdChanges, toSnapCreative } from './ad-body.js';
import { READ_DELETED } from './campaigns.js';
import type { SnapClient } from './client.js';
import { NOT_FOUND_CODE } from './errors.js';
import { SNAP_CALLS_TO_ACTION, toUnifiedAd } from './mapping.js';
import { TOP_SNAP_RATIO } from './media.js';
import type { SnapAd, SnapAdSquad, SnapCreative, SnapMedia } from './model.js';

const id = (value: string) => encodeURIComponent(value);

/**
 * Snap ads: an ImageAd is a WEB_VIEW creative (`POST /adaccounts/{id}/creatives`: the image as Top
 * Snap, headline, brand name, call to action, web view) shown by a REMOTE_WEBPAGE ad (`POST
 * /adsquads/{id}/ads`). Ads and creatives are replaced whole with `PUT`; `DELETE /ads/{id}` is soft.
 */
export function snapchatAds(snap: SnapClient): AdAdapter {
  const one = async <T>(call: PlatformCall, path: string, plural: string, singular: string) => {
    try {
      return (await snap.get<T>(call, { path, plural, singular, query: READ_DELETED }))[0] ?? null;
    } catch (err) {
      if (err instanceof PlatformError && err.code === NOT_FOUND_CODE) return null;
      throw err;
    }
  };

  /** The ad as Snap has it (deleted ones included) with its squad, or null when it is not the customer's. */
  async function readAd(call: PlatformCall, adId: string) {
    const ad = await one<SnapAd>(call, `/ads/${id(adId)}`, 'ads', 'ad');
    const squad =
      ad && (await one<SnapAdSquad>(call, `/adsquads/${id(ad.ad_squad_id)}`, 'adsquads', 'adsquad'));
    return ad && squad && call.accounts.some((a) => a.id === squad.ad_account_id) ? { ad, squad } : null;
  }

  async function unified(call: PlatformCall, ad: SnapAd, squad: SnapAdSquad) {
    const creative = await one<SnapCreative>(
      call,
      `/creatives/${id(ad.creative_id)}`,
      'creatives',
      'creative',
    );
    const mediaId = creative?.top_snap_media_id;
    const media = mediaId ? await one<SnapMedia>(call, `/media/${id(mediaId)}`, 'media', 'media') : null;
    const where = { advertiser: squad.ad_account_id, campaignId: squad.campaign_id };
    return toUnifiedAd(ad, where, creative ?? undefined, media ?? undefined);
  }

  async function mustRead(call: PlatformCall, adId: string) {
    const found = await readAd(call, adId);
    if (!found) throw new PlatformError('rejected', `Snapchat did not return ad ${adId}`);
    return found;
  }

  return {
    capabilities: {
      creatives: {
        ImageAd: {
          headline: { required: true, maxLength: 34 },
          businessName: { required: true, maxLength: 32 },
          callToAction: { required: false, values: SNAP_CALLS_TO_ACTION },
          additionalMedia: 0,
          imageRatios: [TOP_SNAP_RATIO],
          requiredRatios: [],
        },
      },
      refusals: {
        SearchAd: 'Snapchat has no search ads: its ads are full-screen Snaps (a Top Snap image or video).',
      },
      creativeUpdates: true,
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused'],
      deletion: 'soft',
    },

    /** Four lists, one after the other: the account's ads (deleted ones too), squads, creatives and media. */
    async list(call, advertiser) {
      const under = (plural: string, singular: string, query = {}) => ({
        path: `/adaccounts/${id(advertiser.id)}/${plural}`,
        plural,
        singular,
        query,
      });
      const ads = await snap.all<SnapAd>(call, under('ads', 'ad', READ_DELETED));
      const squads = await snap.all<SnapAdSquad>(call, under('adsquads', 'adsquad', READ_DELETED));
      const creatives = await snap.all<SnapCreative>(call, under('creatives', 'creative'));
      const media = await snap.all<SnapMedia>(call, under('media', 'media'));
      const campaignOf = new Map(squads.map((s) => [s.id, s.campaign_id]));
      const creativeOf = new Map(creatives.map((c) => [c.id, c]));
      const mediaOf = new Map(media.map((m) => [m.id, m]));
      return ads.map((ad) => {
        const creative = creativeOf.get(ad.creative_id);
        const where = { advertiser: advertiser.id, campaignId: campaignOf.get(ad.ad_squad_id) ?? '' };
        return toUnifiedAd(ad, where, creative, mediaOf.get(creative?.top_snap_media_id ?? ''));
      });
    },

    async get(call, adId) {
      const found = await readAd(call, adId);
      return found && unified(call, found.ad, found.squad);
    },

    async create(call, input, { account, adSet }) {
      const { creative, fields } = toSnapCreative(input.name, input.creative, account.id);
      const creatives = {
        path: `/adaccounts/${id(account.id)}/creatives`,
        plural: 'creatives',
        singular: 'creative',
      };
      const written = await snap.write<SnapCreative>(call, 'POST', creatives, creative, fields);
      const ads = { path: `/adsquads/${id(adSet.id)}/ads`, plural: 'ads', singular: 'ad' };
      const ad = await snap.write<SnapAd>(call, 'POST', ads, toSnapAd(input, written.id), AD_FIELDS);
      const where = { advertiser: account.id, campaignId: adSet.parentId };
      return toUnifiedAd(ad, where, written, {
        id: written.top_snap_media_id!,
        ad_account_id: account.id,
        type: 'IMAGE',
      });
    },

    /** The creative is replaced in place (Snap reviews it again); name and status replace the whole ad. */
    async update(call, current, changes) {
      const { ad, squad } = await mustRead(call, current.id);
      if (ad.deleted)
        throw new PlatformInputError('id', `Snapchat ad ${current.id} is deleted and cannot change.`);
      if (changes.creative) {
        const { creative, fields } = toSnapCreative(ad.name, changes.creative, squad.ad_account_id);
        const list = {
          path: `/adaccounts/${id(squad.ad_account_id)}/creatives`,
          plural: 'creatives',
          singular: 'creative',
        };
        await snap.write(call, 'PUT', list, { ...creative, id: ad.creative_id }, fields);
      }
      if (changes.name !== undefined || changes.status !== undefined) {
        const list = { path: `/adsquads/${id(ad.ad_squad_id)}/ads`, plural: 'ads', singular: 'ad' };
        await snap.write(call, 'PUT', list, toSnapAdChanges(ad, changes), AD_FIELDS);
      }
      const now = await mustRead(call, current.id);
      return unified(call, now.ad, now.squad);
    },

    async delete(call, current) {
      await snap.delete(call, `/ads/${id(current.id)}`);
      const { ad, squad } = await mustRead(call, current.id);
      return unified(call, ad, squad);
    },
  };
}
