import type { Ad, Creative } from '../../ads/model.js';
import type { AdAdapter, AdContext } from '../../ads/port.js';
import type { AdSet } from '../../adsets/model.js';
import type { ResolvedMedia } from '../../media/model.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { addAdsBody, nameParameters, updateAdsBody } from './ad-body.js';
import { AD_CAPABILITIES } from './ad-rules.js';
import { accepted, campaignById, campaignsOf, isMicrosoftId } from './campaign-reads.js';
import type { AccountApi, MicrosoftAdsApi } from './client.js';
import { AD_PARAMS } from './errors.js';
import { type AdPlace, EXPLAINED_STATUSES, toUnifiedAd } from './mapping.js';
import { imageKindOf } from './media.js';
import type { AdGroup, BatchError, EditorialReasonCollection, Ad as MicrosoftAd } from './model.js';

/** Every AdType: Get operations answer only the types asked for. */
const AD_TYPES = [
  'Text',
  'Image',
  'Product',
  'AppInstall',
  'ExpandedText',
  'DynamicSearch',
  'ResponsiveAd',
  'ResponsiveSearch',
  'Hotel',
];
/** Performance Max campaigns hold asset groups, not ad groups. */
const WITHOUT_AD_GROUPS = 'PerformanceMax';
/** "The list can contain a maximum of 1,000 identifiers" (GetEditorialReasonsByIds). */
const REASONS_PAGE = 1000;

/** An ad found in the customer's accounts, with the API of its account. */
interface Located {
  api: AccountApi;
  place: AdPlace;
  ad: MicrosoftAd;
}

const adsIn = async (api: AccountApi, AdGroupId: string) =>
  (
    await api.request<{ Ads?: MicrosoftAd[] }>('POST', '/Ads/QueryByAdGroupId', {
      AdGroupId,
      AdTypes: AD_TYPES,
    })
  ).Ads ?? [];

async function adById(api: AccountApi, AdGroupId: string, id: string): Promise<MicrosoftAd | null> {
  const { Ads } = await api.request<{ Ads?: (MicrosoftAd | null)[] }>('POST', '/Ads/QueryByIds', {
    AdGroupId,
    AdIds: [id],
    AdTypes: AD_TYPES,
  });
  return Ads?.[0] ?? null;
}

/** Why ads failed editorial review (all or some markets), by ad id: only those ads are asked about. */
async function reasonsOf(api: AccountApi, ads: { ad: MicrosoftAd; place: AdPlace }[]) {
  const explained = ads.filter(({ ad }) => EXPLAINED_STATUSES.includes(ad.EditorialStatus ?? ''));
  const reasons = new Map<string, EditorialReasonCollection>();
  for (let i = 0; i < explained.length; i += REASONS_PAGE) {
    const { EditorialReasons } = await api.request<{
      EditorialReasons?: (EditorialReasonCollection | null)[];
    }>('POST', '/EditorialReasons/QueryByIds', {
      AccountId: api.accountId,
      EntityType: 'Ad',
      EntityIdToParentIdAssociations: explained
        .slice(i, i + REASONS_PAGE)
        .map(({ ad, place }) => ({ EntityId: ad.Id, ParentId: place.adGroupId })),
    });
    for (const found of EditorialReasons ?? [])
      if (found?.AdOrKeywordId) reasons.set(found.AdOrKeywordId, found);
  }
  return reasons;
}

async function unified(api: AccountApi, ads: { ad: MicrosoftAd; place: AdPlace }[]): Promise<Ad[]> {
  const reasons = await reasonsOf(api, ads);
  return ads.map(({ ad, place }) => toUnifiedAd(ad, place, reasons.get(ad.Id ?? '')));
}

/** Every ad group of the account with its campaign: Microsoft reads ad groups per campaign. */
async function adGroupsOf(api: AccountApi): Promise<{ adGroup: AdGroup; campaignId: string }[]> {
  const found: { adGroup: AdGroup; campaignId: string }[] = [];
  for (const campaign of await campaignsOf(api)) {
    if (campaign.CampaignType === WITHOUT_AD_GROUPS) continue;
    const { AdGroups } = await api.request<{ AdGroups?: AdGroup[] }>('POST', '/AdGroups/QueryByCampaignId', {
      CampaignId: campaign.Id,
    });
    for (const adGroup of AdGroups ?? []) found.push({ adGroup, campaignId: campaign.Id ?? '' });
  }
  return found;
}

/**
 * Where a new ad of the ad set may go, checked before any call: both kinds run in Search campaigns
 * (a ResponsiveSearch ad nowhere else; a ResponsiveAd elsewhere is an audience or video ad, which
 * takes other fields), and a multimedia ad's images must each be one of its image kinds, once.
 */
function checkPlacement(adSet: AdSet, creative: Creative, media: ResolvedMedia[]): void {
  const type = adSet.settings.find((s) => s.kind === 'Objective')?.objective;
  if (type !== 'Search') {
    throw new PlatformInputError(
      'adSetId',
      `Microsoft runs adlink's ${creative.kind}s in Search campaigns; ad group ${adSet.id} is in a ${type ?? 'another'} campaign.`,
    );
  }
  const seen = new Set<string>();
  media.forEach(({ media: image }, i) => {
    const param = i === 0 ? 'creative.media' : `creative.additionalMedia[${i - 1}]`;
    const kind = imageKindOf(image.width, image.height);
    if (kind && (image.width < kind.width || image.height < kind.height)) {
      throw new PlatformInputError(
        param,
        `Microsoft multimedia ads take ${kind.ratio.name} images of at least ${kind.width}×${kind.height}; ${image.id} is ${image.width}×${image.height}.`,
      );
    }
    if (seen.has(image.id)) throw new PlatformInputError(param, `Image ${image.id} is given twice.`);
    seen.add(image.id);
  });
}

/**
 * The language a multimedia ad's call to action is served in, which Microsoft requires: the campaign's
 * language, else its ad group's (a campaign without languages leaves one to each ad group).
 */
async function callToActionLanguage(api: AccountApi, adSet: AdSet): Promise<string> {
  const campaign = await campaignById(api, adSet.parentId);
  const language = campaign?.Languages?.find((l) => l !== 'All');
  if (language) return language;
  const { AdGroups } = await api.request<{ AdGroups?: (AdGroup | null)[] }>('POST', '/AdGroups/QueryByIds', {
    CampaignId: adSet.parentId,
    AdGroupIds: [adSet.id],
  });
  const own = AdGroups?.[0]?.Language;
  if (own) return own;
  throw new PlatformInputError(
    'creative.callToAction',
    `Microsoft serves a call to action in one language, the campaign's or ad group's; campaign ${adSet.parentId} targets all languages and ad group ${adSet.id} names none.`,
  );
}

/**
 * Microsoft Advertising's ads (AddAds, UpdateAds, DeleteAds in an ad group) as adlink's: responsive
 * search ads and multimedia ads, their editorial review, the unified name in a custom parameter.
 */
export function microsoftAds(ms: MicrosoftAdsApi): AdAdapter {
  /** Where an ad is: Microsoft reads ads by id only within an ad group, so each is asked in turn. */
  async function locate(call: PlatformCall, id: string): Promise<Located | null> {
    if (!isMicrosoftId(id)) return null;
    for (const account of call.accounts) {
      const api = await ms.account(call, account.id);
      for (const { adGroup, campaignId } of await adGroupsOf(api)) {
        const ad = await adById(api, adGroup.Id ?? '', id);
        if (ad) return { api, ad, place: { accountId: account.id, adGroupId: adGroup.Id ?? '', campaignId } };
      }
    }
    return null;
  }

  /** The ad as Microsoft holds it now, in the ad group the unified ad names. */
  async function current(call: PlatformCall, ad: Ad): Promise<Located> {
    const api = await ms.account(call, ad.advertiser);
    const found = await adById(api, ad.adSetId, ad.id);
    if (!found)
      throw new PlatformInputError('id', `No Microsoft Advertising ad ${ad.id} in ad group ${ad.adSetId}.`);
    return {
      api,
      ad: found,
      place: { accountId: ad.advertiser, adGroupId: ad.adSetId, campaignId: ad.campaignId },
    };
  }

  async function readBack(api: AccountApi, place: AdPlace, id: string): Promise<Ad> {
    const ad = await adById(api, place.adGroupId, id);
    if (!ad) throw new PlatformError('rejected', `Microsoft Advertising lost ad ${id}`);
    const [read] = await unified(api, [{ ad, place }]);
    return read!;
  }

  return {
    capabilities: AD_CAPABILITIES,

    async list(call, advertiser: AdAccount) {
      const api = await ms.account(call, advertiser.id);
      const ads: { ad: MicrosoftAd; place: AdPlace }[] = [];
      for (const { adGroup, campaignId } of await adGroupsOf(api)) {
        const place = { accountId: advertiser.id, adGroupId: adGroup.Id ?? '', campaignId };
        for (const ad of await adsIn(api, place.adGroupId)) ads.push({ ad, place });
      }
      return unified(api, ads);
    },

    async get(call, id) {
      const found = await locate(call, id);
      return found ? (await unified(found.api, [found]))[0]! : null;
    },

    async create(call, input, context: AdContext) {
      checkPlacement(context.adSet, input.creative, context.media);
      // The body is built after the language is read: its name is checked before any call.
      nameParameters(input.name);
      const api = await ms.account(call, context.account.id);
      const language =
        input.creative.kind === 'ImageAd' ? await callToActionLanguage(api, context.adSet) : undefined;
      const { AdIds } = accepted(
        await api.request<{ AdIds?: (string | null)[]; PartialErrors?: BatchError[] }>(
          'POST',
          '/Ads',
          addAdsBody(input, context.media, language),
        ),
        AD_PARAMS,
      );
      const id = AdIds?.[0];
      if (!id) throw new PlatformError('rejected', 'Microsoft Advertising answered AddAds without an ad id');
      const place = {
        accountId: context.account.id,
        adGroupId: input.adSetId,
        campaignId: context.adSet.parentId,
      };
      return readBack(api, place, id);
    },

    async update(call, ad, changes, context) {
      if (changes.creative) checkPlacement(context.adSet, changes.creative, context.media);
      const { api, ad: held, place } = await current(call, ad);
      accepted(
        await api.request<{ PartialErrors?: BatchError[] }>(
          'PUT',
          '/Ads',
          updateAdsBody(
            { Id: ad.id, Type: held.Type ?? '', parameters: held.UrlCustomParameters?.Parameters ?? [] },
            ad.adSetId,
            changes,
            context.media,
          ),
        ),
        AD_PARAMS,
      );
      return readBack(api, place, ad.id);
    },

    /** DeleteAds is final: the ad is gone from every read, so the answer is built here. */
    async delete(call, ad) {
      const api = await ms.account(call, ad.advertiser);
      accepted(
        await api.request<{ PartialErrors?: BatchError[] }>('DELETE', '/Ads', {
          AdGroupId: ad.adSetId,
          AdIds: [ad.id],
        }),
        AD_PARAMS,
      );
      return { ...ad, status: 'Deleted' };
    },
  };
}
