import type { AdSetStatus } from '../../adsets/model.js';
import type { CampaignStatus } from './model.js';

/** A campaign's (or group's, or creative's) status as adlink reports it; `serving` means it delivers. */
export function toAdSetStatus(status: CampaignStatus, serving: boolean): AdSetStatus {
  switch (status) {
    case 'ACTIVE':
      return serving ? 'Running' : 'Active';
    case 'DRAFT':
      return 'Active';
    case 'PAUSED':
      return 'Paused';
    case 'ARCHIVED':
    case 'COMPLETED':
    case 'CANCELED':
      return 'Archived';
    default:
      return 'Deleted';
  }
}

export const isRunnable = (servingStatuses: string[] | undefined): boolean =>
  servingStatuses?.includes('RUNNABLE') ?? false;

/** What adlink may set; Deleted goes through DELETE. */
export const LINKEDIN_STATUS: Partial<Record<AdSetStatus, CampaignStatus>> = {
  Running: 'ACTIVE',
  Active: 'ACTIVE',
  Paused: 'PAUSED',
  Archived: 'ARCHIVED',
};

/** The `intendedStatus` adlink sets on a creative; Deleted goes through DELETE. */
export const CREATIVE_STATUS: Partial<Record<AdSetStatus, CampaignStatus>> = {
  Running: 'ACTIVE',
  Active: 'ACTIVE',
  Paused: 'PAUSED',
  Archived: 'ARCHIVED',
};
