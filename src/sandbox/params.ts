import type { z } from 'zod';

/** A query's or form's parameters, or the name of the first one given more than once (or nested). */
export function singleValued(params: unknown): { values: Record<string, string> } | { repeated: string } {
  const entries = Object.entries(params ?? {});
  const repeated = entries.find(([, value]) => typeof value !== 'string');
  return repeated ? { repeated: repeated[0] } : { values: Object.fromEntries(entries) };
}

/** The first problem zod found, as a dotted parameter name and a sentence. */
export function firstIssue(error: z.ZodError, input: unknown): { param: string; message: string } {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const param = [...issue.path, issue.keys[0]].join('.');
    return { param, message: `Unknown parameter: ${param}.` };
  }
  const param = issue.path.join('.');
  let value = input;
  for (const step of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[step];
  return value === undefined
    ? { param, message: `Missing required parameter: ${param}.` }
    : { param, message: `Invalid ${param}: ${issue.message}.` };
}
