import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApi } from '../scripts/lint-openapi.js';
import { type Harness, startHarness } from './support/harness.js';

interface Report {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

/** What client generators and linters read: the document a running app serves, under Redocly's rules. */
describe('OpenAPI document under Redocly’s recommended rules', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ backend: 'memory' });
  });
  afterAll(() => h.close());

  it('has no finding', async () => {
    const served = await h.http.get('/openapi.json');
    expect(served.status).toBe(200);
    const { status, stdout, stderr } = await lintOpenApi(served.body, 'json');
    expect(stdout, stderr).not.toBe('');
    const report = JSON.parse(stdout) as Report;
    const findings = report.problems.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(findings.slice(0, 20), `${findings.length} findings, the first 20`).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(status).toBe(0);
  });
});
