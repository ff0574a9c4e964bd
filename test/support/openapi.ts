import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiDocument } from '../../src/openapi/document.js';
import { openApiPath } from '../../src/openapi/operation.js';

// ajv-formats is CommonJS: its function is the default export's default.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

export type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, DocResponse>; requestBody?: DocBody }>>;
  components: {
    headers: Record<string, { required?: boolean }>;
    examples: Record<string, { value: unknown }>;
  };
};
export interface DocResponse {
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, { example?: unknown; examples?: Record<string, { $ref: string }> }>;
}
export interface DocBody {
  content: Record<string, { example?: unknown }>;
}

/** JSON Pointer escaping of one segment. */
export const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** The document as the app serves it, and ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect) over it. */
export function documentValidator(baseUrl = 'http://localhost:3000') {
  const doc = openApiDocument(baseUrl) as unknown as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi');
  const schemaAt = (path: string): ValidateFunction => {
    const validate = ajv.getSchema(`openapi#${path}`);
    if (!validate) throw new Error(`no schema at ${path}`);
    return validate;
  };
  const operationAt = (method: string, expressPath: string) =>
    `/paths/${pointer(openApiPath(expressPath))}/${method}`;
  return { doc, schemaAt, operationAt };
}
