import api from '../../test/fixtures/pinterest/openapi-extract.json' with { type: 'json' };

/** A query parameter as the OpenAPI extract describes it. */
interface QueryParam {
  type: string;
  required?: boolean;
  format?: string;
  enum?: (string | number)[];
  pattern?: string;
  minItems?: number;
  maxItems?: number;
}

type Query = Record<string, unknown>;
export type ParsedQuery = Record<string, string | string[]>;

const isDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** A query value as one string, or its items: repeated (`a=1&a=2`, form style) or comma-separated. */
const itemsOf = (raw: unknown) => (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(','));

class QueryBreach extends Error {}

function checked(name: string, param: QueryParam, raw: unknown): string | string[] {
  if (param.type === 'array') {
    const items = itemsOf(raw);
    if (items.length < (param.minItems ?? 1) || items.length > (param.maxItems ?? Infinity)) {
      throw new QueryBreach(`${name} must have ${param.minItems ?? 1} to ${param.maxItems} items`);
    }
    const pattern = param.pattern ? new RegExp(param.pattern) : undefined;
    const bad = items.find((v) => (pattern && !pattern.test(v)) || (param.enum && !param.enum.includes(v)));
    if (bad !== undefined) throw new QueryBreach(`${name} has an invalid value "${bad}"`);
    return items;
  }
  if (Array.isArray(raw)) throw new QueryBreach(`${name} is given more than once`);
  const value = String(raw);
  if (param.format === 'date' && !isDate(value))
    throw new QueryBreach(`${name} must be a date YYYY-MM-DD, not "${value}"`);
  if (param.type === 'boolean' && value !== 'true' && value !== 'false')
    throw new QueryBreach(`${name} must be true or false`);
  if (param.type === 'integer' && !/^-?\d+$/.test(value)) throw new QueryBreach(`${name} must be an integer`);
  if (param.enum && !param.enum.map(String).includes(value)) {
    throw new QueryBreach(`${name} must be one of ${param.enum.join(', ')}, not "${value}"`);
  }
  return value;
}

/**
 * An operation's query checked against its parameters in Pinterest's OpenAPI description (the
 * extract): required ones present, dates, enums (of array items too), id patterns and item counts.
 * Answers the parsed parameters it knows, or the first breach as a sentence.
 */
export function officialQuery(operation: keyof typeof api.operations, query: Query): ParsedQuery | string {
  const params = api.operations[operation].query as Record<string, QueryParam>;
  const parsed: ParsedQuery = {};
  try {
    for (const [name, param] of Object.entries(params)) {
      const raw = query[name];
      if (raw === undefined || raw === '') {
        if (param.required) throw new QueryBreach(`${name} is required`);
        continue;
      }
      parsed[name] = checked(name, param, raw);
    }
  } catch (breach) {
    if (breach instanceof QueryBreach) return breach.message;
    throw breach;
  }
  return parsed;
}
