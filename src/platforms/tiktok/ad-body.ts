import type { Ad } from '../../ads/model.js';
import type { FieldParams } from './errors.js';

/**
 * The `/ad/update/` body (AdUpdateBody) that renames an ad: `patch_update` changes only the fields
 * given, where a plain update takes the whole creative and resets what it leaves out.
 */
export function adRenameBody(ad: Ad, name: string): { body: Record<string, unknown>; params: FieldParams } {
  return {
    body: {
      advertiser_id: ad.advertiser,
      adgroup_id: ad.adSetId,
      patch_update: true,
      creatives: [{ ad_id: ad.id, ad_name: name }],
    },
    params: { creatives: 'name' },
  };
}
