import type { Ad, AdGroup, Campaign } from './model.js';
import type { PinterestState } from './state.js';

/** The answers' objects: stored fields plus the summary status Pinterest computes. */
export const renderers = (state: PinterestState) => ({
  campaign: (c: Campaign) => ({ ...c, summary_status: state.summaryStatus(c) }),
  adGroup: (g: AdGroup) => ({ ...g, summary_status: state.summaryStatus(g) }),
  ad: (a: Ad) => ({ ...a, summary_status: state.adSummaryStatus(a) }),
});
