// The Go samples of the docs site are whole programs written by the Go generator's own plan and
// names, with the values every other sample takes (parameter examples, the body's example with its
// nested objects and arrays). Here they are built against the generated module of each fixture, all
// in ONE run of gofmt -l, go vet and staticcheck (`checkModules`), the hostile fixture included (its
// strings stay Go string literals). Also: each typed sample takes the nested example values.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../../../workers/generators/core/files.ts';
import { SampleBuilder } from '../../../../workers/generators/docs/index.ts';
import { emitGoSdk } from '../../../../workers/generators/go/index.ts';
import type { Operation } from '../../../../workers/generators/model/types.ts';
import { docsFixture } from './helpers.ts';
import { checkModules, GO_MISSING, GO_TOOLS } from '../go/helpers.ts';

if (GO_TOOLS === undefined)
  console.warn(`\n!!! docs Go samples compile suite SKIPPED: ${GO_MISSING.join(', ')} not found.\n`);

const root = mkdtempSync(join(tmpdir(), 'docs-go-samples-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const FIXTURES = ['small', 'live', 'nested-examples', 'hostile'];

async function nested(): Promise<{ builder: SampleBuilder; create: Operation; replace: Operation }> {
  const { model } = await docsFixture('nested-examples');
  const builder = new SampleBuilder(model);
  const op = (id: string): Operation => model.operations.find((o) => o.operationId === id) as Operation;
  return { builder, create: op('createOrder'), replace: op('replaceOrderItems') };
}

describe('samples take every example value of a nested body', () => {
  it('TypeScript: nested object literals, arrays of objects, maps, the union variant the example is', async () => {
    const { builder, create } = await nested();
    const op = builder.samples(create);
    const ts = op.typescript ?? '';
    for (const text of [
      'name: "Ada Lovelace"',
      'vip: true',
      'lines: ["Flat 3", "Second floor"]',
      'sku: "SKU-123"',
      'quantity: 3',
      'options: { colour: "teal" }',
      'status: "placed"',
      'tags: ["rush", "fragile"]',
      'weight: 2.5',
      'iban: "NL91ABNA0417164300"',
      'note: null',
      'attempts: 2',
      // A nested property's own `example` (no body example gives shipping).
      'country: "NL"',
      'method: "express"',
    ])
      expect(ts).toContain(text);
    // A value of the wrong type and an undeclared key are left out.
    expect(ts).not.toContain('not a number');
    expect(ts).not.toContain('unknownKey');
  });

  it('Python: nested dicts for TypedDict arguments, optional fields the example gives as keywords', async () => {
    const { builder, create } = await nested();
    const py = builder.samples(create).python ?? '';
    for (const text of [
      'customer={"name": "Ada Lovelace", "vip": True, "address": {"street": "12 Analytical Row", "country": "GB", "lines": ["Flat 3", "Second floor"]}}',
      'items=[{"sku": "SKU-123", "quantity": 3, "gift": False, "options": {"colour": "teal"}}',
      'status="placed"',
      'payment={"type": "bank", "iban": "NL91ABNA0417164300"}',
      'note=None',
      'metadata={"source": "web", "attempts": 2}',
      '"method": "express"',
    ])
      expect(py).toContain(text);
    expect(py).not.toContain('unknownKey');
  });

  it('Go: params structs, nested param structs, Opt helpers, enum constants and the union variant', async () => {
    const { builder, create, replace } = await nested();
    const go = builder.samples(create).go ?? '';
    for (const text of [
      'client.Orders.New(context.TODO(), orders.OrderNewParams{',
      'Customer: orders.OrderNewParamsCustomer{Name: "Ada Lovelace", Vip: orders.Bool(true), Address: orders.AddressParam{Street: "12 Analytical Row", Country: "GB", Lines: []string{"Flat 3", "Second floor"}}}',
      'Items: []orders.LineItemParam{{Sku: "SKU-123", Quantity: 3, Gift: orders.Bool(false), Options: map[string]string{"colour": "teal"}}',
      'Method: orders.OrderNewParamsShippingMethodExpress',
      'Country: "NL"',
      'Status: param.NewOpt[orders.OrderNewParamsStatus](orders.OrderNewParamsStatusPlaced)',
      'Weight: orders.Float(2.5)',
      'Payment: orders.OrderNewParamsPayment{OfBank: &orders.BankParam{Type: orders.BankParamTypeBank, Iban: "NL91ABNA0417164300"}}',
      'Note: param.Null[string]()',
      'Metadata: map[string]any{"source": "web", "attempts": 2}',
      'client := orders.NewClient(',
      '"github.com/orders/orders-go"',
    ])
      expect(go).toContain(text);
    const whole = builder.samples(replace).go ?? '';
    expect(whole).toContain(
      'client.Orders.Items(context.TODO(), "ord_42", orders.OrderItemsParams{Body: []orders.LineItemParam{{Sku: "SKU-789", Quantity: 7, Options: map[string]string{"size": "XL"}}}})',
    );
  });

  it("the Go README's calls take the description's example values the same way", async () => {
    const { model } = await docsFixture('nested-examples');
    const readme = emitGoSdk(model).find((f) => f.path === 'README.md')?.content ?? '';
    expect(readme).toContain('Customer: orders.OrderNewParamsCustomer{Name: "Ada Lovelace"');
    expect(readme).toContain('OfBank: &orders.BankParam{');
  });
});

describe.skipIf(GO_TOOLS === undefined)('Go samples of the docs site', () => {
  it('name the module, client, services, methods and params the Go generator emits, and all compile', async () => {
    const modules = new Map<string, GeneratedFile[]>();
    let count = 0;
    for (const name of FIXTURES) {
      const { model } = await docsFixture(name);
      const files = emitGoSdk(model);
      const builder = new SampleBuilder(model);
      const module = /^module (\S+)$/m.exec(files.find((f) => f.path === 'go.mod')?.content ?? '')?.[1];
      expect(builder.names.go.modulePath).toBe(module);
      model.operations.forEach((op, i) => {
        const go = builder.samples(op).go;
        if (go === undefined) return;
        files.push({ path: `examples/docs${i}/main.go`, content: `${go}\n` });
        count++;
      });
      modules.set(name, files);
    }
    expect(count).toBeGreaterThanOrEqual(15);
    const findings = await checkModules(root, modules);
    // A sample of a deprecated method calls it (staticcheck's SA1019 says so); anything else fails.
    const kept = (findings.staticcheck ?? '')
      .split('\n')
      .filter(
        (line) => !/\/examples\/docs\d+\/main\.go:.*\(SA1019\)$/.test(line) && !line.startsWith('Command failed'),
      );
    if (kept.length === 0 || kept.join('').trim() === '') delete findings.staticcheck;
    expect(findings).toEqual({});
  }, 600_000);
});
