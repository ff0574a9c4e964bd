import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError, errorBody } from '../errors.js';
import { checkIdempotencyKey } from '../http/idempotency.js';
import { IDEMPOTENCY_KEY, type Place, type Tool } from './tools.js';

/** One request to the adlink API, as a tool call makes it. */
export interface ApiRequest {
  method: string;
  /** Path and query: `/v1/meta/adsets?customer=…`. */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ApiAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** Sends a request to the API with the caller's token and answers what the API answered. */
export type Api = (request: ApiRequest) => Promise<ApiAnswer>;

/** Longer request targets are refused before they are sent: HTTP servers refuse them without a JSON error. */
const MAX_TARGET = 8 * 1024;

/** An argument as it is written in a path or query: strings as they are, anything else as JSON. */
const written = (value: unknown) =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);

/**
 * The API request of a tool call. Each argument goes where the operation takes it; one the operation
 * does not take goes in the body (or the query, without one), so the API refuses it as it refuses any
 * unknown parameter. Nothing is checked here but what HTTP cannot carry: a path parameter left out (it
 * would name another endpoint), a path and query too long for a request line, an idempotency key no
 * header can hold.
 */
export function apiRequest(tool: Tool, args: Record<string, unknown>): ApiRequest {
  const { operation } = tool;
  const path: Record<string, string> = {};
  const query: [string, string][] = [];
  const body: [string, unknown][] = [];
  const headers: Record<string, string> = { Accept: 'application/json' };
  const unknown: Place = operation.body ? 'body' : 'query';
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    const place = tool.places.get(name) ?? unknown;
    if (place === 'path') path[name] = written(value);
    else if (place === 'query') query.push([name, written(value)]);
    else if (place === 'body') body.push([name, value]);
    else {
      // A header HTTP could not carry would be refused without the API's error.
      checkIdempotencyKey(written(value), IDEMPOTENCY_KEY);
      headers['Idempotency-Key'] = written(value);
    }
  }
  const pathname = operation.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = path[name];
    if (!value)
      throw new AppError('invalid_request', `Missing required parameter: ${name}.`, { param: name });
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams(query).toString();
  const target = search ? `${pathname}?${search}` : pathname;
  if (target.length > MAX_TARGET) {
    const [longest] = [...Object.entries(path), ...query].sort(([, a], [, b]) => b.length - a.length)[0]!;
    throw new AppError(
      'invalid_request',
      `The request's path and query are over 8 KB: ${longest} is too long.`,
      {
        param: longest,
      },
    );
  }
  if (!operation.body) return { method: operation.method.toUpperCase(), target, headers };
  return {
    method: operation.method.toUpperCase(),
    target,
    headers: { ...headers, 'Content-Type': 'application/json' },
    // fromEntries defines `__proto__` as a field, which the API then refuses by name.
    body: JSON.stringify(Object.fromEntries(body)),
  };
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parsed({ contentType, text }: ApiAnswer): unknown {
  if (!/^application\/json\b/i.test(contentType)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One line an agent reads first: how many, what next, or which object in which state. */
function summary(tool: Tool, status: number, answer: Json): string {
  if (Array.isArray(answer.data)) {
    const more = answer.has_more === true && typeof answer.next_cursor === 'string';
    return `${tool.title}: ${answer.data.length} result(s)${more ? `; more with cursor "${answer.next_cursor}"` : ''}.`;
  }
  const state = [answer.id && `id ${String(answer.id)}`, answer.status && `status ${String(answer.status)}`];
  const done = status === 202 ? 'accepted, still running' : 'done';
  return `${tool.title}: ${[done, ...state].filter(Boolean).join(', ')}.`;
}

/** The API's error, as the tool's error: its code, param and message in the structured content and the text. */
export function toolError(status: number, error: Json): CallToolResult {
  const param = typeof error.param === 'string' ? ` (param ${error.param})` : '';
  return {
    isError: true,
    structuredContent: { status, error },
    content: [
      { type: 'text', text: `Error ${status} ${String(error.code)}${param}: ${String(error.message)}` },
    ],
  };
}

/** What the API answered, as the tool's result: its JSON as structured content, after a one-line summary. */
export function toolResult(tool: Tool, answer: ApiAnswer): CallToolResult {
  const json = parsed(answer);
  if (answer.status >= 400) {
    const error =
      isObject(json) && isObject(json.error) ? json.error : { message: answer.text.slice(0, 500) };
    // The header is the tool's argument.
    if (error.param === 'Idempotency-Key') error.param = IDEMPOTENCY_KEY;
    return toolError(answer.status, error);
  }
  const structured = isObject(json) ? json : { data: json ?? answer.text };
  return {
    structuredContent: structured,
    content: [
      { type: 'text', text: summary(tool, answer.status, structured) },
      { type: 'text', text: JSON.stringify(structured) },
    ],
  };
}

/** Calls a tool: its request to the API, then the answer; a request HTTP cannot carry is refused as the API would. */
export async function callTool(
  tool: Tool,
  args: Record<string, unknown>,
  api: Api,
  requestId: string,
): Promise<CallToolResult> {
  let request: ApiRequest;
  try {
    request = apiRequest(tool, args);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return toolError(err.status, errorBody(err, requestId).error);
  }
  return toolResult(tool, await api(request));
}
