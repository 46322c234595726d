// README and docs text: one escaper (`core/markdown.ts` mdText) that the docs' Markdown renderer
// (markdown-it, `docs/markdown.ts`) reads back to exactly the text it was given, never more markup
// and never a stray backslash; and the API's title used once ("Acme API", not "Acme API API") with
// its version as written ("2025-10-13", not "2025\-10\-13") in the generated READMEs.

import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { apiName, mdText } from '../../../../workers/generators/core/markdown.ts';
import { markdownItRender } from '../../../../workers/generators/docs/markdown.ts';
import { emitDocsSite } from '../../../../workers/generators/docs/index.ts';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import { HOSTILE_CASES, P } from '../../../fixtures/hostile/cases.ts';
import { decodeEntities } from '../docs/helpers.ts';

const SAMPLES = [
  'Acme API',
  '2025-10-13',
  'v1.2.3-beta.1+build.5',
  'client_id and __init__ and _private and snake_case_name',
  'Pets * Owners',
  '1. first',
  '2) second',
  '# not a heading',
  '- not a list',
  '+ not a list',
  '=== not an underline',
  '--- not a rule',
  '> not a quote',
  '[link](https://example.com) ![img](x.png) <https://auto.example>',
  '`code` and ``more`` and \\ and \\* and \\_',
  '**bold** __strong__ _em_ *em* ~~gone~~',
  'a | b | c',
  '&amp; &#65; &lt;tag&gt; <b>bold</b> <!-- c -->',
  'price: $5 (approx.) {braces} #hash !bang',
  'ends with a backslash \\',
  'Émile’s API — naïve_café',
  ...Object.values(P),
];

/** The text a reader sees when the docs' renderer renders `markdown` inline. */
function rendered(markdown: string): { html: string; text: string } {
  const html = markdownItRender(markdown, true);
  return { html, text: decodeEntities(html) };
}

describe('the one Markdown escaper, read back by the one renderer', () => {
  it('gives back exactly the text, with no markup, for hostile and ordinary text alike', async () => {
    const titles: string[] = [];
    for (const c of HOSTILE_CASES.slice(0, 40)) {
      const info = (
        JSON.parse(c.openapiText.trim().startsWith('{') ? c.openapiText : '{}') as {
          info?: { title?: unknown; version?: unknown };
        }
      ).info;
      if (typeof info?.title === 'string') titles.push(info.title);
      if (typeof info?.version === 'string') titles.push(info.version);
    }
    const failures: string[] = [];
    for (const sample of [...SAMPLES, ...titles]) {
      const escaped = mdText(sample);
      const flat = sample
        .replace(
          /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g,
          '',
        )
        .replace(/\r\n?|[\n\u2028\u2029\u0085]/g, ' ')
        .trim();
      const inline = rendered(escaped);
      if (/<[a-z]/i.test(inline.html)) failures.push(`markup from ${JSON.stringify(sample)}: ${inline.html}`);
      if (inline.text !== flat) failures.push(`${JSON.stringify(sample)} renders as ${JSON.stringify(inline.text)}`);
      // At the start of a line too: a paragraph of just the text, nothing else.
      const block = markdownItRender(escaped, false);
      if (block !== `<p>${inline.html}</p>\n` && flat !== '')
        failures.push(`${JSON.stringify(sample)} as a line: ${block}`);
    }
    expect(failures).toEqual([]);
    expect(titles.length).toBeGreaterThan(5);
  });

  it('names the API once', () => {
    expect(apiName('Acme')).toBe('Acme API');
    expect(apiName('Acme API')).toBe('Acme API');
    expect(apiName('Acme APIs ')).toBe('Acme APIs');
    expect(apiName('Rapid')).toBe('Rapid API');
  });
});

describe('generated READMEs and docs', () => {
  it('use the title once and the version as written', async () => {
    const spec = `openapi: 3.0.3
info: { title: Acme API, version: 2025-10-13, description: 'Widgets for client_id holders.' }
servers: [{ url: https://api.acme.example }]
paths:
  /widgets:
    get:
      operationId: listWidgets
      responses: { '200': { description: ok } }
`;
    const model = (await analyzeSpec({ openapiText: spec, mode: 'flagship' })).model!;
    const ts = emitTypeScriptSdk(model).find((f) => f.path === 'README.md')?.content as string;
    const py = emitPythonSdk(model).find((f) => f.path === 'README.md')?.content as string;
    const llms = emitDocsSite(model).find((f) => f.path === 'llms.txt')?.content as string;
    for (const [name, text] of [
      ['TypeScript README', ts],
      ['Python README', py],
      ['llms.txt', llms],
    ] as const) {
      expect(text, name).not.toMatch(/API API/);
      expect(text, name).not.toContain('2025\\-10\\-13');
      expect(text, name).not.toMatch(/\\[-.]/);
    }
    expect(ts).toContain('The official TypeScript client for the Acme API (version 2025-10-13).');
    expect(py).toContain('The Python client for the Acme API (version 2025-10-13).');
  });
});
