import { Ajv, type ErrorObject } from 'ajv';

/**
 * Request bodies checked against a JSON Schema taken from a platform's official description (an
 * OpenAPI schema, an SDK's data contracts, or rules written from a documentation page), so an emulator
 * refuses what the platform refuses: a missing required field, a value outside an enum, a wrong type.
 * Each emulator words the issues in its own error envelope.
 */
export interface BodyIssue {
  /** The field, as a dotted path from the body (`targeting_spec.GEO`, `0.name`); empty for the body. */
  field: string;
  message: string;
}

export type BodyCheck = (body: unknown) => BodyIssue[];

// Descriptions carry `example`, `title` and formats such as int64 that say nothing about validity.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });

export function bodySchema(schema: object): BodyCheck {
  const validate = ajv.compile(schema);
  return (body) => (validate(body) ? [] : (validate.errors ?? []).map(issue));
}

function issue(error: ErrorObject): BodyIssue {
  const at = error.instancePath.split('/').slice(1);
  if (error.keyword === 'required') {
    const field = [...at, (error.params as { missingProperty: string }).missingProperty].join('.');
    return { field, message: 'is required' };
  }
  if (error.keyword === 'additionalProperties') {
    const field = [...at, (error.params as { additionalProperty: string }).additionalProperty].join('.');
    return { field, message: 'is not a field of this request' };
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
    return { field: at.join('.'), message: `must be one of ${allowed.map(String).join(', ')}` };
  }
  return { field: at.join('.'), message: error.message ?? 'is not valid' };
}

/** Issues as one line: `billable_event: is required; status: must be one of ACTIVE, PAUSED`. */
export const describeBodyIssues = (issues: BodyIssue[]): string =>
  issues.map((i) => `${i.field || 'body'}: ${i.message}`).join('; ');
