import { z } from 'zod';
import { resources } from './resources.js';

export type JsonSchema = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';

/**
 * What a client may send, by zod's own converter: the input side of transforms and pipes (a query's
 * `limit` is a string of digits), defaults make a field optional. Shapes that are components of the
 * document for answers are written out in full, since a request's input differs from its output.
 */
export function requestSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    metadata: z.registry(),
  });
  return rest;
}

/** The answer components (src/openapi/resources.ts), referring to one another by `$ref`. */
export function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(resources, {
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `${COMPONENTS}${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...rest }]) => [id, rest]),
  );
}

/** A `$ref` to the component of a registered answer shape. */
export function refTo(schema: z.ZodType): JsonSchema {
  const id = resources.get(schema)?.id;
  if (id === undefined) throw new Error('An answer schema must be registered in src/openapi/resources.ts.');
  return { $ref: `${COMPONENTS}${id}` };
}
