import type { RunningEmulator } from '../../emulators/toolkit/emulator.js';
import { emulatorToken } from './emulator-call.js';

/**
 * A campaign or ad group as the TikTok emulator stores it, read with its own `/…/get/` (TikTok's
 * units: budgets in major units, times in UTC+0).
 */
export async function tiktokRecord(
  emulator: RunningEmulator,
  kind: 'campaign' | 'adgroup',
  advertiserId: string,
  id: string,
): Promise<Record<string, unknown>> {
  const url = new URL(`/open_api/v1.3/${kind}/get/`, emulator.url);
  url.searchParams.set('advertiser_id', advertiserId);
  url.searchParams.set('filtering', JSON.stringify({ [`${kind}_ids`]: [id], primary_status: 'STATUS_ALL' }));
  const res = await fetch(url, { headers: { 'Access-Token': emulatorToken(emulator) } });
  const body = (await res.json()) as { code: number; data: { list: Record<string, unknown>[] } };
  const [record] = body.data.list ?? [];
  if (body.code !== 0 || !record) throw new Error(`no ${kind} ${id}: ${JSON.stringify(body)}`);
  return record;
}

/** A POST to the TikTok emulator's Marketing API (what a customer does in TikTok itself): the envelope. */
export async function tiktokPost(
  emulator: RunningEmulator,
  path: string,
  body: object,
): Promise<{ code: number; message: string; data: Record<string, unknown> }> {
  const res = await fetch(new URL(`/open_api/v1.3${path}`, emulator.url), {
    method: 'POST',
    headers: { 'Access-Token': emulatorToken(emulator), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
}
