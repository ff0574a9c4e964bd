import type { AdSetStatus } from '../../adsets/model.js';
import type { EntityStatus } from './model.js';

/**
 * An ad group's or campaign's status as adlink reports it: ACTIVE and delivering (summary RUNNING) is
 * Running, ACTIVE otherwise (not started, finished, held by its campaign) and DRAFT are Active.
 */
export function toAdSetStatus(status: EntityStatus, summaryStatus?: string): AdSetStatus {
  switch (status) {
    case 'ACTIVE':
      return summaryStatus === 'RUNNING' ? 'Running' : 'Active';
    case 'DRAFT':
      return 'Active';
    case 'PAUSED':
      return 'Paused';
    case 'ARCHIVED':
      return 'Archived';
    default:
      return 'Deleted';
  }
}

/** What adlink may set; Deleted has no Pinterest status (DELETE archives). */
export const PINTEREST_STATUS: Record<Exclude<AdSetStatus, 'Deleted'>, 'ACTIVE' | 'PAUSED' | 'ARCHIVED'> = {
  Running: 'ACTIVE',
  Active: 'ACTIVE',
  Paused: 'PAUSED',
  Archived: 'ARCHIVED',
};

/**
 * An ad's status: ACTIVE is Running (an ad has no delivery summary of its own: its `summary_status` is
 * its review, and whether it delivers is its ad group's); the rest as ad groups.
 */
export const toAdStatus = (status: EntityStatus): AdSetStatus =>
  status === 'ACTIVE' ? 'Running' : toAdSetStatus(status);
