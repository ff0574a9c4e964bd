/** `start_time` and `end_time` (Unix seconds, null: from creation / without end) of a campaign or ad group. */
export interface Schedule {
  start_time: number | null;
  end_time: number | null;
}

/**
 * What is wrong with the schedule a create or an update sends (`current` is the object before an
 * update): an end after the start and after now; on an update, a moved start not in the past and a
 * moved end ahead (fields not sent stay).
 */
export function scheduleError(
  sent: Partial<Schedule>,
  current: Schedule | null,
  now: number,
): string | undefined {
  const start = sent.start_time === undefined ? (current?.start_time ?? null) : sent.start_time;
  const end = sent.end_time === undefined ? (current?.end_time ?? null) : sent.end_time;
  if (current === null) {
    return end !== null && end <= Math.max(start ?? now, now)
      ? 'end_time must be after start_time and now.'
      : undefined;
  }
  if (start !== null && start !== current.start_time && start < now) {
    return 'start_time cannot be moved into the past.';
  }
  if (end === null) return undefined;
  if (end !== current.end_time && end <= now) return 'end_time must be after now.';
  return start !== null && end <= start ? 'end_time must be after start_time.' : undefined;
}

/**
 * An ad group's schedule within its campaign's: its start not before the campaign's, its end not
 * after it (the ad group fields' descriptions); an open end under a campaign that ends is its end.
 */
export function outsideCampaign(adGroup: Schedule, campaign: Schedule): string | undefined {
  if (
    campaign.start_time !== null &&
    adGroup.start_time !== null &&
    adGroup.start_time < campaign.start_time
  ) {
    return "start_time cannot precede the campaign's start_time.";
  }
  if (campaign.end_time !== null && adGroup.end_time !== null && adGroup.end_time > campaign.end_time) {
    return "end_time cannot occur after the campaign's end_time.";
  }
  return undefined;
}
