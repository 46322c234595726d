// /rules/<ruleId>: one page per rule, linked from every diagnostic's docsUrl; hostile ids are not
// reflected.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../workers/generators/analyze.ts';
import { RULE_CATALOGUE } from '../../workers/generators/model/lint/rule-catalogue.ts';
import { RULE_DOCS } from '../../workers/generators/model/lint/rule-docs.ts';
import { ALL_RULES } from '../../workers/generators/model/rules/all-rules.ts';
import { startTestService, type TestService } from '../setup/service.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api' });
});
afterAll(async () => service?.stop());

describe('rule documentation', () => {
  it('every rule of the catalogue has a page with what, why, a failing and a passing example, and how to turn it off', async () => {
    for (const rule of ALL_RULES) expect(Object.hasOwn(RULE_DOCS, rule.id), rule.id).toBe(true);
    for (const id of Object.keys(RULE_CATALOGUE)) {
      const res = await fetch(`${service.url}/rules/${id}`);
      expect(res.status, id).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await res.text();
      for (const part of ['What it checks', 'Why it matters', 'Fails', 'Passes', 'Setting or turning it off'])
        expect(html, `${id}: ${part}`).toContain(part);
    }
    const tags = await (await fetch(`${service.url}/rules/tags/declared`)).text();
    expect(tags).toContain('tags/declared: off');
    expect(tags).toContain('Redocly: <code>operation-tag-defined</code>');
  });

  it('the index lists every rule, and a diagnostic docsUrl leads to its page', async () => {
    const index = await (await fetch(`${service.url}/rules`)).text();
    for (const id of Object.keys(RULE_CATALOGUE)) expect(index).toContain(`href="/rules/${id}"`);
    const r = await analyzeSpec({
      openapiText: 'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths: {}\n',
      mode: 'flagship',
    });
    const url = r.diagnostics[0]?.docsUrl;
    expect(url).toBe('/rules/servers/present');
    expect((await fetch(`${service.url}${url}`)).status).toBe(200);
    expect((await fetch(`${service.url}/rules/parse/syntax`)).status).toBe(200);
  });

  it('an unknown or hostile id is a 404 {error, message} that does not echo it', async () => {
    for (const path of [
      '/rules/nope/nothing',
      '/rules/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/rules/tags/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
      '/rules/tags/declared/extra',
      '/rules/..%2F..%2Fetc%2Fpasswd',
      `/rules/${'a'.repeat(5000)}/b`,
    ]) {
      const res = await fetch(`${service.url}${path}`);
      expect(res.status, path).toBe(404);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe('not_found');
      expect(body.message).not.toMatch(/script|img|passwd|aaaa/);
    }
  });
});
