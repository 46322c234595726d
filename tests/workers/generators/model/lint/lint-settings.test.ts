// Rule settings (`lint:` in the flagship config): each severity, the import of a Redocly and a
// Spectral file, unknown ids; the class of each finding and the verdict it leads to.

import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../../../../db/models/run-shapes.ts';
import { ALL_RULES } from '../../../../../workers/generators/model/rules/all-rules.ts';
import { isKnownRule } from '../../../../../workers/generators/model/lint/rule-catalogue.ts';
import { REDOCLY_RULES, SPECTRAL_RULES } from '../../../../../workers/generators/model/lint/foreign-rules.ts';
import { decideOutcome } from '../../../../../workers/pipeline/verdict.ts';
import { analyzeJson, baseSpec } from '../../helpers.ts';

/** Two style findings (an undeclared tag, an unused component) and one sdk finding (no servers). */
const spec = baseSpec({
  servers: [],
  paths: { '/pets/{petId}': { get: { tags: ['pets', 'animals'] } } },
  components: { schemas: { Unused: { type: 'string' } } },
});
const CONFIG = 'client_name: Pets\nresources:\n  pets:\n    methods:\n      retrieve: get /pets/{petId}\n';
const lint = (yaml: string) => analyzeJson(spec, { configText: `${CONFIG}lint:\n${yaml}` });
const find = (r: Awaited<ReturnType<typeof analyzeJson>>, ruleId: string) =>
  r.diagnostics.filter((d) => d.ruleId === ruleId);

describe('rule settings', () => {
  it('without settings: style warnings are reported but only the sdk warning counts for review', async () => {
    const r = await analyzeJson(spec);
    expect(find(r, 'tags/declared')[0]).toMatchObject({
      severity: 'warning',
      impact: 'style',
      docsUrl: '/rules/tags/declared',
    });
    expect(find(r, 'components/unused')[0]).toMatchObject({ severity: 'warning', impact: 'style' });
    expect(find(r, 'servers/present')[0]).toMatchObject({ severity: 'warning', impact: 'sdk' });
    expect(r.diagnostics.every((d) => d.configured === undefined)).toBe(true);
    expect(r.counts).toMatchObject({ errors: 0, warnings: 3, review: 1 });
  });

  it.each([
    ['error', 'error', { errors: 1, review: 1 }],
    ['warn', 'warning', { errors: 0, review: 2 }],
    ['info', 'info', { errors: 0, review: 1 }],
  ] as const)(
    'lint.rules: tags/declared: %s gives severity %s and moves it between classes',
    async (setting, severity, counts) => {
      const r = await lint(`  rules:\n    tags/declared: ${setting}\n`);
      expect(find(r, 'tags/declared')[0]).toMatchObject({ severity, configured: setting });
      expect(r.counts).toMatchObject(counts);
      expect(r.diagnostics.filter((d) => d.document === 'config')).toEqual([]);
    },
  );

  it('off drops the findings of a rule, whatever its class (servers/present is sdk)', async () => {
    const r = await lint('  rules:\n    tags/declared: off\n    servers/present: off\n');
    expect(find(r, 'tags/declared')).toEqual([]);
    expect(find(r, 'servers/present')).toEqual([]);
    expect(r.counts).toMatchObject({ warnings: 1, review: 0 });
  });

  it('setting an sdk rule to info takes it out of review; the verdict follows', async () => {
    const r = await lint('  rules:\n    servers/present: info\n');
    expect(find(r, 'servers/present')[0]).toMatchObject({ severity: 'info', impact: 'sdk', configured: 'info' });
    expect(r.counts.review).toBe(0);
  });

  it('imports the rules of a redocly.yaml given as text, mapping names; rules we lack are listed as not applied', async () => {
    const redocly = [
      'extends:',
      '  - recommended',
      'rules:',
      '  no-unused-components: off',
      '  operation-tag-defined: error',
      '  operation-summary: error',
      '  info-contact: off',
      '  rule/no-internal:',
      '    subject: { type: Operation }',
      '    assertions: { defined: true }',
    ].join('\n');
    const r = await lint(`  redocly: |\n${redocly.replace(/^/gm, '    ')}\n`);
    expect(find(r, 'components/unused')).toEqual([]);
    expect(find(r, 'tags/declared')[0]).toMatchObject({ severity: 'error', configured: 'error' });
    const notApplied = find(r, 'config/rule-not-applied').map((d) => d.message);
    expect(notApplied).toEqual(
      expect.arrayContaining([
        expect.stringContaining("Redocly's `extends` is not applied"),
        expect.stringContaining('Redocly rule "operation-summary" has no equivalent here'),
        expect.stringContaining('Redocly rule "rule/no-internal" is a custom rule'),
      ]),
    );
    // A rule turned off that we do not have changes nothing, so it is not listed.
    expect(notApplied.some((m) => m.includes('info-contact'))).toBe(false);
    expect(
      find(r, 'config/rule-not-applied').every((d) => d.severity === 'info' && d.pointer === '/lint/redocly'),
    ).toBe(true);
  });

  it('imports the rules of a .spectral.yaml given as a mapping (false, hint, custom rules); lint.rules wins over it', async () => {
    const r = await lint(
      [
        '  spectral:',
        '    extends: spectral:oas',
        '    rules:',
        '      oas3-unused-component: false',
        '      operation-tag-defined: hint',
        '      oas3-api-servers: error',
        '      info-contact: warn',
        '      my-rule: { given: "$.info", then: { field: description, function: truthy } }',
        '  rules:',
        '    servers/present: warn',
      ].join('\n'),
    );
    expect(find(r, 'components/unused')).toEqual([]);
    expect(find(r, 'tags/declared')[0]).toMatchObject({ severity: 'info', configured: 'info' });
    expect(find(r, 'servers/present')[0]).toMatchObject({ severity: 'warning', configured: 'warn' });
    const notApplied = find(r, 'config/rule-not-applied');
    expect(notApplied.map((d) => d.pointer).sort()).toEqual([
      '/lint/spectral/extends',
      '/lint/spectral/rules/info-contact',
      '/lint/spectral/rules/my-rule',
    ]);
    expect(notApplied.every((d) => d.line > 0)).toBe(true);
  });

  it('reports unknown rule ids (with the nearest), foreign names used as ours, unsettable rules and bad values', async () => {
    const r = await lint(
      [
        '  rules:',
        '    tags/declard: off',
        '    no-unused-components: off',
        '    limits/schemas: off',
        '    components/unused: loud',
        '    made/up: error',
      ].join('\n'),
    );
    const messages = r.diagnostics.filter((d) => d.document === 'config').map((d) => `${d.ruleId}: ${d.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^config\/unknown-rule: Unknown rule "tags\/declard".*Did you mean "tags\/declared"\?/),
        expect.stringMatching(
          /^config\/unknown-rule: "no-unused-components" is a Redocly rule name; ours is "components\/unused"/,
        ),
        expect.stringMatching(/^config\/unknown-rule: Rule "limits\/schemas" .* cannot be set/),
        expect.stringMatching(/^config\/invalid-rule-setting: Rule "components\/unused" is set to "loud"/),
        expect.stringMatching(/^config\/unknown-rule: Unknown rule "made\/up"; the setting is ignored\.$/),
      ]),
    );
    // None of the settings applied: the findings keep their defaults.
    expect(find(r, 'tags/declared')[0]).toMatchObject({ severity: 'warning' });
    expect(find(r, 'components/unused')[0]).toMatchObject({ severity: 'warning' });
    // Mistakes in lint settings are style: they do not hold a run back.
    expect(find(r, 'config/unknown-rule').every((d) => d.impact === 'style')).toBe(true);
  });

  it('a hostile Redocly text (not YAML, huge) is reported, not fatal', async () => {
    const r = await lint('  redocly: "rules: [unclosed"\n');
    expect(find(r, 'config/invalid-lint')[0]?.message).toMatch(/The Redocly file could not be read/);
    const big = await lint(`  spectral: "${'x'.repeat(1_000_001)}"\n`);
    expect(find(big, 'config/invalid-lint')[0]?.message).toMatch(/larger than 1 MB/);
  });

  it('every rule of the registry is in the catalogue, and every mapped name points at a known rule', () => {
    for (const rule of ALL_RULES) expect(isKnownRule(rule.id), rule.id).toBe(true);
    for (const table of [REDOCLY_RULES, SPECTRAL_RULES])
      for (const [name, { ours }] of Object.entries(table))
        for (const id of ours) expect(isKnownRule(id), `${name} → ${id}`).toBe(true);
  });
});

describe('verdict classes', () => {
  const step = (
    name: StepRecord['name'],
    counts: Record<string, number>,
    status: StepRecord['status'] = 'passed',
  ): StepRecord => ({
    name,
    status,
    counts,
  });
  const others = (compat: Record<string, number> = { notApplicable: 1 }): StepRecord[] => [
    step('typescript_sdk', {}),
    step('python_sdk', {}),
    step('cli', {}),
    step('docs', {}),
    step('compat_diff', compat, 'notApplicable' in compat ? 'skipped' : 'passed'),
  ];
  const summary = (errors: number, warnings: number) => ({ needsSetup: [], errors, warnings, infos: 0 });

  it('style warnings alone leave the run ready', () => {
    const steps = [step('validate', { errors: 0, warnings: 4, review: 0 }), ...others()];
    expect(decideOutcome(summary(0, 4), steps)).toEqual({ status: 'ready', verdict: 'ready' });
  });

  it('one warning that changes the SDK makes it needs_review; an error makes it not_ready', () => {
    const steps = [step('validate', { errors: 0, warnings: 4, review: 1 }), ...others()];
    expect(decideOutcome(summary(0, 4), steps).verdict).toBe('needs_review');
    expect(decideOutcome(summary(1, 4), [step('validate', { errors: 1, review: 0 }), ...others()]).verdict).toBe(
      'not_ready',
    );
  });

  it('breaking changes in the compatibility diff make it needs_review; additions alone do not', () => {
    const validate = step('validate', { errors: 0, warnings: 0, review: 0 });
    expect(decideOutcome(summary(0, 0), [validate, ...others({ breaking: 2, nonBreaking: 1 })]).verdict).toBe(
      'needs_review',
    );
    expect(decideOutcome(summary(0, 0), [validate, ...others({ kept: 3, removed: 1 })]).verdict).toBe('needs_review');
    expect(decideOutcome(summary(0, 0), [validate, ...others({ kept: 3, added: 2, breaking: 0 })]).verdict).toBe(
      'ready',
    );
  });

  it('a failed step makes it needs_review; a run recorded before `review` existed reads every warning as one to review', () => {
    const failed = [step('validate', { errors: 0, warnings: 0, review: 0 }), step('typescript_sdk', {}, 'failed')];
    expect(decideOutcome(summary(0, 0), failed).verdict).toBe('needs_review');
    expect(decideOutcome(summary(0, 1), [step('validate', { errors: 0, warnings: 1 }), ...others()]).verdict).toBe(
      'needs_review',
    );
  });
});
