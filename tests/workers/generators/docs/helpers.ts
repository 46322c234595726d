// Shared by the docs generator tests: fixtures -> model, writing a site, and a strict reading of
// generated HTML (every `<` in our output starts a real tag, because text is always escaped).

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import type { ApiModel } from '../../../../workers/generators/model/types.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
export const FIXTURES = join(REPO_ROOT, 'tests/fixtures/docs');

/** One operation of one resource, with a server: the smallest site with every sample tab. */
export const ACME_SPEC = `openapi: 3.0.3
info: { title: Acme API, version: 1.0.0 }
servers: [{ url: https://api.acme.example }]
paths:
  /widgets:
    get:
      operationId: listWidgets
      tags: [widgets]
      responses: { '200': { description: ok } }
`;

/** name -> [description, config?, docs source?] (paths relative to tests/fixtures/docs unless absolute) */
export const DOCS_FIXTURES: Record<string, [string, string | undefined, string | undefined]> = {
  small: ['small.openapi.yaml', 'small.config.yaml', 'small.docs-source.yaml'],
  hostile: ['hostile.openapi.json', undefined, 'hostile.docs-source.yaml'],
  'nested-examples': ['nested-examples.openapi.yaml', undefined, undefined],
  live: [
    join(REPO_ROOT, 'tests/fixtures/typescript/live.openapi.yaml'),
    join(REPO_ROOT, 'tests/fixtures/typescript/live.config.yaml'),
    undefined,
  ],
};

const read = (file: string): string => readFileSync(file.startsWith('/') ? file : join(FIXTURES, file), 'utf8');

export async function modelFromFiles(spec: string, config?: string): Promise<ApiModel> {
  const result = await analyzeSpec({
    openapiText: read(spec),
    ...(config !== undefined ? { configText: read(config) } : {}),
    mode: 'flagship',
  });
  if (!result.model) throw new Error(`${spec} did not build: ${JSON.stringify(result.diagnostics.slice(0, 5))}`);
  return result.model;
}

export async function docsFixture(name: string): Promise<{ model: ApiModel; docsSourceText?: string }> {
  const [spec, config, source] = DOCS_FIXTURES[name] as [string, string | undefined, string | undefined];
  const model = await modelFromFiles(spec, config);
  return source !== undefined ? { model, docsSourceText: read(source) } : { model };
}

export { writeFiles as writeSite } from '../../../setup/golden.ts';

/** Tags a generated docs page may contain (the generator's own markup). */
export const DOCS_TAGS = new Set([
  // The try-it console's form (no action: it is sent by the page script, `form-action 'none'`).
  'form',
  'fieldset',
  'legend',
  'label',
  'select',
  'option',
  'textarea',
  'html',
  'head',
  'meta',
  'title',
  'link',
  'script',
  'body',
  'a',
  'header',
  'button',
  'div',
  'input',
  'ul',
  'ol',
  'li',
  'nav',
  'main',
  'article',
  'section',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'span',
  'code',
  'pre',
  'details',
  'summary',
  'strong',
  'em',
  'br',
  'hr',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  's',
]);

export interface Tag {
  name: string;
  closing: boolean;
  attrs: Map<string, string>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] as string);
}

/** Every tag of a generated page, with decoded attribute values; throws on anything that is not a well-formed tag. */
export function tagsOf(htmlText: string): Tag[] {
  const tags: Tag[] = [];
  const body = htmlText.replace(/^<!doctype html>/i, '');
  let at = 0;
  for (;;) {
    const lt = body.indexOf('<', at);
    if (lt < 0) break;
    const gt = body.indexOf('>', lt);
    if (gt < 0) throw new Error(`unclosed tag at ${lt}`);
    const raw = body.slice(lt + 1, gt);
    const match = /^(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*$/.exec(raw);
    if (!match) throw new Error(`not a tag: <${raw.slice(0, 80)}>`);
    const attrs = new Map<string, string>();
    for (const a of (match[3] ?? '').matchAll(/\s+([a-z-]+)(?:="([^"]*)")?/g))
      attrs.set(a[1] as string, decodeEntities(a[2] ?? ''));
    tags.push({ name: match[2] as string, closing: match[1] === '/', attrs });
    at = gt + 1;
  }
  return tags;
}

/** The text of a page with tags removed and entities decoded. */
export function textOf(htmlText: string): string {
  return decodeEntities(htmlText.replace(/<[^>]*>/g, ''));
}
