/** The unified ad-set statuses: what the cache indexes by and every platform maps its own to. */
export const AD_SET_STATUSES = ['Running', 'Active', 'Paused', 'Archived', 'Deleted'] as const;
export type AdSetStatus = (typeof AD_SET_STATUSES)[number];
