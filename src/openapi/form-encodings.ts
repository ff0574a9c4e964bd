import { z } from 'zod';
import { JSON_FIELDS } from '../http/form-body.js';
import type { BodyVariant } from './operation.js';

/** The same fields as form values: `settings`, `targetings` and `creative` arrive JSON-encoded (src/http/form-body.ts). */
function formVariant(schema: z.ZodObject): z.ZodType {
  const encoded = Object.keys(schema.shape).filter((key) => JSON_FIELDS.has(key));
  if (encoded.length === 0) return schema;
  // The form's values are checked by the same refinements once decoded (safeExtend keeps them).
  return schema.safeExtend(
    Object.fromEntries(
      encoded.map((key) => {
        const value = z.string().describe(`The ${key}, JSON-encoded.`);
        return [key, schema.shape[key] instanceof z.ZodOptional ? value.optional() : value];
      }),
    ),
  );
}

export function encodings(
  schema: z.ZodObject,
  example: Record<string, unknown>,
): Record<string, BodyVariant> {
  const form = {
    schema: formVariant(schema),
    example: Object.fromEntries(
      Object.entries(example).map(([k, v]) => [k, JSON_FIELDS.has(k) ? JSON.stringify(v) : v]),
    ),
  };
  return {
    'application/json': { schema, example },
    'application/x-www-form-urlencoded': form,
    'multipart/form-data': form,
  };
}
