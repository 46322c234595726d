import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../workers/generators/analyze.ts';
import { startTestService, type TestService } from '../setup/service.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api' });
});
afterAll(async () => service?.stop());

describe('our own /api/openapi.json', () => {
  it('passes our own validator with no errors and no warnings', async () => {
    const text = await (await fetch(`${service.url}/api/openapi.json`)).text();
    const result = await analyzeSpec({ openapiText: text, mode: 'flagship' });
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(result.counts.operations).toBeGreaterThanOrEqual(25);
    expect(result.model?.servers[0]?.url).toBe(`${service.url}/api`);
  });
});
