import type { Ad, CallToAction, ReadCreative, Review } from '../../ads/model.js';
import type { AdSet, Setting } from '../../adsets/model.js';
import type { Campaign, CampaignSetting } from '../../campaigns/model.js';
import { LINKEDIN_CALLS_TO_ACTION } from './ad-body.js';
import type * as LinkedIn from './model.js';
import { fromMoneyAmount } from './money.js';
import { urnId } from './restli.js';
import { toRuntime } from './schedule.js';
import { isRunnable, toAdSetStatus } from './status.js';

/** LinkedIn's levels: campaign group (adlink campaign) → campaign (ad set) → creative (ad). */

export function toAdSet(campaign: LinkedIn.Campaign): AdSet {
  const settings: Setting[] = [];
  for (const [kind, money] of [
    ['DailyBudget', campaign.dailyBudget],
    ['TotalBudget', campaign.totalBudget],
  ] as const) {
    if (money) settings.push({ kind, budget: fromMoneyAmount(money), currency: money.currencyCode });
  }
  if (campaign.objectiveType) settings.push({ kind: 'Objective', objective: campaign.objectiveType });
  if (campaign.runSchedule) settings.push(toRuntime(campaign.runSchedule));
  return {
    id: String(campaign.id),
    name: campaign.name,
    platform: 'linkedin',
    status: toAdSetStatus(campaign.status, isRunnable(campaign.servingStatuses)),
    advertiser: urnId(campaign.account),
    parentId: urnId(campaign.campaignGroup),
    channelKind: 'Social',
    settings,
    // LinkedIn targets audiences (facets and geo URNs), none of which is a unified targeting kind.
    targetings: [],
    created_at: new Date(campaign.changeAuditStamps?.created?.time ?? 0).toISOString(),
  };
}

/**
 * A campaign group as adlink's campaign: its total budget and its schedule. A group's objective is
 * LinkedIn's `objectiveType` on the group, which every campaign in it then has (null where the group
 * leaves the objective to its campaigns).
 */
export function toCampaign(group: LinkedIn.CampaignGroup): Campaign {
  const settings: CampaignSetting[] = [];
  if (group.totalBudget) {
    settings.push({
      kind: 'TotalBudget',
      budget: fromMoneyAmount(group.totalBudget),
      currency: group.totalBudget.currencyCode,
    });
  }
  if (group.runSchedule) settings.push(toRuntime(group.runSchedule));
  return {
    id: String(group.id),
    name: group.name,
    platform: 'linkedin',
    status: toAdSetStatus(group.status, isRunnable(group.servingStatuses)),
    advertiser: urnId(group.account),
    objective: group.objectiveType ?? null,
    channelKind: 'Social',
    settings,
  };
}

/**
 * A creative's review: PENDING, NEEDS_REVIEW (LinkedIn's content model left it to a person) and no
 * review yet (a DRAFT) are Pending; APPROVED is Approved; REJECTED is Rejected with LinkedIn's
 * `rejectionReasons`. LinkedIn has no limited approval.
 */
export function toReview(review: LinkedIn.Creative['review']): Review {
  if (review?.status === 'APPROVED') return { status: 'Approved', reasons: [] };
  const reasons = review?.rejectionReasons ?? [];
  return { status: review?.status === 'REJECTED' ? 'Rejected' : 'Pending', reasons };
}

const CALL_TO_ACTION_OF = new Map(
  Object.entries(LINKEDIN_CALLS_TO_ACTION).map(([unified, label]) => [label, unified as CallToAction]),
);

/** A post with an image and a landing page is an ImageAd; others are LinkedIn's formats adlink reads only. */
export function toCreative(post: LinkedIn.Post | null, reference: string): ReadCreative {
  if (!post) return { kind: 'Other', format: reference.split(':')[2] ?? 'UNKNOWN' };
  const media = post.content?.media;
  if (media?.id.startsWith('urn:li:image:') && post.contentLandingPage) {
    const cta = post.contentCallToActionLabel && CALL_TO_ACTION_OF.get(post.contentCallToActionLabel);
    return {
      kind: 'ImageAd',
      media: media.id,
      additionalMedia: [],
      ...(media.title === undefined ? {} : { headline: media.title }),
      text: post.commentary ?? '',
      url: post.contentLandingPage,
      ...(cta ? { callToAction: cta } : {}),
      identity: post.author,
    };
  }
  if (media?.id.startsWith('urn:li:video:')) return { kind: 'Other', format: 'SINGLE_VIDEO' };
  if (media?.id.startsWith('urn:li:document:')) return { kind: 'Other', format: 'DOCUMENT' };
  const content = post.content ?? {};
  const format = content.carousel
    ? 'CAROUSEL'
    : content.article
      ? 'ARTICLE'
      : content.multiImage
        ? 'MULTI_IMAGE'
        : media
          ? 'SINGLE_IMAGE'
          : 'TEXT';
  return { kind: 'Other', format };
}

/** A creative (with the post it sponsors, and its campaign's group) as adlink's ad. */
export function creativeToAd(
  creative: LinkedIn.Creative,
  post: LinkedIn.Post | null,
  campaignGroup: string,
): Ad {
  const id = urnId(creative.id);
  return {
    id,
    name: creative.name ?? id,
    platform: 'linkedin',
    // An ACTIVE creative delivers only when approved and its campaign serves (LinkedIn's isServing).
    status: toAdSetStatus(creative.intendedStatus, creative.isServing ?? false),
    advertiser: urnId(creative.account ?? ''),
    adSetId: urnId(creative.campaign),
    campaignId: urnId(campaignGroup),
    creative: toCreative(post, creative.content?.reference ?? ''),
    review: toReview(creative.review),
    created_at: new Date(creative.createdAt ?? 0).toISOString(),
  };
}
