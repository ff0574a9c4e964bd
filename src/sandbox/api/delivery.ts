import type { AdSet, AdSetStatus, CampaignStatus } from '../../platforms/sandbox/model.js';

/** An ad set delivers only while both it and its campaign are active. */
export const delivery = (adset: AdSetStatus, campaign: CampaignStatus): AdSet['delivery'] =>
  adset === 'ACTIVE' && campaign === 'ACTIVE' ? 'DELIVERING' : 'NOT_DELIVERING';
