import express, { Router } from 'express';
import type { GoogleAdsState, PolicyTopicEntry } from './model.js';

/** enums/policy_approval_status.proto, policy_review_status.proto, policy_topic_entry_type.proto (v25). */
export const APPROVAL_STATUSES = [
  'APPROVED',
  'APPROVED_LIMITED',
  'AREA_OF_INTEREST_ONLY',
  'DISAPPROVED',
  'UNKNOWN',
];
export const REVIEW_STATUSES = ['REVIEW_IN_PROGRESS', 'REVIEWED', 'UNDER_APPEAL', 'ELIGIBLE_MAY_SERVE'];
export const TOPIC_TYPES = [
  'PROHIBITED',
  'LIMITED',
  'FULLY_LIMITED',
  'DESCRIPTIVE',
  'BROADENING',
  'AREA_OF_INTEREST_ONLY',
];

function refusal(body: Record<string, unknown>): string | undefined {
  const { approvalStatus, reviewStatus = 'REVIEWED', policyTopicEntries = [] } = body;
  if (!APPROVAL_STATUSES.includes(approvalStatus as string))
    return `approvalStatus must be one of ${APPROVAL_STATUSES.join(', ')}`;
  if (!REVIEW_STATUSES.includes(reviewStatus as string))
    return `reviewStatus must be one of ${REVIEW_STATUSES.join(', ')}`;
  const entries = Array.isArray(policyTopicEntries)
    ? (policyTopicEntries as Record<string, unknown>[])
    : null;
  const valid = entries?.every(
    (e) => typeof e?.topic === 'string' && e.topic !== '' && TOPIC_TYPES.includes(e.type as string),
  );
  if (!valid)
    return `policyTopicEntries must be a list of {topic, type} with type one of ${TOPIC_TYPES.join(', ')}`;
  return undefined;
}

/**
 * `POST /_emulator/review {"customerId", "adId", "approvalStatus", "reviewStatus"?, "policyTopicEntries"?}`:
 * Google's review outcome for an ad (its `policy_summary`), which new and edited ads await as
 * REVIEW_IN_PROGRESS / UNKNOWN. `reviewStatus` defaults to REVIEWED.
 */
export function reviewControls(state: GoogleAdsState): Router {
  const router = Router();
  router.post('/_emulator/review', express.json({ limit: '10kb' }), (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const refused = refusal(body);
    if (refused) return res.status(400).json({ error: refused });
    const account = state.accounts.get(String(body.customerId));
    const ads = [...(account?.ads.values() ?? [])].filter((a) => a.ad.id === String(body.adId));
    if (ads.length === 0) return res.status(404).json({ error: 'no such ad in this customer' });
    const policySummary = {
      approvalStatus: body.approvalStatus as string,
      reviewStatus: (body.reviewStatus as string | undefined) ?? 'REVIEWED',
      policyTopicEntries: ((body.policyTopicEntries ?? []) as PolicyTopicEntry[]).map(({ topic, type }) => ({
        topic,
        type,
      })),
    };
    for (const ad of ads) ad.policySummary = policySummary;
    res.json({ policySummary });
  });
  return router;
}
