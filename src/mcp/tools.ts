import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { OPERATIONS } from '../openapi/document.js';
import { PARAMETERS } from '../openapi/headers.js';
import { type JsonSchema, requestSchema } from '../openapi/json-schema.js';
import { type Operation, operationDescription, operationErrors } from '../openapi/operation.js';
import type { TokenOwner } from '../store/companies.js';

/** The tags whose operations agents get as tools; the access tokens and the company's settings stay out. */
const TOOL_TAGS = [
  'Customers',
  'Connect links',
  'Connections',
  'Ad sets',
  'Campaigns',
  'Ads',
  'Audiences',
  'Reports',
  'Events and webhooks',
];

/** Where a tool's argument goes in the API request. */
export type Place = 'path' | 'query' | 'body' | 'idempotencyKey';

/** The argument that carries the `Idempotency-Key` header of an operation that takes one. */
export const IDEMPOTENCY_KEY = 'idempotency_key';

export interface Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  annotations: ToolAnnotations;
  operation: Operation;
  /** Each argument the operation takes, and where it goes. */
  places: Map<string, Place>;
}

/** `listAdSets` → `list_ad_sets`. */
export const toolName = (operationId: string) => operationId.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Operations an agent can call with JSON arguments and read a JSON answer of. */
const offered = (op: Operation) =>
  TOOL_TAGS.includes(op.tag) &&
  !op.public &&
  op.noTool === undefined &&
  (op.body === undefined || op.body.content['application/json'] !== undefined);

interface ObjectSchema {
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** The operation's path parameters, query and JSON body as one object schema, and where each goes. */
function argumentsOf(op: Operation) {
  const places = new Map<string, Place>();
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const add = (place: Place, { properties: own = {} }: ObjectSchema, mandatory: string[] = []) => {
    for (const [name, property] of Object.entries(own)) {
      const earlier = places.get(name);
      if (earlier)
        throw new Error(`${op.operationId}: "${name}" is both a ${earlier} and a ${place} argument.`);
      places.set(name, place);
      const description = op.params?.[name];
      properties[name] = description === undefined ? property : { ...property, description };
    }
    required.push(...mandatory);
  };
  if (op.pathParams) add('path', requestSchema(op.pathParams), Object.keys(op.pathParams.shape));
  if (op.query) {
    const query: ObjectSchema = requestSchema(op.query);
    add('query', query, query.required);
  }
  const json = op.body?.content['application/json'];
  if (json) {
    const body: ObjectSchema & { type?: unknown } = requestSchema(json.schema);
    if (body.type !== 'object') throw new Error(`${op.operationId}: a tool's JSON body must be an object.`);
    add('body', body, op.body!.required ? body.required : []);
  }
  if (op.idempotent) {
    const { description, schema } = PARAMETERS.IdempotencyKey;
    add('idempotencyKey', { properties: { [IDEMPOTENCY_KEY]: { ...schema, description } } });
  }
  return {
    places,
    inputSchema: {
      type: 'object' as const,
      properties,
      ...(required.length > 0 ? { required } : {}),
      additionalProperties: false,
    },
  };
}

/**
 * What the tool does to the world (the protocol's hints): reads only GET operations that need no write
 * scope; an update or delete may undo what was there (a status change pauses or ends live ads), a
 * create or an added member only adds; PUT and DELETE leave the same state when repeated; what can
 * answer `platform_error` reaches an ad platform.
 */
function annotationsOf(op: Operation): ToolAnnotations {
  const readOnly = op.method === 'get' && op.access !== 'write';
  const reachesPlatform = operationErrors(op).includes('platform_error');
  if (readOnly) return { title: op.summary, readOnlyHint: true, openWorldHint: reachesPlatform };
  return {
    title: op.summary,
    readOnlyHint: false,
    destructiveHint: op.method === 'delete' || op.method === 'put' || op.method === 'patch',
    idempotentHint: op.method === 'delete' || op.method === 'put',
    openWorldHint: reachesPlatform,
  };
}

function toolOf(op: Operation): Tool {
  const { places, inputSchema } = argumentsOf(op);
  const retry =
    op.idempotent &&
    `Pass \`${IDEMPOTENCY_KEY}\` to make a retry safe: the same key and arguments within 24 hours answer the first result again.`;
  return {
    name: toolName(op.operationId),
    title: op.summary,
    description: [`${op.summary}.`, operationDescription(op), retry].filter(Boolean).join('\n\n'),
    inputSchema,
    annotations: annotationsOf(op),
    operation: op,
    places,
  };
}

let built: { list: Tool[]; byName: Map<string, Tool> } | undefined;

/** Every tool, in the order of the API description; built on first use, not while adlink starts. */
function tools() {
  if (!built) {
    const list = OPERATIONS.filter(offered).map(toolOf);
    built = { list, byName: new Map(list.map((tool) => [tool.name, tool])) };
  }
  return built;
}

export const allTools = (): Tool[] => tools().list;

export const toolNamed = (name: string): Tool | undefined => tools().byName.get(name);

/**
 * The tools a token may call, as the API's guards decide: a company token all; an access token those
 * that act for one customer, and with the `read` scope only those that need no write scope.
 */
export const toolsFor = (owner: TokenOwner): Tool[] =>
  owner.customer === undefined
    ? allTools()
    : allTools().filter(
        ({ operation }) =>
          operation.access === 'read' || (operation.access === 'write' && owner.scope === 'write'),
      );
