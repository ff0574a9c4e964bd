/**
 * The GAQL adlink sends. Ids interpolated here are checked to be digits first (`isGoogleId`): GAQL
 * has no bind parameters.
 */

export const isGoogleId = (value: string) => /^\d{1,19}$/.test(value);

const where = (conditions: string[]) => (conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '');

export const CUSTOMER_QUERY =
  'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager FROM customer';

/** The client accounts in a manager's hierarchy (the manager itself is level 0, a manager too). */
export const CLIENTS_QUERY =
  'SELECT customer_client.id, customer_client.descriptive_name, customer_client.currency_code, ' +
  'customer_client.manager FROM customer_client WHERE customer_client.manager = false';

/**
 * Campaigns with their budgets, dates and the account's time zone and currency (campaign_budget is
 * selectable with campaign, not with ad_group).
 */
export const campaignsQuery = (campaignId?: string) =>
  'SELECT campaign.id, campaign.name, campaign.status, campaign.primary_status, campaign.advertising_channel_type, ' +
  'campaign.campaign_budget, campaign.start_date_time, campaign.end_date_time, campaign_budget.period, ' +
  'campaign_budget.amount_micros, campaign_budget.total_amount_micros, campaign_budget.explicitly_shared, ' +
  'customer.currency_code, customer.time_zone FROM campaign' +
  where(campaignId ? [`campaign.id = ${campaignId}`] : []);

/** Ad groups in every status (REMOVED ones too: Google keeps them readable). */
export const adGroupsQuery = (adGroupId?: string) =>
  'SELECT ad_group.id, ad_group.name, ad_group.status, ad_group.primary_status, campaign.id, campaign.status, ' +
  'campaign.advertising_channel_type, customer.currency_code FROM ad_group' +
  where(adGroupId ? [`ad_group.id = ${adGroupId}`] : []);

/** Ads in every status (REMOVED ones stay readable), with their content and Google's review. */
export const adGroupAdsQuery = (adId?: string) =>
  'SELECT ad_group_ad.resource_name, ad_group_ad.status, ad_group_ad.ad.id, ad_group_ad.ad.name, ad_group_ad.ad.type, ' +
  'ad_group_ad.ad.final_urls, ad_group_ad.ad.responsive_search_ad.headlines, ' +
  'ad_group_ad.ad.responsive_search_ad.descriptions, ad_group_ad.ad.responsive_search_ad.path1, ' +
  'ad_group_ad.ad.responsive_search_ad.path2, ad_group_ad.policy_summary.approval_status, ' +
  'ad_group_ad.policy_summary.review_status, ad_group_ad.policy_summary.policy_topic_entries, ad_group.id, ' +
  'ad_group.status, campaign.id, campaign.status FROM ad_group_ad' +
  where(adId ? [`ad_group_ad.ad.id = ${adId}`] : []);

/** The labels on ads (of one ad, or all): adlink keeps an ad's name as one of them. */
export const adLabelsQuery = (adId?: string) =>
  'SELECT ad_group_ad_label.resource_name, ad_group_ad_label.ad_group_ad, label.name FROM ad_group_ad_label' +
  where(adId ? [`ad_group_ad.ad.id = ${adId}`] : []);

export const LABELS_QUERY =
  "SELECT label.resource_name, label.name FROM label WHERE label.status = 'ENABLED'";

export const keywordsQuery = (adGroupId?: string) =>
  'SELECT ad_group.id, ad_group_criterion.resource_name, ad_group_criterion.keyword.text FROM ad_group_criterion' +
  where([
    "ad_group_criterion.type = 'KEYWORD'",
    'ad_group_criterion.negative = FALSE',
    "ad_group_criterion.status != 'REMOVED'",
    ...(adGroupId ? [`ad_group.id = ${adGroupId}`] : []),
  ]);

const REPORT_RESOURCES = {
  campaign: { from: 'campaign', fields: ['campaign.id', 'campaign.name'] },
  adset: { from: 'ad_group', fields: ['ad_group.id', 'ad_group.name', 'campaign.id'] },
  ad: {
    from: 'ad_group_ad',
    fields: ['ad_group_ad.ad.id', 'ad_group_ad.ad.name', 'ad_group.id', 'campaign.id'],
  },
} as const;

/**
 * One level's metrics over days of the account's time zone (Google evaluates `segments.date` there),
 * per day where `segments.date` is selected, else one row per entity over the whole range. The
 * account's currency and time zone ride along (customer is attributed to every level's resource).
 * Ids are digits (checked by the caller).
 */
export function reportQuery(q: {
  level: keyof typeof REPORT_RESOURCES;
  from: string;
  to: string;
  daily: boolean;
  campaignId?: string;
  adGroupId?: string;
}): string {
  const { from, fields } = REPORT_RESOURCES[q.level];
  return (
    `SELECT ${[
      ...fields,
      'customer.currency_code',
      'customer.time_zone',
      'metrics.cost_micros',
      'metrics.impressions',
      'metrics.clicks',
      'metrics.conversions',
      ...(q.daily ? ['segments.date'] : []),
    ].join(', ')} FROM ${from}` +
    where([
      `segments.date BETWEEN '${q.from}' AND '${q.to}'`,
      ...(q.campaignId ? [`campaign.id = ${q.campaignId}`] : []),
      ...(q.adGroupId ? [`ad_group.id = ${q.adGroupId}`] : []),
    ])
  );
}
