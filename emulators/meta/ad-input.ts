import { checkArchivedStatus, name, oneOf, required } from './checks.js';
import { invalidParam } from './graph-error.js';
import type { Ad, AdSet, ConfiguredStatus } from './model.js';
import type { MetaStore } from './store.js';

const CREATE_STATUSES: ConfiguredStatus[] = ['ACTIVE', 'PAUSED'];
const STATUSES: ConfiguredStatus[] = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED'];

/** `creative={"creative_id": "…"}`: a creative of the ad's account. */
function creativeOf(store: MetaStore, accountId: string, value: unknown): string {
  const id = (value as { creative_id?: unknown } | null)?.creative_id;
  const creative =
    typeof id === 'string' || typeof id === 'number' ? store.creatives.get(String(id)) : undefined;
  if (!creative || creative.account_id !== accountId || creative.status === 'DELETED') {
    throw invalidParam(
      `Param creative must be {"creative_id": …} of a creative of ad account act_${accountId}`,
    );
  }
  return creative.id;
}

/**
 * The values of a new ad, checked as `POST /act_{id}/ads` checks them: `name`, `adset_id` (an ad
 * set of the account, not deleted) and `creative` are required; `status` ACTIVE or PAUSED (default
 * ACTIVE). A new ad goes into review.
 */
export function newAd(store: MetaStore, accountId: string, params: Record<string, unknown>) {
  const adSet = store.adSets.get(String(required(params, 'adset_id')));
  if (!adSet || adSet.account_id !== accountId || adSet.status === 'DELETED') {
    throw invalidParam(`Param adset_id must be an ad set of ad account act_${accountId}`);
  }
  return {
    adSet: adSet as AdSet,
    name: name(required(params, 'name')),
    status: oneOf('status', params.status ?? 'ACTIVE', CREATE_STATUSES),
    creative_id: creativeOf(store, accountId, required(params, 'creative')),
    review: 'PENDING' as const,
  };
}

/**
 * The changes of `POST /{ad_id}`: name, status, and a new creative, which sends the ad back into
 * review (its earlier feedback gone). A deleted ad cannot change; an archived one can only be
 * renamed or deleted.
 */
export function adChanges(store: MetaStore, current: Ad, params: Record<string, unknown>): Partial<Ad> {
  if (current.status === 'DELETED') throw invalidParam(`Ad ${current.id} is deleted and cannot be edited`);
  const changes: Partial<Ad> = {};
  if (params.name !== undefined) changes.name = name(params.name);
  if (params.status !== undefined) {
    changes.status = oneOf('status', params.status, STATUSES);
    checkArchivedStatus(current.status, changes.status, 'Ad');
  }
  if (params.creative !== undefined) {
    if (current.status === 'ARCHIVED') {
      throw invalidParam('Param creative cannot change on an archived ad: only name and status can');
    }
    Object.assign(changes, {
      creative_id: creativeOf(store, current.account_id, params.creative),
      review: 'PENDING',
      feedback: undefined,
      issues: undefined,
    });
  }
  return changes;
}
