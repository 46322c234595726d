// The module's own tests (`<service>_test.go`): one per method, calling it with its required
// arguments against the server at TEST_API_BASE_URL (a mock of the API) in a subtest named
// `op<N>_required` (wire_tests reads `go test -v` by that name); without that variable they skip. Also the call spelling the README's samples share.

import { wireTestIdent } from '../core/wire-cases.ts';
import { goStr } from '../names/go.ts';
import { type CallValues, exampleExpr } from './example-values.ts';
import type { ClientOptionNames } from './emit-client.ts';
import type { MethodShape } from './emit-service.ts';
import type { GoPlan, ServicePlan } from './plan.ts';
import { sampleValue, type SampleContext, stringSample } from './sample-values.ts';
import type { GoTypes } from './schema-types.ts';
import { GoFile } from '../printers/go-writer.ts';

/**
 * `client.Pets.New(ctx, petstore.PetNewParams{...})`: a call with sample required arguments. With
 * `values` (the description's examples, `descriptionValues`), each argument and field takes its
 * value where it has the field's Go type, and every body property the example gives is set.
 */
export function sampleCall(
  trail: readonly ServicePlan[],
  shape: MethodShape,
  ctx: SampleContext,
  ctxExpr: string,
  extra: readonly string[] = [],
  methodName = shape.plan.name,
  values?: CallValues,
): string {
  const args = [ctxExpr];
  for (const arg of shape.pathArgs) {
    const given = values !== undefined ? exampleExpr(arg.type, values.param(arg.param), ctx) : undefined;
    const example = arg.param.examples?.[0] ?? arg.param.schema.examples?.[0];
    if (given !== undefined) args.push(given);
    else if (arg.type.kind === 'string')
      args.push(typeof example === 'string' ? goStr(example) : stringSample(arg.type.format));
    else args.push(typeof example === 'number' && Number.isInteger(example) ? String(example) : '0');
  }
  if (shape.params) {
    const body = values?.body;
    const bodyEntries = new Map(body?.t === 'obj' ? body.entries : []);
    const fields: string[] = [];
    for (const f of shape.params.fields) {
      const value =
        values === undefined
          ? undefined
          : f.source.in === 'param'
            ? f.required
              ? values.param(f.source.param)
              : undefined
            : f.source.in === 'body'
              ? bodyEntries.get(f.source.key)
              : f.required
                ? body
                : undefined;
      const expr = value !== undefined ? exampleExpr(f.type, value, ctx, 1) : undefined;
      if (expr !== undefined) fields.push(`${f.name}: ${expr}`);
      else if (f.required) fields.push(`${f.name}: ${sampleValue(f.type, ctx, 1)}`);
    }
    args.push(`${ctx.qual}${shape.params.name}{${fields.join(', ')}}`);
  }
  args.push(...extra);
  return `client.${trail.map((s) => s.field).join('.')}.${methodName}(${args.join(', ')})`;
}

/** Client options with a placeholder for every credential (`option.WithAPIKey("My API Key")`). */
export function credentialOptions(names: ClientOptionNames): string[] {
  return names.credentials.map(
    (c) => `option.${c.fn}(${c.option.scheme.toLowerCase().includes('basic') ? '"user:password"' : '"My API Key"'})`,
  );
}

export function emitTests(
  plan: GoPlan,
  types: GoTypes,
  names: ClientOptionNames,
  services: { trail: ServicePlan[]; shapes: MethodShape[] }[],
  operations: ReadonlyMap<string, number>,
  /** The values each call is made with: the same the SDKs' tests and the docs take (core/test-values.ts). */
  valuesOf: (shape: MethodShape) => CallValues,
): GoFile[] {
  const files: GoFile[] = [];
  for (const { trail, shapes } of services) {
    if (shapes.length === 0) continue;
    const service = trail[trail.length - 1] as ServicePlan;
    const file = new GoFile(service.testFile, plan.options.packageName, plan.options.modulePath);
    for (const pkg of ['context', 'os', 'testing']) file.use(pkg);
    file.useLocal('option');
    const ctx: SampleContext = {
      infos: types.infos,
      qual: '',
      uses: (pkg) => (pkg === 'strings' ? file.use(pkg) : file.useLocal(pkg)),
    };
    const clientOptions = ['option.WithBaseURL(baseURL)', ...credentialOptions(names)].join(', ');
    for (const shape of shapes) {
      const name = types.claim(
        `test:${service.typeName}:${shape.plan.name}`,
        `test ${service.prefix} ${shape.plan.name}`,
      );
      const call = sampleCall(trail, shape, ctx, 'context.TODO()', [], shape.plan.name, valuesOf(shape));
      const label = goStr(`${trail.map((s) => s.field).join('.')}.${shape.plan.name}`);
      let body: string;
      switch (shape.result.kind) {
        case 'none':
          body = `\tif err := ${call}; err != nil {\n\t\tt.Fatalf("%s: %v", ${label}, err)\n\t}`;
          break;
        case 'stream':
          body = `\tstream := ${call}\n\tdefer stream.Close()\n\tfor stream.Next() {\n\t\t_ = stream.Current()\n\t}\n\tif err := stream.Err(); err != nil {\n\t\tt.Fatalf("%s: %v", ${label}, err)\n\t}`;
          break;
        case 'binary':
          body = `\tres, err := ${call}\n\tif err != nil {\n\t\tt.Fatalf("%s: %v", ${label}, err)\n\t}\n\tres.Body.Close()`;
          break;
        default:
          body = `\t_, err := ${call}\n\tif err != nil {\n\t\tt.Fatalf("%s: %v", ${label}, err)\n\t}`;
      }
      // The subtest is named `op<N>_required` (workers/generators/core/wire-cases.ts), so wire_tests
      // maps `go test -v`'s report back to the operation.
      const subtest = goStr(wireTestIdent(operations.get(shape.plan.op.key) ?? -1, 'required').slice('test_'.length));
      const indented = body.replace(/^/gm, '\t');
      file.add(
        `func ${name}(t *testing.T) {\n\tbaseURL := os.Getenv("TEST_API_BASE_URL")\n\tif baseURL == "" {\n\t\tt.Skip("TEST_API_BASE_URL is not set: these tests call a mock server of the API")\n\t}\n\tclient := NewClient(${clientOptions})\n\tt.Run(${subtest}, func(t *testing.T) {\n${indented}\n\t})\n}`,
      );
    }
    files.push(file);
  }
  return files;
}
