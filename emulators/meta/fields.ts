import { invalidParam } from './graph-error.js';

/** One requested field, with the sub-fields of an expansion such as `campaign{objective}`. */
export interface FieldRequest {
  name: string;
  fields: FieldRequest[];
}

/** Parses Graph's `fields=` syntax: comma-separated names, `{…}` for sub-fields. */
export function parseFields(value: unknown): FieldRequest[] {
  if (value === undefined || value === '') return [];
  if (typeof value !== 'string') throw invalidParam('Param fields must be a string');
  const [fields, rest] = parseList(value, 0);
  if (rest !== value.length) throw invalidParam(`Syntax error in fields near position ${rest}`);
  return fields;
}

function parseList(text: string, start: number): [FieldRequest[], number] {
  const fields: FieldRequest[] = [];
  let i = start;
  while (i < text.length && text[i] !== '}') {
    const name = /^[a-z_]+/.exec(text.slice(i))?.[0];
    if (!name) throw invalidParam(`Syntax error in fields near position ${i}`);
    i += name.length;
    let sub: FieldRequest[] = [];
    if (text[i] === '{') {
      [sub, i] = parseList(text, i + 1);
      if (text[i] !== '}') throw invalidParam(`Syntax error in fields near position ${i}`);
      i++;
    }
    fields.push({ name, fields: sub });
    if (text[i] === ',') i++;
  }
  return [fields, i];
}

/**
 * The answer for one node: `id` always, plus each requested field the node type has; a field it does
 * not have is refused as Meta does.
 */
export function select(
  nodeType: string,
  known: readonly string[],
  requested: FieldRequest[],
  value: (field: FieldRequest) => unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = { id: value({ name: 'id', fields: [] }) };
  for (const field of requested) {
    if (!known.includes(field.name)) {
      throw invalidParam(`Tried accessing nonexisting field (${field.name}) on node type (${nodeType})`);
    }
    const v = value(field);
    if (v !== undefined) out[field.name] = v;
  }
  return out;
}
