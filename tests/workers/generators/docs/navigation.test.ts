// Navigation, headings and search of the docs site in the SDK's words: resources by the SDK's
// class names with the raw tag shown where it differs, operations by their SDK method with the
// call beside them, and a search that ranks operations (by name, then path, then summary) before
// any schema (`bundle/search-rank.ts`, the ranking the page script runs).

import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { emitDocsSite, type GeneratedFile } from '../../../../workers/generators/docs/index.ts';
import { type IndexItem, prepare, search } from '../../../../workers/generators/docs/bundle/search-rank.ts';
import { decodeEntities } from './helpers.ts';

const SPEC = `openapi: 3.0.3
info: { title: Payments API, version: 1.0.0 }
servers: [{ url: https://api.payments.example }]
paths:
  /transfers-in:
    post:
      operationId: createTransferIn
      tags: [transfer_in]
      summary: Start a transfer
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: '#/components/schemas/TransferInRequest' } } }
      responses:
        '201': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/TransferIn' } } } }
  /transfers-in/{id}:
    get:
      operationId: getTransferIn
      tags: [transfer_in]
      summary: Look one up
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/TransferIn' } } } }
  /uma-providers:
    get:
      operationId: listUmaProviders
      tags: [uma_providers]
      summary: Providers that accept a transfer
      responses:
        '200': { description: ok }
components:
  schemas:
    TransferIn: { type: object, properties: { id: { type: string } } }
    TransferInRequest: { type: object, properties: { amount: { type: integer } } }
    TransferInStatus: { type: string, enum: [pending, done] }
    TransferLimits: { type: object, properties: { max: { type: integer } } }
    TransferFee: { type: object, properties: { fee: { type: integer } } }
    TransferWindow: { type: object, properties: { opens: { type: string } } }
`;

async function site(): Promise<GeneratedFile[]> {
  const result = await analyzeSpec({ openapiText: SPEC, mode: 'flagship' });
  if (!result.model) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)));
  return emitDocsSite(result.model);
}

const text = (html: string): string => decodeEntities(html.replace(/<[^>]+>/g, ''));

describe('docs navigation and headings in the SDK’s words', () => {
  it('names resources and operations as the SDK does, with the raw tag where it differs', async () => {
    const files = await site();
    const page = files.find((f) => f.path === 'resources/transfers-in.html')?.content ?? '';
    expect(text(/<h1>[\s\S]*?<\/h1>/.exec(page)?.[0] ?? '')).toBe('TransfersIn');
    expect(text(/<p class="raw-tag">[\s\S]*?<\/p>/.exec(page)?.[0] ?? '')).toBe('Tag transfer_in');
    const headings = [...page.matchAll(/<h2>[\s\S]*?<\/h2>/g)].map((m) => text(m[0]).replace(/^# /, ''));
    expect(headings).toEqual(['create Start a transfer', 'retrieve Look one up']);
    expect([...page.matchAll(/<p class="sdk-call">([\s\S]*?)<\/p>/g)].map((m) => text(m[1] ?? ''))).toEqual([
      'client.transfersIn.create()',
      'client.transfersIn.retrieve()',
    ]);
    // The sidebar: resources by their SDK names, this page's operations by their methods.
    const nav = /<nav id="sidebar"[\s\S]*?<\/nav>/.exec(page)?.[0] ?? '';
    const links = [...nav.matchAll(/<a [^>]*>([\s\S]*?)<\/a>/g)].map((m) => text(m[1] ?? ''));
    expect(links).toEqual(['Overview', 'TransfersIn', 'POST create', 'GET retrieve', 'UmaProviders', 'Schemas']);
    expect(nav).not.toContain('transfer_in');
  });

  it('ranks every operation that matches by name, path or summary before any schema', async () => {
    const files = await site();
    const items = (
      JSON.parse(files.find((f) => f.path === 'search-index.json')?.content ?? '{}') as { items: IndexItem[] }
    ).items;
    const entries = items.map(prepare);
    const titles = (query: string): string[] => search(entries, query).map((i) => `${items[i]?.k}: ${items[i]?.t}`);
    const transfer = titles('transfer');
    // Three operations (two by name, one by summary only) before the six schemas.
    expect(transfer.slice(0, 3)).toEqual([
      'operation: Look one up',
      'operation: Start a transfer',
      'operation: Providers that accept a transfer',
    ]);
    expect(transfer.slice(3).every((t) => t.startsWith('schema: '))).toBe(true);
    expect(transfer).toHaveLength(9);
    // By name: the SDK call and the operationId find the operation.
    expect(titles('transfersIn.retrieve')[0]).toBe('operation: Look one up');
    expect(titles('getTransferIn')[0]).toBe('operation: Look one up');
    // By path.
    expect(titles('/uma-providers')).toEqual(['operation: Providers that accept a transfer']);
    // Every term must match.
    expect(titles('transfer nothing-like-this')).toEqual([]);
  });
});
