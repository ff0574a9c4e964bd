import { describe, expect, it } from 'vitest';
import { bodySchema, describeBodyIssues } from '../../emulators/toolkit/body-schema.js';

describe("the emulators' body check", () => {
  const check = bodySchema({
    type: 'object',
    required: ['name', 'status'],
    additionalProperties: false,
    properties: {
      name: { type: 'string' },
      status: { type: 'string', enum: ['ACTIVE', 'PAUSED'] },
      targeting: { type: 'object', required: ['geos'], properties: { geos: { type: 'array' } } },
    },
  });

  it('takes a body of the schema', () => {
    expect(check({ name: 'n', status: 'PAUSED', targeting: { geos: [] } })).toEqual([]);
  });

  it('names each missing field, value outside the enum and unknown field, nested ones by their path', () => {
    const issues = check({ status: 'RUNNING', targeting: {}, extra: 1 });
    expect(issues).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'is required' },
        { field: 'status', message: 'must be one of ACTIVE, PAUSED' },
        { field: 'targeting.geos', message: 'is required' },
        { field: 'extra', message: 'is not a field of this request' },
      ]),
    );
    expect(describeBodyIssues(check([]))).toBe('body: must be object');
  });
});
