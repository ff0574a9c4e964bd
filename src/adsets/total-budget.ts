/**
 * How long a TotalBudget ad set runs where the platform needs an end date with a lifetime budget:
 * the unified model has no runtime setting, so adlink ends it this many days after creation.
 */
export const TOTAL_BUDGET_DAYS = 30;

const DAY_MS = 86_400_000;

/** The end of a TotalBudget ad set created at `now`. */
export const totalBudgetEnd = (now: Date): Date => new Date(now.getTime() + TOTAL_BUDGET_DAYS * DAY_MS);
