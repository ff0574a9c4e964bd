import type { Ad, Creative, ImageAd } from '../../ads/model.js';
import type { AdAdapter, AdContext } from '../../ads/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import { toMetaAd, toMetaAdChanges, toMetaCreative } from './ad-body.js';
import { fields, type GraphClient } from './client.js';
import { orNotFound } from './errors.js';
import { AD_EFFECTIVE_STATUSES, advertiserId, META_CALLS_TO_ACTION, unifiedAd } from './mapping.js';
import { LINK_AD_RATIOS } from './media.js';
import { FIELDS, type GraphAd } from './model.js';

const SEARCH_AD_REFUSAL =
  'Meta has no search ads: its ads run in feeds, stories and the Audience Network. Use an ImageAd.';

/**
 * A link ad's texts. Meta's references give no hard length (its Ads Guide's 125 characters of text
 * and 40 of headline are what it shows before truncating); these are the lengths partners report Meta
 * refusing past, not confirmed by Meta (docs/platforms/meta.md, "Ads").
 */
const LINK_TEXT = { headline: 255, text: 2200 };

/** The creative an ad is made with: Meta takes ImageAds only (declared in the capabilities). */
function imageAd(creative: Creative): ImageAd {
  if (creative.kind !== 'ImageAd') throw new PlatformInputError('creative', SEARCH_AD_REFUSAL);
  return creative;
}

/**
 * Meta ads (`/act_{id}/ads`, `/{ad_id}`) with their creatives (`/act_{id}/adcreatives`): an ImageAd
 * is a link ad posted as one of the Pages the ad account may promote. An ad may get a new creative
 * (a new ad creative, then the ad's `creative`), which sends it back into review. Deleting is soft.
 */
export function metaAds(graph: GraphClient): AdAdapter {
  async function read(call: PlatformCall, id: string): Promise<Ad | null> {
    if (!/^\d+$/.test(id)) return null;
    const ad = await orNotFound(graph.get<GraphAd>(call, `/${id}`, fields(FIELDS.ad)));
    if (!ad || !call.accounts.some((a) => a.id === advertiserId(ad.account_id))) return null;
    return unifiedAd(ad);
  }

  async function mustRead(call: PlatformCall, id: string): Promise<Ad> {
    const ad = await read(call, id);
    if (!ad) throw new PlatformError('rejected', `Meta did not return ad ${id}`);
    return ad;
  }

  /** The ad creative of an ImageAd (the service checked its Page is one the account may promote). */
  async function createCreative(call: PlatformCall, name: string, creative: ImageAd, { account }: AdContext) {
    const { params, sources } = toMetaCreative(name, creative);
    return (await graph.post<{ id: string }>(call, `/${account.id}/adcreatives`, params, sources)).id;
  }

  return {
    capabilities: {
      creatives: {
        ImageAd: {
          headline: { required: false, maxLength: LINK_TEXT.headline },
          text: { required: true, maxLength: LINK_TEXT.text },
          identity: { required: true },
          callToAction: { required: false, values: META_CALLS_TO_ACTION },
          additionalMedia: 0,
          imageRatios: [LINK_AD_RATIOS],
          requiredRatios: [],
        },
      },
      refusals: { SearchAd: SEARCH_AD_REFUSAL },
      creativeUpdates: true,
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused', 'Archived'],
      deletion: 'soft',
    },

    async list(call, advertiser) {
      const ads = await graph.all<GraphAd>(call, `/${advertiser.id}/ads`, {
        ...fields(FIELDS.ad),
        effective_status: JSON.stringify(AD_EFFECTIVE_STATUSES),
      });
      return ads.map(unifiedAd);
    },

    get: read,

    async create(call, input, context) {
      const creativeId = await createCreative(call, input.name, imageAd(input.creative), context);
      const { params, sources } = toMetaAd(input, creativeId);
      let created: { id: string };
      try {
        created = await graph.post<{ id: string }>(call, `/${context.account.id}/ads`, params, sources);
      } catch (err) {
        // An ad creative no ad uses would stay in the account's library: take it back.
        await graph.delete(call, `/${creativeId}`).catch(() => undefined);
        throw err;
      }
      return mustRead(call, created.id);
    },

    async update(call, ad, changes, context) {
      const creativeId =
        changes.creative &&
        (await createCreative(call, changes.name ?? ad.name, imageAd(changes.creative), context));
      const { params, sources } = toMetaAdChanges(changes, creativeId);
      await graph.post(call, `/${ad.id}`, params, sources);
      return mustRead(call, ad.id);
    },

    async delete(call, ad) {
      await graph.delete(call, `/${ad.id}`);
      return mustRead(call, ad.id);
    },
  };
}
