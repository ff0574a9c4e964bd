import { zonedTime } from '../../src/domain/zoned-time.js';
import { adsError } from './errors.js';
import { checkDateCondition, DATE_FIELD } from './gaql-dates.js';
import { type Account, idOf } from './model.js';
import { withMetrics } from './report-rows.js';

/**
 * The subset of the Google Ads Query Language the emulator answers: `SELECT f, … FROM resource
 * [WHERE cond AND …] [LIMIT n]`, conditions `=`, `!=`, `IN (…)`, `>`, `>=`, `<`, `<=`, and on
 * `segments.date` BETWEEN and DURING. Anything else is refused with Google's QueryError, so an adapter
 * cannot come to rely on a query the emulator only half runs.
 */

/** The fields the emulator models, per resource (GAQL names). */
export const GAQL_FIELDS: Record<string, string[]> = {
  customer: ['resource_name', 'id', 'descriptive_name', 'currency_code', 'time_zone', 'manager'],
  customer_client: [
    'resource_name',
    'client_customer',
    'id',
    'descriptive_name',
    'currency_code',
    'time_zone',
    'manager',
    'level',
    'hidden',
    'test_account',
    'status',
  ],
  campaign: [
    'resource_name',
    'id',
    'name',
    'status',
    'primary_status',
    'advertising_channel_type',
    'campaign_budget',
    'start_date_time',
    'end_date_time',
    'contains_eu_political_advertising',
    'bidding_strategy_type',
  ],
  campaign_budget: [
    'resource_name',
    'id',
    'name',
    'period',
    'amount_micros',
    'total_amount_micros',
    'delivery_method',
    'explicitly_shared',
    'status',
  ],
  ad_group: ['resource_name', 'id', 'name', 'status', 'primary_status', 'type', 'campaign', 'cpc_bid_micros'],
  ad_group_ad: [
    'resource_name',
    'status',
    'ad_group',
    'ad.resource_name',
    'ad.id',
    'ad.name',
    'ad.type',
    'ad.final_urls',
    'ad.responsive_search_ad.headlines',
    'ad.responsive_search_ad.descriptions',
    'ad.responsive_search_ad.path1',
    'ad.responsive_search_ad.path2',
    'policy_summary.approval_status',
    'policy_summary.review_status',
    'policy_summary.policy_topic_entries',
  ],
  label: ['resource_name', 'id', 'name', 'status'],
  ad_group_ad_label: ['resource_name', 'ad_group_ad', 'label'],
  ad_group_criterion: [
    'resource_name',
    'criterion_id',
    'status',
    'type',
    'negative',
    'ad_group',
    'keyword.text',
    'keyword.match_type',
  ],
  // Performance (common/metrics.proto and segments.proto): what the emulator computes per ad and day.
  metrics: ['cost_micros', 'impressions', 'clicks', 'conversions'],
  segments: ['date'],
};

/** The resources whose rows carry the modelled metrics (Google has metrics on more). */
const WITH_METRICS = ['customer', 'campaign', 'ad_group', 'ad_group_ad'];

/** The resources whose fields a query FROM each resource may select (Google's attributed resources). */
const ATTRIBUTED: Record<string, string[]> = {
  customer: ['customer'],
  customer_client: ['customer_client', 'customer'],
  campaign: ['campaign', 'campaign_budget', 'customer'],
  ad_group: ['ad_group', 'campaign', 'customer'],
  ad_group_ad: ['ad_group_ad', 'ad_group', 'campaign', 'customer'],
  ad_group_criterion: ['ad_group_criterion', 'ad_group', 'campaign', 'customer'],
  label: ['label', 'customer'],
  // developers.google.com/google-ads/api/fields/v23/ad_group_ad_label: its attributed resources.
  ad_group_ad_label: ['ad_group_ad_label', 'ad_group_ad', 'ad_group', 'campaign', 'label', 'customer'],
};

export interface Condition {
  field: string;
  operator: '=' | '!=' | 'IN' | '>' | '>=' | '<' | '<=' | 'BETWEEN' | 'DURING';
  values: string[];
}

export interface Query {
  fields: string[];
  resource: string;
  conditions: Condition[];
  limit?: number;
}

type Token = { kind: 'word' | 'string' | 'number' | 'symbol'; text: string };

const queryError = (code: string, message: string) =>
  adsError(400, { queryError: code }, `Error in query: ${message}`);

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /\s*(?:([A-Za-z_][A-Za-z0-9_.]*)|'([^'\n]*)'|"([^"\n]*)"|(-?\d+(?:\.\d+)?)|(!=|>=|<=|[=,()<>]))/y;
  let at = 0;
  while (at < query.length) {
    if (/^\s*$/.test(query.slice(at))) break;
    pattern.lastIndex = at;
    const m = pattern.exec(query);
    if (!m)
      throw queryError('UNEXPECTED_INPUT', `unexpected input at ${query.slice(at).trim().slice(0, 20)}`);
    at = pattern.lastIndex;
    if (m[1] !== undefined) tokens.push({ kind: 'word', text: m[1] });
    else if (m[2] !== undefined || m[3] !== undefined) tokens.push({ kind: 'string', text: m[2] ?? m[3]! });
    else if (m[4] !== undefined) tokens.push({ kind: 'number', text: m[4] });
    else tokens.push({ kind: 'symbol', text: m[5]! });
  }
  return tokens;
}

export function parseQuery(text: string): Query {
  const tokens = tokenize(text);
  let i = 0;
  const peek = () => tokens[i];
  const keyword = (word: string) => peek()?.kind === 'word' && peek()!.text.toUpperCase() === word;
  const expect = (word: string, code: string) => {
    if (!keyword(word)) throw queryError(code, `expected ${word}`);
    i++;
  };
  const field = () => {
    const token = tokens[i++];
    if (token?.kind !== 'word' || !token.text.includes('.'))
      throw queryError('BAD_FIELD_NAME', 'expected a field name');
    return token.text;
  };

  expect('SELECT', 'EXPECTED_SELECT');
  const fields = [field()];
  while (peek()?.text === ',') {
    i++;
    fields.push(field());
  }
  expect('FROM', 'EXPECTED_FROM');
  const resource = tokens[i++]?.text ?? '';
  if (!ATTRIBUTED[resource]) {
    throw queryError('BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', `the emulator has no resource "${resource}"`);
  }
  const conditions: Condition[] = [];
  if (keyword('WHERE')) {
    i++;
    do {
      if (conditions.length > 0) i++;
      conditions.push(condition());
    } while (keyword('AND'));
  }
  let limit: number | undefined;
  if (keyword('LIMIT')) {
    i++;
    const token = tokens[i++];
    limit = Number(token?.text);
    if (token?.kind !== 'number' || !Number.isInteger(limit) || limit < 1) {
      throw queryError('BAD_LIMIT_VALUE', 'LIMIT takes a positive integer');
    }
  }
  if (i < tokens.length) throw queryError('UNEXPECTED_INPUT', `unexpected "${tokens[i]!.text}"`);

  const query = { fields, resource, conditions, ...(limit === undefined ? {} : { limit }) };
  for (const name of [...fields, ...conditions.map((c) => c.field)]) checkField(query.resource, name);
  for (const c of conditions) if (c.field === DATE_FIELD) checkDateCondition(c);
  // A query segmented by date needs a finite range of dates (query/date-ranges).
  if (fields.includes(DATE_FIELD)) {
    const bounds = conditions.filter((c) => c.field === DATE_FIELD).flatMap((c) => BOUNDS[c.operator] ?? []);
    if (!bounds.includes('from') || !bounds.includes('to'))
      throw queryError('EXPECTED_FILTERS_ON_DATE_RANGE', `${DATE_FIELD} needs a finite date range in WHERE`);
  }
  return query;

  function condition(): Condition {
    const name = field();
    const op = tokens[i++];
    const word = op?.kind === 'word' ? op.text.toUpperCase() : '';
    if (op?.kind === 'symbol' && ['=', '!=', '>', '>=', '<', '<='].includes(op.text))
      return { field: name, operator: op.text as Condition['operator'], values: [literal()] };
    if (word === 'BETWEEN') {
      const from = literal();
      if (!keyword('AND')) throw queryError('EXPECTED_AND', 'BETWEEN takes two values joined by AND');
      i++;
      return onDates(name, 'BETWEEN', [from, literal()]);
    }
    if (word === 'DURING') return onDates(name, 'DURING', [literal()]);
    if (word === 'IN') {
      if (tokens[i++]?.text !== '(') throw queryError('EXPECTED_LIST', 'IN takes a list');
      const values = [literal()];
      while (peek()?.text === ',') {
        i++;
        values.push(literal());
      }
      if (tokens[i++]?.text !== ')') throw queryError('EXPECTED_LIST', 'unterminated list');
      return { field: name, operator: 'IN', values };
    }
    throw queryError(
      'BAD_OPERATOR',
      `the emulator supports =, !=, <, >, IN, BETWEEN, DURING, not "${op?.text ?? ''}"`,
    );
  }

  function onDates(name: string, operator: 'BETWEEN' | 'DURING', values: string[]): Condition {
    if (name !== DATE_FIELD)
      throw queryError('OPERATOR_FIELD_MISMATCH', `${operator} takes a date field, not "${name}"`);
    return { field: name, operator, values };
  }

  function literal(): string {
    const token = tokens[i++];
    if (!token || token.kind === 'symbol') throw queryError('BAD_VALUE', 'expected a value');
    return token.kind === 'word' ? token.text.toUpperCase() : token.text;
  }
}

/** Which ends of a date range each operator bounds. */
const BOUNDS: Partial<Record<Condition['operator'], ('from' | 'to')[]>> = {
  '=': ['from', 'to'],
  BETWEEN: ['from', 'to'],
  DURING: ['from', 'to'],
  '>': ['from'],
  '>=': ['from'],
  '<': ['to'],
  '<=': ['to'],
};

function checkField(resource: string, name: string): void {
  const dot = name.indexOf('.');
  const [owner, path] = [name.slice(0, dot), name.slice(dot + 1)];
  if (!GAQL_FIELDS[owner]?.includes(path))
    throw queryError('UNRECOGNIZED_FIELD', `unrecognized field "${name}"`);
  if (owner === 'metrics' || owner === 'segments') {
    if (WITH_METRICS.includes(resource)) return;
    const code =
      owner === 'metrics'
        ? 'PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE'
        : 'PROHIBITED_SEGMENT_IN_SELECT_OR_WHERE_CLAUSE';
    throw queryError(code, `"${name}" cannot be used with resource "${resource}" in the emulator`);
  }
  if (!ATTRIBUTED[resource]!.includes(owner)) {
    throw queryError(
      'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE',
      `"${owner}" fields cannot be selected with resource "${resource}"`,
    );
  }
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
/** `ad_group.primary_status` → ['adGroup', 'primaryStatus']. */
export const jsonPath = (field: string) => field.split('.').map(camel);

export type Context = Record<string, object | undefined>;

/**
 * Every row of `resource` in the account, as the resources each row joins. `clients`: the accounts
 * this one manages, the hierarchy `customer_client` lists under it (level 1; the account itself is 0).
 */
function contexts(account: Account, resource: string, clients: Account[]): Context[] {
  const customer = account.customer;
  const campaignOf = (name: string) => [...account.campaigns.values()].find((c) => c.resourceName === name);
  const adGroupOf = (name: string) => [...account.adGroups.values()].find((g) => g.resourceName === name);
  const budgetOf = (name: string) => [...account.budgets.values()].find((b) => b.resourceName === name);
  switch (resource) {
    case 'customer':
      return [{ customer }];
    case 'customer_client':
      return [account, ...clients].map(({ customer: client }, level) => ({
        customerClient: {
          resourceName: `${customer.resourceName}/customerClients/${client.id}`,
          clientCustomer: client.resourceName,
          id: client.id,
          descriptiveName: client.descriptiveName,
          currencyCode: client.currencyCode,
          timeZone: client.timeZone,
          manager: client.manager,
          // int64 fields are strings in Google's REST JSON.
          level: String(Math.min(level, 1)),
          hidden: false,
          testAccount: false,
          status: 'ENABLED',
        },
        customer,
      }));
    case 'campaign':
      return [...account.campaigns.values()].map((campaign) => ({
        campaign,
        campaignBudget: budgetOf(campaign.campaignBudget),
        customer,
      }));
    case 'ad_group':
      return [...account.adGroups.values()].map((adGroup) => ({
        adGroup,
        campaign: campaignOf(adGroup.campaign),
        customer,
      }));
    case 'label':
      return [...account.labels.values()].map((label) => ({ label, customer }));
    case 'ad_group_ad_label':
      return [...account.adLabels.values()].map((adGroupAdLabel) => {
        const adGroupAd = account.ads.get(idOf(adGroupAdLabel.adGroupAd));
        const adGroup = adGroupAd && adGroupOf(adGroupAd.adGroup);
        const label = [...account.labels.values()].find((l) => l.resourceName === adGroupAdLabel.label);
        return {
          adGroupAdLabel,
          adGroupAd,
          adGroup,
          campaign: adGroup && campaignOf(adGroup.campaign),
          label,
          customer,
        };
      });
    default: {
      const [key, rows] =
        resource === 'ad_group_ad' ? ['adGroupAd', account.ads] : ['adGroupCriterion', account.criteria];
      return [...rows.values()].map((row) => {
        const adGroup = adGroupOf(row.adGroup);
        return { [key]: row, adGroup, campaign: adGroup && campaignOf(adGroup.campaign), customer };
      });
    }
  }
}

function valueAt(context: Context, field: string): unknown {
  let value: unknown = context;
  for (const key of jsonPath(field)) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

const asText = (value: unknown) =>
  typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : value === undefined ? '' : String(value);

function matches(context: Context, condition: Condition): boolean {
  const value = asText(valueAt(context, condition.field));
  const [wanted] = condition.values;
  const order =
    Number.isNaN(Number(value)) || Number.isNaN(Number(wanted))
      ? value.localeCompare(wanted!)
      : Number(value) - Number(wanted);
  switch (condition.operator) {
    case '!=':
      return !condition.values.includes(value);
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    default:
      return condition.values.includes(value);
  }
}

/** The rows a query selects, in the REST shape: each joined resource with its resource name. */
export function runQuery(
  account: Account,
  query: Query,
  clients: Account[] = [],
): Record<string, Record<string, unknown>>[] {
  const measured =
    query.fields.some((f) => /^(metrics|segments)\./.test(f)) ||
    query.conditions.some((c) => /^metrics\./.test(c.field));
  if (measured && account.customer.manager) {
    throw queryError(
      'REQUESTED_METRICS_FOR_MANAGER',
      'metrics cannot be requested for a manager account: query each client account',
    );
  }
  const today = zonedTime(new Date(), account.customer.timeZone).slice(0, 10);
  const base = contexts(account, query.resource, clients);
  const rowsOf = measured ? withMetrics(account, base, query, today) : base;
  // Date conditions chose the days; the others filter rows.
  const selected = rowsOf.filter((c) =>
    query.conditions.every((q) => q.field === DATE_FIELD || matches(c, q)),
  );
  const rows = selected.slice(0, query.limit ?? selected.length).map((context) => {
    const row: Record<string, Record<string, unknown>> = {};
    for (const field of query.fields) {
      const value = valueAt(context, field);
      if (value === undefined) continue;
      const [resource, ...path] = jsonPath(field);
      // Resources carry their resource name; metrics and segments have none.
      const resourceName = (context[resource!] as { resourceName?: string }).resourceName;
      row[resource!] ??= resourceName ? { resourceName } : {};
      let node = row[resource!]!;
      for (const key of path.slice(0, -1)) {
        node[key] ??= {};
        node = node[key] as Record<string, unknown>;
      }
      node[path.at(-1)!] = value;
    }
    return row;
  });
  return rows;
}

/** The response's `fieldMask`: the selected fields in JSON names. */
export const fieldMask = (query: Query) => query.fields.map((f) => jsonPath(f).join('.')).join(',');
