/**
 * Checks a request body against rules written from a platform's official description: fields it
 * marks required, and fields whose value must be one of an enum's. Each emulator answers a breach in
 * its platform's own error envelope; conditional rules (required only with another value) stay code.
 */

export interface FieldRule {
  required?: true;
  /** The values the description lists for the field (checked where the field is present). */
  oneOf?: readonly string[];
}

/** Rules by field; a dotted name (`runSchedule.end`) reaches into nested objects. */
export type FieldRules = Record<string, FieldRule>;

export interface FieldBreach {
  field: string;
  problem: 'missing' | 'not_in_enum';
  /** For `not_in_enum`: the values the field may take. */
  allowed?: readonly string[];
}

const valueAt = (body: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined,
      body,
    );

/** Every rule `body` breaks, in the order of `rules`; null and the empty string count as missing. */
export function fieldBreaches(body: unknown, rules: FieldRules): FieldBreach[] {
  const breaches: FieldBreach[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    const value = valueAt(body, field);
    if (value === undefined || value === null || value === '') {
      if (rule.required) breaches.push({ field, problem: 'missing' });
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    if (rule.oneOf && values.some((v) => typeof v !== 'string' || !rule.oneOf!.includes(v))) {
      breaches.push({ field, problem: 'not_in_enum', allowed: rule.oneOf });
    }
  }
  return breaches;
}
