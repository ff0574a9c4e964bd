import type { ChannelKind } from '../../adsets/model.js';
import type { CampaignChanges, NewCampaign } from '../../campaigns/model.js';
import type { AdAccount } from '../../store/connections.js';
import { scheduleAndBudget } from './adset-body.js';
import { KIND_TO_CHANNEL, SANDBOX_STATUS } from './mapping.js';

const withoutNull = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));

/** The `POST /ad_accounts/:id/campaigns` body of a new campaign. */
export const toSandboxCampaign = (input: NewCampaign, account: AdAccount) => ({
  name: input.name,
  objective: input.objective,
  channel: KIND_TO_CHANNEL[input.channelKind as Exclude<ChannelKind, 'Mixed'>],
  status: SANDBOX_STATUS[input.status],
  // A new campaign without an end simply has none.
  ...withoutNull(scheduleAndBudget(input.settings, account)),
});

/** The `PATCH /campaigns/:id` body of a change: name, status, and the budget and schedule sent. */
export const toSandboxCampaignChanges = (changes: CampaignChanges, account: AdAccount | undefined) => ({
  ...(changes.name === undefined ? {} : { name: changes.name }),
  ...(changes.status === undefined ? {} : { status: SANDBOX_STATUS[changes.status] }),
  ...scheduleAndBudget(changes.settings ?? [], account),
});
