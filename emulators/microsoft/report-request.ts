import { zonedTime } from '../../src/domain/zoned-time.js';
import {
  DEFAULT_REPORT_TIME_ZONE,
  MICROSOFT_TIME_ZONES,
  reportTimeZone,
  reportZoneIana,
} from '../../src/platforms/microsoft/time-zones.js';
import { CODES, type ErrorCode, operationFault } from './faults.js';
import type { MicrosoftAdsState } from './model.js';
import { type Body, DATE_FIELDS, fieldsOf } from './operations.js';

export type ReportLevel = 'campaign' | 'adGroup' | 'ad';

/** The fields of a ReportRequest the three performance reports share (the SDK's models). */
export const REPORT_REQUEST_FIELDS = [
  'Type',
  'ReportName',
  'Format',
  'FormatVersion',
  'ReturnOnlyCompleteData',
  'ExcludeReportHeader',
  'ExcludeReportFooter',
  'ExcludeColumnHeaders',
  'Aggregation',
  'Columns',
  'Filter',
  'Scope',
  'Time',
] as const;
export const REPORT_TIME_FIELDS = [
  'CustomDateRangeStart',
  'CustomDateRangeEnd',
  'PredefinedTime',
  'ReportTimeZone',
];
export const MEASURE_COLUMNS = ['Impressions', 'Clicks', 'Spend', 'Conversions'];
const ACCOUNT_COLUMNS = ['AccountId', 'AccountName', 'AccountNumber', 'TimePeriod', 'CurrencyCode'];
const CAMPAIGN_COLUMNS = ['CampaignId', 'CampaignName', 'CampaignStatus', 'CampaignType'];

/** The reports the emulator writes, their scope object and the columns it computes for each. */
export const REPORT_TYPES: Record<
  string,
  { level: ReportLevel; scopeFields: string[]; scopeError: ErrorCode; columns: string[] }
> = {
  CampaignPerformanceReportRequest: {
    level: 'campaign',
    scopeFields: ['AccountIds', 'Campaigns'],
    scopeError: CODES.invalidAccountThruCampaignScope,
    columns: [...ACCOUNT_COLUMNS, ...CAMPAIGN_COLUMNS, ...MEASURE_COLUMNS],
  },
  AdGroupPerformanceReportRequest: {
    level: 'adGroup',
    scopeFields: ['AccountIds', 'Campaigns', 'AdGroups'],
    scopeError: CODES.invalidAccountThruAdGroupScope,
    columns: [
      ...ACCOUNT_COLUMNS,
      ...CAMPAIGN_COLUMNS,
      'AdGroupId',
      'AdGroupName',
      'Status',
      ...MEASURE_COLUMNS,
    ],
  },
  AdPerformanceReportRequest: {
    level: 'ad',
    scopeFields: ['AccountIds', 'Campaigns', 'AdGroups'],
    scopeError: CODES.invalidAccountThruAdGroupScope,
    columns: [
      ...ACCOUNT_COLUMNS,
      ...CAMPAIGN_COLUMNS,
      'AdGroupId',
      'AdGroupName',
      'AdGroupStatus',
      'AdId',
      'AdType',
      'AdStatus',
      ...MEASURE_COLUMNS,
    ],
  },
};

/** The ReportAggregation values the emulator aggregates by (Hourly and HourOfDay it refuses). */
export const AGGREGATIONS = [
  'Summary',
  'Daily',
  'Weekly',
  'WeeklyStartingMonday',
  'Monthly',
  'Yearly',
  'DayOfWeek',
];
export const REPORT_FORMATS = ['Csv', 'Tsv'];
/** ReportTimeZone values: the Time Zones guide's, three spelled differently. */
export const REPORT_TIME_ZONES = Object.keys(MICROSOFT_TIME_ZONES).map((z) => reportTimeZone(z) as string);
const MAX_REPORT_NAME = 200;
const MAX_ACCOUNTS = 1000;
const MAX_CAMPAIGNS = 300;
const MAX_AD_GROUPS = 300;
/** "Reporting Data Retention Time Periods": 36 months of daily and summary data for these reports. */
export const RETENTION_MONTHS = 36;

/** A validated report request: what to write, for which entities and days. */
export interface ReportSpec {
  type: string;
  level: ReportLevel;
  name: string;
  columns: string[];
  /** Summary when the columns have no TimePeriod, whatever the request said. */
  aggregation: string;
  format: 'Csv' | 'Tsv';
  excludeHeader: boolean;
  excludeFooter: boolean;
  excludeColumnHeaders: boolean;
  scope: {
    accountIds: string[];
    campaigns: { AccountId: string; CampaignId: string }[];
    adGroups: { AccountId: string; CampaignId: string; AdGroupId: string }[];
  };
  /** YYYY-MM-DD, both included, in the report time zone. */
  from: string;
  to: string;
  /** Today in the report time zone when the report was submitted. */
  today: string;
  timeZone: string;
  iana: string;
}

const refuse = (error: ErrorCode, message: string) => operationFault(error, message);
const invalid = (message: string) => refuse(CODES.inputValidation, message);
const ID = /^\d{1,19}$/;

/** A YYYY-MM-DD day `n` days after `day`. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The first day of the month `n` months after `day`'s. */
const monthStart = (day: string, n: number) => {
  const d = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + n, 1));
  return d.toISOString().slice(0, 10);
};
/** 0 for Sunday. */
export const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The first day of the data kept: 36 months before today. */
export function retentionStart(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - RETENTION_MONTHS);
  return d.toISOString().slice(0, 10);
}

/** ReportTimePeriod values as days relative to today (the Last… ones end yesterday). */
function predefinedRange(period: string, today: string): [string, string] | undefined {
  const sunday = addDays(today, -weekday(today));
  const monday = addDays(today, -((weekday(today) + 6) % 7));
  const year = today.slice(0, 4);
  const yesterday = addDays(today, -1);
  const ranges: Record<string, [string, string]> = {
    Today: [today, today],
    Yesterday: [yesterday, yesterday],
    LastSevenDays: [addDays(today, -7), yesterday],
    Last14Days: [addDays(today, -14), yesterday],
    Last30Days: [addDays(today, -30), yesterday],
    ThisWeek: [sunday, today],
    LastWeek: [addDays(sunday, -7), addDays(sunday, -1)],
    LastFourWeeks: [addDays(sunday, -28), addDays(sunday, -1)],
    ThisWeekStartingMonday: [monday, today],
    LastWeekStartingMonday: [addDays(monday, -7), addDays(monday, -1)],
    LastFourWeeksStartingMonday: [addDays(monday, -28), addDays(monday, -1)],
    ThisMonth: [monthStart(today, 0), today],
    LastMonth: [monthStart(today, -1), addDays(monthStart(today, 0), -1)],
    LastThreeMonths: [monthStart(today, -3), addDays(monthStart(today, 0), -1)],
    LastSixMonths: [monthStart(today, -6), addDays(monthStart(today, 0), -1)],
    ThisYear: [`${year}-01-01`, today],
    LastYear: [`${Number(year) - 1}-01-01`, `${Number(year) - 1}-12-31`],
  };
  return ranges[period];
}

/** A Date object naming a real day, as YYYY-MM-DD, or the refusal. */
function dayOf(value: unknown, error: ErrorCode, what: string): string {
  if (typeof value !== 'object' || value === null) throw refuse(error, `${what} is not valid.`);
  const { Day, Month, Year } = fieldsOf(value, DATE_FIELDS, what);
  if (![Day, Month, Year].every(Number.isInteger)) throw refuse(error, `${what} is not valid.`);
  const real = new Date(Date.UTC(Year as number, (Month as number) - 1, Day as number));
  if (real.getUTCFullYear() !== Year || real.getUTCMonth() + 1 !== Month || real.getUTCDate() !== Day) {
    throw refuse(error, `${what} is not valid.`);
  }
  return real.toISOString().slice(0, 10);
}

const flag = (body: Body, field: string): boolean => {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalid(`${field} must be true or false.`);
  return value;
};

function idsOf(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !ID.test(v))) {
    throw invalid(`${field} must be a list of ids (strings of digits).`);
  }
  return value as string[];
}

function entriesOf<K extends string>(value: unknown, field: string, keys: readonly K[]): Record<K, string>[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid(`${field} must be a list.`);
  return value.map((entry) => {
    const fields = fieldsOf(entry, keys, `An item of ${field}`);
    for (const key of keys) {
      if (typeof fields[key] !== 'string' || !ID.test(fields[key] as string)) {
        throw invalid(`${field}: ${key} must be an id (a string of digits).`);
      }
    }
    return fields as Record<K, string>;
  });
}

/**
 * Validates a SubmitGenerateReport request as the Reporting service does (its "Operation Error
 * Codes"), against the accounts the user reaches under `customerId`.
 */
export function reportSpec(state: MicrosoftAdsState, customerId: string, body: Body): ReportSpec {
  const request = body.ReportRequest;
  if (request === undefined || request === null)
    throw refuse(CODES.nullReportRequest, 'The report request is null.');
  const raw = fieldsOf(request, REPORT_REQUEST_FIELDS, 'ReportRequest');
  const type = REPORT_TYPES[typeof raw.Type === 'string' ? raw.Type : ''];
  if (!type) throw refuse(CODES.unknownReportType, 'The report request type is not valid.');

  const name = raw.ReportName ?? `${String(raw.Type).replace(/Request$/, '')}-${new Date().toISOString()}`;
  if (typeof name !== 'string' || name.length > MAX_REPORT_NAME) {
    throw refuse(CODES.invalidReportName, 'The report request contains a report name that is not valid.');
  }
  const format = raw.Format ?? 'Csv';
  if (typeof format !== 'string' || !REPORT_FORMATS.includes(format)) {
    throw invalid('Format must be Csv or Tsv (the emulator writes no Xml reports).');
  }
  if (
    raw.FormatVersion !== undefined &&
    raw.FormatVersion !== null &&
    !['1.0', '2.0'].includes(raw.FormatVersion as string)
  ) {
    throw invalid('FormatVersion must be 1.0 or 2.0.');
  }
  if (raw.Filter !== undefined && raw.Filter !== null) throw invalid('The emulator takes no report Filter.');

  const columns = raw.Columns;
  if (!Array.isArray(columns) || columns.length === 0) {
    throw refuse(CODES.nullColumns, 'The list of columns to include in the report cannot be null or empty.');
  }
  for (const column of columns) {
    if (typeof column !== 'string' || !type.columns.includes(column)) {
      throw invalid(`${String(column)} is not a column of ${raw.Type} the emulator writes.`);
    }
  }
  if (new Set(columns).size !== columns.length) {
    throw refuse(CODES.duplicateColumns, 'The list of columns to include in the report contains duplicate.');
  }
  if (!columns.some((c) => MEASURE_COLUMNS.includes(c))) {
    throw refuse(
      CODES.noMeasureSelected,
      'The report request does not specify at least one measurement column.',
    );
  }
  const aggregation = raw.Aggregation ?? 'Summary';
  if (aggregation === 'Hourly' || aggregation === 'HourOfDay') {
    throw invalid('The emulator does not aggregate reports by hour.');
  }
  if (typeof aggregation !== 'string' || !AGGREGATIONS.includes(aggregation)) {
    throw invalid('Aggregation is not a ReportAggregation value.');
  }
  if (aggregation === 'Summary' && columns.includes('TimePeriod')) {
    throw refuse(
      CODES.timePeriodInSummary,
      'The TimePeriod column cannot be specified in a report request that has a summary aggregation.',
    );
  }

  const scope = scopeOf(state, customerId, type, raw.Scope);
  const { from, to, today, timeZone, iana } = timeOf(raw.Time);
  if (flag(raw, 'ReturnOnlyCompleteData') && to >= today) {
    throw refuse(
      CODES.noCompleteData,
      'You requested a report with complete data for all included campaigns. Currently only partial data is available.',
    );
  }
  return {
    type: raw.Type as string,
    level: type.level,
    name,
    columns: columns as string[],
    aggregation: columns.includes('TimePeriod') ? aggregation : 'Summary',
    format: format as 'Csv' | 'Tsv',
    excludeHeader: flag(raw, 'ExcludeReportHeader'),
    excludeFooter: flag(raw, 'ExcludeReportFooter'),
    excludeColumnHeaders: flag(raw, 'ExcludeColumnHeaders'),
    scope,
    from,
    to,
    today,
    timeZone,
    iana,
  };
}

function timeOf(value: unknown): Pick<ReportSpec, 'from' | 'to' | 'today' | 'timeZone' | 'iana'> {
  if (value === undefined || value === null) {
    throw refuse(CODES.invalidReportTimeSelection, 'The report time is null.');
  }
  const time = fieldsOf(value, REPORT_TIME_FIELDS, 'Time');
  const timeZone = time.ReportTimeZone ?? DEFAULT_REPORT_TIME_ZONE;
  if (typeof timeZone !== 'string' || !REPORT_TIME_ZONES.includes(timeZone)) {
    throw invalid('ReportTimeZone is not a ReportTimeZone value.');
  }
  const iana = reportZoneIana(timeZone) as string;
  const today = zonedTime(new Date(), iana).slice(0, 10);
  const custom = [time.CustomDateRangeStart, time.CustomDateRangeEnd].some(
    (d) => d !== undefined && d !== null,
  );
  const predefined = time.PredefinedTime !== undefined && time.PredefinedTime !== null;
  if (custom === predefined) {
    throw refuse(
      CODES.invalidReportTimeSelection,
      'The report time must have either a predefined time or a custom date range start and end.',
    );
  }
  if (predefined) {
    const range = predefinedRange(String(time.PredefinedTime), today);
    if (!range) throw invalid('PredefinedTime is not a ReportTimePeriod value.');
    return { from: range[0], to: range[1], today, timeZone, iana };
  }
  const from = dayOf(
    time.CustomDateRangeStart,
    CODES.invalidCustomDateRangeStart,
    'The custom date range start',
  );
  const to = dayOf(time.CustomDateRangeEnd, CODES.invalidCustomDateRangeEnd, 'The custom date range end');
  if (from > today)
    throw refuse(CODES.futureStartDate, 'The specified report time start date is in the future.');
  if (to > today) {
    throw refuse(
      CODES.invalidCustomDateRangeEnd,
      "The custom date range end cannot be later than today's date.",
    );
  }
  if (to < from) {
    throw refuse(CODES.endDateBeforeStartDate, 'The end date cannot be earlier than the start date.');
  }
  return { from, to, today, timeZone, iana };
}

/**
 * The scope: a union of accounts, campaigns and (ad group and ad reports) ad groups, at least one;
 * each must exist where it says, in an account of the customer.
 */
function scopeOf(
  state: MicrosoftAdsState,
  customerId: string,
  type: (typeof REPORT_TYPES)[string],
  value: unknown,
): ReportSpec['scope'] {
  if (value === undefined || value === null) throw refuse(type.scopeError, 'The report scope is null.');
  const raw = fieldsOf(value, type.scopeFields, 'Scope');
  const accountIds = idsOf(raw.AccountIds, 'AccountIds');
  const campaigns = entriesOf(raw.Campaigns, 'Campaigns', ['AccountId', 'CampaignId'] as const);
  const adGroups = entriesOf(raw.AdGroups, 'AdGroups', ['AccountId', 'CampaignId', 'AdGroupId'] as const);
  if (accountIds.length + campaigns.length + adGroups.length === 0) {
    throw refuse(type.scopeError, 'The report scope has no accounts, campaigns or ad groups.');
  }
  if (accountIds.length > MAX_ACCOUNTS)
    throw refuse(CODES.accountsOverLimit, 'The report scope contains too many accounts.');
  if (campaigns.length > MAX_CAMPAIGNS)
    throw refuse(CODES.campaignsOverLimit, 'The report scope contains too many campaigns.');
  if (adGroups.length > MAX_AD_GROUPS)
    throw refuse(CODES.adGroupsOverLimit, 'The report scope contains too many ad groups.');
  const accountOf = (id: string, error: ErrorCode) => {
    const found = state.accounts.get(id);
    if (!found) throw refuse(error, 'The report scope contains an account identifier that is not valid.');
    if (found.account.ParentCustomerId !== customerId) {
      throw refuse(
        CODES.reportAccountNotAuthorized,
        'The specified report request contains at least one account that you do not have privileges to access.',
      );
    }
    return found;
  };
  for (const id of accountIds) accountOf(id, CODES.invalidReportAccountIds);
  for (const c of campaigns) {
    if (!accountOf(c.AccountId, CODES.invalidAccountIdInCampaignScope).campaigns.has(c.CampaignId)) {
      throw refuse(
        CODES.invalidCampaignIdInCampaignScope,
        'The campaign report scope contains a campaign identifier that is not valid.',
      );
    }
  }
  for (const g of adGroups) {
    const account = accountOf(g.AccountId, CODES.invalidAccountIdInAdGroupScope);
    if (!account.campaigns.has(g.CampaignId)) {
      throw refuse(
        CODES.invalidCampaignIdInAdGroupScope,
        'The ad group report scope contains a campaign identifier that is not valid.',
      );
    }
    if (account.adGroups.get(g.AdGroupId)?.campaignId !== g.CampaignId) {
      throw refuse(
        CODES.invalidAdGroupIdInAdGroupScope,
        'The ad group report scope contains an ad group identifier that is not valid.',
      );
    }
  }
  return { accountIds, campaigns, adGroups };
}
