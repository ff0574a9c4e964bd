import type { Ad, AdReview, Creative } from '../../platforms/sandbox/model.js';

/**
 * The words the sandbox's review rejects an ad for (src/sandbox/README.md), so vendors can test a
 * rejection offline: whole words, in any case, in any text of the creative.
 */
export const REJECTED_WORDS = ['miracle', 'guaranteed'] as const;

/** How long an ad's review takes unless the test control (`PUT /_test/review_delay`) says otherwise. */
export const DEFAULT_REVIEW_DELAY_MS = 5_000;

/** An ad as the sandbox keeps it: the review is decided when the creative is set and shown once due. */
export type StoredAd = Omit<Ad, 'review' | 'campaign_id' | 'account_id'> & {
  /** When the review ends (ISO 8601); absent on ads the review never saw (demo data, test ads). */
  review_due?: string;
  /** Why the review rejects the ad (empty: approved). */
  rejections?: string[];
};

const texts = (creative: Creative): string[] => {
  switch (creative.type) {
    case 'SEARCH':
      return [...creative.headlines, ...creative.descriptions, creative.path1 ?? '', creative.path2 ?? ''];
    case 'IMAGE':
      return [creative.title, creative.body ?? ''];
    default:
      return [];
  }
};

/** The review's reasons to reject the creative: one per rejected word it holds. */
export function rejectionsOf(creative: Creative): string[] {
  const words = new Set(texts(creative).flatMap((t) => t.toLowerCase().split(/[^\p{L}\p{N}]+/u)));
  return REJECTED_WORDS.filter((w) => words.has(w)).map((w) => `Prohibited claim: "${w}"`);
}

/** The review as of `now`. */
export function reviewOf(ad: StoredAd, now: number): AdReview {
  if (ad.review_due !== undefined && now < Date.parse(ad.review_due))
    return { status: 'PENDING', reasons: [] };
  const reasons = ad.rejections ?? [];
  return { status: reasons.length ? 'REJECTED' : 'APPROVED', reasons };
}

/** The ad as the API answers it: its account and campaign from its ad set, its review as of `now`. */
export function answerAd(
  { review_due: _due, rejections: _rejections, ...ad }: StoredAd,
  adset: { campaign_id: string; account_id: string; created_time: string },
  now: number,
): Ad {
  return {
    ...ad,
    campaign_id: adset.campaign_id,
    account_id: adset.account_id,
    creative: ad.creative ?? { type: 'VIDEO' },
    review: reviewOf({ review_due: _due, rejections: _rejections, ...ad }, now),
    created_time: ad.created_time ?? adset.created_time,
  };
}
