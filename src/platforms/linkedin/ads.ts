import type { Ad } from '../../ads/model.js';
import type { AdAdapter } from '../../ads/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import { accountPath, inSomeAccount } from './accounts.js';
import { creativeBody, creativeParams, LINKEDIN_CALLS_TO_ACTION, postBody, postParams } from './ad-body.js';
import type { LinkedInClient } from './client.js';
import { creativeToAd } from './mapping.js';
import { IMAGE_RATIOS } from './media.js';
import { CAMPAIGN_STATUSES, type Campaign, type Creative, type Post, type PostBatch } from './model.js';
import { restliQuery, urnId } from './restli.js';
import { CREATIVE_STATUS } from './status.js';

/** Posts a creative may sponsor and adlink reads; other content (InMail, jobs) is read by its type. */
const POST_URN = /^urn:li:(share|ugcPost):/;
/** Posts per batch read: keeps the `ids=List(…)` query well under LinkedIn's URL limit. */
const POST_BATCH = 40;

/**
 * LinkedIn creatives as adlink's ads. An ImageAd is single image Sponsored Content: a dark post by
 * the campaign's organization, then a creative of the campaign sponsoring it. A creative's content
 * is fixed once created (only its name and status change); a DRAFT creative is deleted, any other
 * set to PENDING_DELETION, as LinkedIn wants.
 */
export function linkedinAds(li: LinkedInClient): AdAdapter {
  const creativePath = (account: string, id: string) =>
    `${accountPath(account)}/creatives/${encodeURIComponent(`urn:li:sponsoredCreative:${id}`)}`;
  const campaignPath = (account: string, id: string) =>
    `${accountPath(account)}/adCampaigns/${encodeURIComponent(id)}`;

  /** The posts the creatives sponsor, by URN, read in batches (BATCH_GET); a post LinkedIn lacks is absent. */
  async function postsOf(call: PlatformCall, creatives: Creative[]): Promise<Map<string, Post>> {
    const references = [
      ...new Set(creatives.map((c) => c.content?.reference ?? '').filter((r) => POST_URN.test(r))),
    ];
    const posts = new Map<string, Post>();
    for (let i = 0; i < references.length; i += POST_BATCH) {
      const ids = references.slice(i, i + POST_BATCH);
      const { body } = await li.request(call, `/posts?${restliQuery({ ids })}`, {
        restliMethod: 'batch_get',
      });
      for (const post of Object.values((body as PostBatch | undefined)?.results ?? {}))
        posts.set(post.id, post);
    }
    return posts;
  }

  /** The ads of the creatives, with their posts and their campaigns' groups (`groupOf`: campaign id → group URN). */
  async function toAds(call: PlatformCall, creatives: Creative[], groupOf: (campaign: string) => string) {
    const posts = await postsOf(call, creatives);
    return creatives.map((c) =>
      creativeToAd(c, posts.get(c.content?.reference ?? '') ?? null, groupOf(urnId(c.campaign))),
    );
  }

  async function toUnified(call: PlatformCall, account: string, creative: Creative): Promise<Ad> {
    const campaign = await li.get<Campaign>(call, campaignPath(account, urnId(creative.campaign)));
    return (await toAds(call, [creative], () => campaign.campaignGroup))[0]!;
  }

  const read = async (call: PlatformCall, account: string, id: string) =>
    toUnified(call, account, await li.get<Creative>(call, creativePath(account, id)));

  const locate = (call: PlatformCall, id: string) =>
    inSomeAccount(call, id, (account) => li.get<Creative>(call, creativePath(account, id)));

  async function patchCreative(call: PlatformCall, ad: Ad, set: Record<string, unknown>) {
    await li.request(call, creativePath(ad.advertiser, ad.id), {
      method: 'POST',
      restliMethod: 'partial_update',
      body: { patch: { $set: set } },
      param: creativeParams,
    });
    return read(call, ad.advertiser, ad.id);
  }

  return {
    capabilities: {
      creatives: {
        ImageAd: {
          // Single Image Ads specs: intro text up to 600 characters, headline up to 200.
          text: { required: true, maxLength: 600 },
          headline: { required: false, maxLength: 200 },
          identity: { required: false },
          callToAction: { required: false, values: LINKEDIN_CALLS_TO_ACTION },
          additionalMedia: 0,
          imageRatios: IMAGE_RATIOS,
          requiredRatios: [],
        },
      },
      refusals: {
        SearchAd: 'LinkedIn has no search ads; its campaigns run Sponsored Content in the feed (ImageAd).',
      },
      // The creative's content (the post it sponsors) is fixed once created: a new ad changes it.
      creativeUpdates: false,
      createStatuses: ['Running', 'Paused'],
      updateStatuses: ['Running', 'Paused', 'Archived'],
      deletion: 'soft',
    },

    async list(call, advertiser) {
      const path = accountPath(advertiser.id);
      const campaigns = await li.allPages<Campaign>(
        call,
        `${path}/adCampaigns?${restliQuery({ q: 'search', search: { status: { values: [...CAMPAIGN_STATUSES] } } })}`,
      );
      const groups = new Map(campaigns.map((c) => [String(c.id), c.campaignGroup]));
      const creatives = await li.allPages<Creative>(
        call,
        `${path}/creatives?${restliQuery({ q: 'criteria' })}`,
      );
      return toAds(call, creatives, (campaign) => groups.get(campaign) ?? '');
    },

    async get(call, id) {
      const found = await locate(call, id);
      return found ? toUnified(call, found.account, found.found) : null;
    },

    async create(call, input, { account }) {
      const creative = input.creative;
      if (creative.kind !== 'ImageAd') throw new PlatformInputError('creative', 'LinkedIn ads are ImageAds.');
      const campaign = await li.get<Campaign>(call, campaignPath(account.id, input.adSetId));
      const author = campaign.associatedEntity;
      if (!author?.startsWith('urn:li:organization:')) {
        throw new PlatformInputError(
          'adSetId',
          `LinkedIn campaign ${input.adSetId} promotes no organization.`,
        );
      }
      if (creative.identity !== undefined && creative.identity !== author) {
        throw new PlatformInputError(
          'creative.identity',
          `LinkedIn ads of campaign ${input.adSetId} speak as its organization ${author}; leave identity out or give that one.`,
        );
      }
      const post = await li.request(call, '/posts', {
        method: 'POST',
        restliMethod: 'create',
        body: postBody(creative, account.id, author),
        param: postParams,
      });
      if (!post.createdId)
        throw new PlatformError('rejected', 'LinkedIn answered a post without x-restli-id');
      const created = await li.request(call, `${accountPath(account.id)}/creatives`, {
        method: 'POST',
        restliMethod: 'create',
        body: creativeBody(input, post.createdId),
        param: creativeParams,
      });
      if (!created.createdId) {
        throw new PlatformError('rejected', 'LinkedIn answered a creative without x-restli-id');
      }
      return read(call, account.id, urnId(created.createdId));
    },

    async update(call, ad, changes) {
      const set: Record<string, unknown> = {};
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.status !== undefined) set.intendedStatus = CREATIVE_STATUS[changes.status];
      return patchCreative(call, ad, set);
    },

    async delete(call, ad) {
      const creative = await li.get<Creative>(call, creativePath(ad.advertiser, ad.id));
      if (creative.intendedStatus !== 'DRAFT')
        return patchCreative(call, ad, { intendedStatus: 'PENDING_DELETION' });
      await li.request(call, creativePath(ad.advertiser, ad.id), {
        method: 'DELETE',
        restliMethod: 'delete',
      });
      return { ...ad, status: 'Deleted' };
    },
  };
}
