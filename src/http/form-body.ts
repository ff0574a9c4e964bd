import type { Request } from 'express';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import { hasBody, parseJsonBody, validateBody } from './validate.js';

/** Fields sent JSON-encoded when the body is a form (lists, and an ad's creative), as the documented examples do. */
export const JSON_FIELDS = new Set(['settings', 'targetings', 'creative']);

function fromFormFields(fields: Map<string, string[]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, values] of fields) {
    if (values.length > 1) {
      throw new AppError('parameter_repeated', `The parameter ${name} must be given once.`, { param: name });
    }
    const value = values[0]!;
    if (!JSON_FIELDS.has(name)) {
      body[name] = value;
      continue;
    }
    try {
      body[name] = JSON.parse(value);
    } catch {
      throw new AppError('invalid_request', `${name} must be JSON-encoded.`, { param: name });
    }
  }
  return body;
}

async function multipartFields(req: Request): Promise<Map<string, string[]>> {
  const raw = req.body;
  if (!Buffer.isBuffer(raw)) throw new AppError('invalid_request', 'The multipart body could not be read.');
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'Content-Type': req.get('content-type')! } }).formData();
  } catch {
    throw new AppError('invalid_request', 'The multipart body is malformed.');
  }
  const fields = new Map<string, string[]>();
  for (const [name, value] of form) {
    if (typeof value !== 'string')
      throw new AppError('invalid_request', 'Files are not accepted.', { param: name });
    fields.set(name, [...(fields.get(name) ?? []), value]);
  }
  return fields;
}

/**
 * A resource's parameters (ad sets, campaigns) from JSON, a URL-encoded form or multipart/form-data,
 * checked against the schema. Form values are strings; `settings` and `targetings` arrive JSON-encoded.
 */
export async function parseResourceBody<S extends z.ZodType>(schema: S, req: Request): Promise<z.infer<S>> {
  if (!hasBody(req) || req.is('application/json')) return parseJsonBody(schema, req);
  let fields: Map<string, string[]>;
  if (req.is('application/x-www-form-urlencoded')) {
    fields = new Map(
      Object.entries(req.body as Record<string, string | string[]>).map(([k, v]) => [k, [v].flat()]),
    );
  } else if (req.is('multipart/form-data')) {
    fields = await multipartFields(req);
  } else {
    throw new AppError(
      'unsupported_media_type',
      'Send JSON, application/x-www-form-urlencoded or multipart/form-data.',
      { param: 'Content-Type' },
    );
  }
  return validateBody(schema, fromFormFields(fields));
}
