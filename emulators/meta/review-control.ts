import express, { Router } from 'express';
import type { Ad } from './model.js';
import type { MetaStore } from './store.js';

const OUTCOMES = ['pending', 'approved', 'limited', 'rejected', 'with_issues'] as const;
type Outcome = (typeof OUTCOMES)[number];

/** Where limited ads are refused, in Meta's `placement_specific` feedback. */
const LIMITED_PLACEMENT = 'instagram';

/** An outcome as the ad's review fields: state, `ad_review_feedback`, `issues_info`. */
function reviewOf(
  outcome: Outcome,
  reasons: Record<string, string>,
): Pick<Ad, 'review' | 'feedback' | 'issues'> {
  switch (outcome) {
    case 'pending':
      return { review: 'PENDING', feedback: undefined, issues: undefined };
    case 'approved':
      return { review: 'APPROVED', feedback: undefined, issues: undefined };
    case 'limited':
      return {
        review: 'APPROVED',
        feedback: { placement_specific: { [LIMITED_PLACEMENT]: reasons } },
        issues: undefined,
      };
    case 'rejected':
      return { review: 'DISAPPROVED', feedback: { global: reasons }, issues: undefined };
    case 'with_issues':
      return {
        review: 'APPROVED',
        feedback: undefined,
        issues: Object.entries(reasons).map(([summary, message]) => ({
          level: 'AD',
          error_code: 1815869,
          error_summary: summary,
          error_message: message,
        })),
      };
  }
}

/**
 * `POST /_emulator/ad-review {"ad": id, "outcome": …, "reasons": {"<policy>": "<explanation>"}}`:
 * the review Meta gives an ad. `approved`; `limited` (approved, but refused on Instagram: placement-
 * specific feedback); `rejected` (DISAPPROVED with global feedback); `with_issues` (cannot deliver:
 * `issues_info`); `pending` (back in review).
 */
export function reviewControl(store: MetaStore): Router {
  const router = Router();
  router.post('/_emulator/ad-review', express.json({ limit: '10kb' }), (req, res) => {
    const { ad: id, outcome, reasons = {} } = (req.body ?? {}) as Record<string, unknown>;
    const ad = typeof id === 'string' ? store.ads.get(id) : undefined;
    if (!ad) return res.status(404).json({ error: 'give ad: the id of an ad of the emulator' });
    if (!OUTCOMES.includes(outcome as Outcome)) {
      return res.status(400).json({ error: `outcome must be one of ${OUTCOMES.join(', ')}` });
    }
    const given = typeof reasons === 'object' && reasons !== null && !Array.isArray(reasons) ? reasons : null;
    if (!given || !Object.values(given).every((v) => typeof v === 'string')) {
      return res.status(400).json({ error: 'reasons must map each policy to its explanation (strings)' });
    }
    Object.assign(ad, reviewOf(outcome as Outcome, given as Record<string, string>));
    res.json({ ad: ad.id, effective_status: store.adEffectiveStatus(ad) });
  });
  return router;
}
