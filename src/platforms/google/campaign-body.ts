import { type Budget, isBudget, type Setting } from '../../adsets/model.js';
import type { NewCampaign } from '../../campaigns/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { microUnits } from '../budget-units.js';
import { googleDates } from './account-time.js';
import type { FieldPathElement, ParamFor } from './errors.js';
import { googleStatus } from './mapping.js';

/** The advertising channel types adlink creates campaigns for (Video campaigns need a reservation). */
export const CREATABLE_CHANNELS = { SEARCH: 'Search', DISPLAY: 'Display' } as const;
export type CreatableChannel = keyof typeof CREATABLE_CHANNELS;

/**
 * Networks a new campaign targets: Search campaigns Google Search and its search partners, without
 * Display expansion; Display campaigns the Display Network alone.
 */
const NETWORKS: Record<CreatableChannel, Record<string, boolean>> = {
  SEARCH: {
    targetGoogleSearch: true,
    targetSearchNetwork: true,
    targetContentNetwork: false,
    targetPartnerSearchNetwork: false,
  },
  DISPLAY: {
    targetGoogleSearch: false,
    targetSearchNetwork: false,
    targetContentNetwork: true,
    targetPartnerSearchNetwork: false,
  },
};

/** One operation of a GoogleAdsService.Mutate, and which unified parameters its errors are about. */
export interface TaggedOperation {
  operation: Record<string, unknown>;
  params: Record<string, string>;
  /** The parameter an error on any other field of the operation is about. */
  fallback: string;
}

/** The unified parameter of an error located in a `mutateOperations` list of tagged operations. */
export const taggedParam =
  (operations: TaggedOperation[]): ParamFor =>
  (path: FieldPathElement[]) => {
    const tagged = operations[path[0]?.index ?? 0];
    if (!tagged) return undefined;
    const field = path.at(-1)?.fieldName ?? '';
    return tagged.params[field] ?? tagged.fallback;
  };

/** A budget in Google's fields: the amount in micros of the account currency, for its period. */
export function budgetFields(budget: Budget, i: number, account: AdAccount) {
  const micros = microUnits(budget, `settings[${i}]`, account);
  return budget.kind === 'TotalBudget'
    ? { period: 'CUSTOM_PERIOD', totalAmountMicros: String(micros) }
    : { period: 'DAILY', amountMicros: String(micros) };
}

export const budgetParams = (i: number) => ({
  amount_micros: `settings[${i}].budget`,
  total_amount_micros: `settings[${i}].budget`,
});

export const runtimeParams = (i: number) => ({
  start_date_time: `settings[${i}].start`,
  end_date_time: `settings[${i}].end`,
});

const indexed = (settings: Setting[], test: (s: Setting) => boolean) => {
  const i = settings.findIndex(test);
  return i < 0 ? undefined : { setting: settings[i]!, i };
};

/**
 * A new campaign as one atomic GoogleAdsService.Mutate: its own budget (not shared: the API's
 * default would share it) under a temporary id, then the campaign with it, manual CPC bidding, the
 * channel's networks and the EU political advertising declaration Google requires (adlink does not
 * carry political advertising).
 */
export function campaignCreate(input: NewCampaign, account: AdAccount, timeZone: string): TaggedOperation[] {
  const channel = input.objective as CreatableChannel;
  const budget = indexed(input.settings, isBudget);
  if (!budget) {
    throw new PlatformInputError('settings', 'A Google campaign needs a DailyBudget or a TotalBudget.');
  }
  const runtime = indexed(input.settings, (s) => s.kind === 'Runtime');
  const dates = runtime?.setting.kind === 'Runtime' ? googleDates(runtime.setting, timeZone, runtime.i) : {};
  const budgetName = `customers/${account.id}/campaignBudgets/-1`;
  const budgetParam = `settings[${budget.i}]`;
  return [
    {
      operation: {
        campaignBudgetOperation: {
          create: {
            resourceName: budgetName,
            ...budgetFields(budget.setting as Budget, budget.i, account),
            deliveryMethod: 'STANDARD',
            explicitlyShared: false,
          },
        },
      },
      params: budgetParams(budget.i),
      fallback: budgetParam,
    },
    {
      operation: {
        campaignOperation: {
          create: {
            name: input.name,
            status: googleStatus(input.status),
            advertisingChannelType: channel,
            campaignBudget: budgetName,
            manualCpc: {},
            networkSettings: NETWORKS[channel],
            containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
            ...dates,
          },
        },
      },
      params: {
        name: 'name',
        status: 'status',
        advertising_channel_type: 'objective',
        campaign_budget: budgetParam,
        // A total budget without an end is Google's END_DATE_TIME_REQUIRED_FOR_TOTAL_BUDGET.
        ...(runtime ? runtimeParams(runtime.i) : { end_date_time: budgetParam }),
      },
      fallback: 'settings',
    },
  ];
}
