import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/errors.js';
import { documentValidator, pointer } from './support/openapi.js';

/**
 * The OpenAPI document itself: valid OpenAPI 3.1, every example valid against the schema it
 * illustrates, and the complete, closed error list with each code's status.
 */
describe('OpenAPI document', () => {
  const { doc, schemaAt } = documentValidator();

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(
      structuredClone(doc) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has examples that its own schemas accept: request bodies, answers and errors', () => {
    const problems: string[] = [];
    let checked = 0;
    const check = (where: string, value: unknown) => {
      const validate = schemaAt(`${where}/schema`);
      checked++;
      if (!validate(value)) problems.push(`${where}: ${JSON.stringify(validate.errors)}`);
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const at = `/paths/${pointer(path)}/${method}`;
        for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
          // Form variants carry strings a form parser decodes; their examples are checked as sent.
          check(`${at}/requestBody/content/${pointer(type)}`, media.example);
        }
        for (const [status, response] of Object.entries(operation.responses)) {
          const media = response.content?.['application/json'];
          if (!media) continue;
          const where = `${at}/responses/${status}/content/application~1json`;
          if (media.example !== undefined) check(where, media.example);
          for (const ref of Object.values(media.examples ?? {})) {
            const name = ref.$ref.split('/').pop()!;
            check(where, doc.components.examples[name]!.value);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('lists every error code with its status, and only those', () => {
    const codes = schemaAt('/components/schemas/Error').schema as {
      properties: { error: { properties: { code: { enum: string[] } } } };
    };
    expect(codes.properties.error.properties.code.enum.sort()).toEqual(Object.keys(ERROR_CODES).sort());
    const answered = new Map<string, Set<string>>();
    for (const methods of Object.values(doc.paths)) {
      for (const { responses } of Object.values(methods)) {
        for (const [status, response] of Object.entries(responses)) {
          for (const ref of Object.values(response.content?.['application/json']?.examples ?? {})) {
            const code = ref.$ref.split('/').pop()!;
            answered.set(code, (answered.get(code) ?? new Set()).add(status));
          }
        }
      }
    }
    for (const [code, statuses] of answered) {
      expect([...statuses], code).toEqual([String(ERROR_CODES[code as keyof typeof ERROR_CODES].status)]);
    }
    // Every code some endpoint can answer with is on an endpoint; the rest are for paths and methods
    // that no operation has (an unknown path, a method a path does not take).
    const unattached = Object.keys(ERROR_CODES).filter((code) => !answered.has(code));
    expect(unattached.sort()).toEqual(['method_not_allowed', 'route_not_found']);
  });
});
