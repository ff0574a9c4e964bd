/** The kinds of channel ads run on: what the ad-set and campaign models, the catalog and the API name. */
export const CHANNEL_KINDS = [
  'Social',
  'Search',
  'Display',
  'Video',
  'Audio',
  'DOOH',
  'CTV',
  'Mail',
  'Mixed',
] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
