import { z } from 'zod';
import { AD_SET_STATUSES } from '../../adsets/model.js';
import { PLATFORM_IDS } from '../../domain/platform-ids.js';

/**
 * The shapes adlink answers with, as components of the OpenAPI document. Request shapes are not here:
 * the document takes them from the schemas the routes validate with. Objects are strict, so the
 * contract test notices a field the document does not name.
 */
export const resources = z.registry<{ id: string; description?: string }>();

export const timestamp = z.iso.datetime();
export const platformId = z.enum(PLATFORM_IDS);
export const status = z.enum(AD_SET_STATUSES);

export const listOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({ has_more: z.boolean(), next_cursor: z.string().optional(), data: z.array(item) });

export const register = <T extends z.ZodType>(id: string, schema: T, description?: string): T => {
  resources.add(schema, description === undefined ? { id } : { id, description });
  return schema;
};
