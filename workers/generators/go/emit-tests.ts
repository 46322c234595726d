// The module's own tests (`<service>_test.go`): per method, against the server at
// TEST_API_BASE_URL (a mock of the API; docs/wire-tests.md), a subtest `op<N>_required` calling it
// with its required arguments and reading the raw response (`option.WithResponseInto`: a 2xx
// status), and a subtest `op<N>_all` calling it with every argument and per-request options
// (`WithRequestTimeout`, `WithMaxRetries`, `WithHeader`), a middleware checking that each request
// carries them; a paginated method's `all` case walks its `...AutoPaging` iterator one item past
// the first page and fails when the first page says another follows and the walk never asked for
// it. wire_tests reads `go test -v` by the subtests' names; without the variable they skip. Also
// the call spelling the README's samples share. A method with no optional input runs `op<N>_all`
// alone, which then reads the raw response too (core/wire-cases.ts).

import type { Fill } from '../core/test-values.ts';
import { type WireCase, wireCases, wireTestIdent } from '../core/wire-cases.ts';
import { goStr } from '../names/go.ts';
import { type CallValues, exampleExpr } from './example-values.ts';
import type { ClientOptionNames } from './emit-client.ts';
import type { MethodShape } from './emit-service.ts';
import type { GoPlan, ServicePlan } from './plan.ts';
import { sampleValue, type SampleContext, stringSample, usesFor } from './sample-values.ts';
import type { GoTypes } from './schema-types.ts';
import { GoFile } from '../printers/go-writer.ts';
import type { TestValue } from '../core/test-values.ts';

/**
 * `client.Pets.New(ctx, petstore.PetNewParams{...})`: a call with sample required arguments. With
 * `values` (the description's examples, `descriptionValues`), each argument and field takes its
 * value where it has the field's Go type, and every body property the example gives is set;
 * with `fill` `all`, every optional parameter the values give too (a null one is left out).
 */
export function sampleCall(
  trail: readonly ServicePlan[],
  shape: MethodShape,
  ctx: SampleContext,
  ctxExpr: string,
  extra: readonly string[] = [],
  methodName = shape.plan.name,
  values?: CallValues,
  fill: Fill = 'required',
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
            ? f.required || fill === 'all'
              ? nonNull(values.param(f.source.param), f.required)
              : undefined
            : f.source.in === 'body'
              ? bodyEntries.get(f.source.key)
              : f.required || fill === 'all'
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

/** A parameter's value; an optional one's null is no value (the parameter is left out). */
function nonNull(value: TestValue, required: boolean): TestValue | undefined {
  return value.t === 'null' && !required ? undefined : value;
}

/** Client options with a placeholder for every credential (`option.WithAPIKey("My API Key")`). */
export function credentialOptions(names: ClientOptionNames): string[] {
  return names.credentials.map(
    (c) => `option.${c.fn}(${c.option.scheme.toLowerCase().includes('basic') ? '"user:password"' : '"My API Key"'})`,
  );
}

/** The options of the `all` case: per-request options, and a middleware checking each request carries them. */
const OPTIONS = (label: string): string =>
  [
    'requests := 0',
    'opts := []option.RequestOption{',
    '\toption.WithRequestTimeout(30 * time.Second),',
    '\toption.WithMaxRetries(0),',
    `\toption.WithHeader(${goStr('X-Wire-Test')}, ${goStr('1')}),`,
    '\toption.WithMiddleware(func(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {',
    '\t\trequests++',
    `\t\tif req.Header.Get(${goStr('X-Wire-Test')}) != ${goStr('1')} {`,
    `\t\t\tt.Errorf("%s: the request does not carry the WithHeader option's header", ${label})`,
    '\t\t}',
    '\t\tif _, ok := req.Context().Deadline(); !ok {',
    `\t\t\tt.Errorf("%s: the request has no deadline from the WithRequestTimeout option", ${label})`,
    '\t\t}',
    '\t\treturn next(req)',
    '\t}),',
    '}',
  ].join('\n');

/**
 * The subtest's statements: the call, then what it checks. `alone`: the operation runs its `all`
 * case only (core/wire-cases.ts), which then also reads the raw response the `required` case reads.
 */
function caseBody(
  kind: WireCase,
  alone: boolean,
  shape: MethodShape,
  label: string,
  helpers: { rawStatus: string; explain: string },
  call: (methodName: string, extra: readonly string[]) => string,
): string {
  const fatal = `\tt.Fatalf("%s: %s", ${label}, ${helpers.explain}(err))`;
  const check = (expr?: string): string =>
    expr === undefined ? `if err != nil {\n${fatal}\n}` : `if err := ${expr}; err != nil {\n${fatal}\n}`;
  const lines: string[] = [];
  const extra = kind === 'required' ? ['option.WithResponseInto(&raw)'] : ['opts...'];
  const readsRaw = kind === 'required' || alone;
  if (kind !== 'required') lines.push(OPTIONS(label));
  if (readsRaw) lines.push('var raw *http.Response');
  if (kind !== 'required' && alone) lines.push('opts = append(opts, option.WithResponseInto(&raw))');
  switch (shape.result.kind) {
    case 'none':
      lines.push(check(call(shape.plan.name, extra)));
      break;
    case 'stream':
      lines.push(
        `stream := ${call(shape.plan.name, extra)}`,
        'defer stream.Close()',
        'for stream.Next() {\n\t_ = stream.Current()\n}',
        check('stream.Err()'),
      );
      break;
    case 'binary':
      lines.push(`res, err := ${call(shape.plan.name, extra)}`, check(), 'res.Body.Close()');
      break;
    case 'page':
      if (kind === 'all' && shape.plan.autoPaging !== undefined) {
        // The first page, then a walk one item past it: a page that says another follows must be
        // followed (a mock answers every page alike, so the walk is bounded here, not by the mock).
        lines.push(
          `first, err := ${call(shape.plan.name, extra)}`,
          check(),
          'requests = 0',
          `pager := ${call(shape.plan.autoPaging, extra)}`,
          'for seen := 0; seen <= len(first.Items) && pager.Next(); seen++ {\n\t_ = pager.Current()\n}',
          check('pager.Err()'),
          `if first.HasNextPage() && requests < 2 {\n\tt.Fatalf("%s: the walk stopped after the first page, which says another follows (%d requests)", ${label}, requests)\n}`,
        );
        return lines.join('\n');
      }
      lines.push(`_, err := ${call(shape.plan.name, extra)}`, check());
      break;
    default:
      lines.push(`_, err := ${call(shape.plan.name, extra)}`, check());
  }
  if (readsRaw)
    lines.push(
      `if raw == nil || raw.StatusCode < 200 || raw.StatusCode > 299 {\n\tt.Fatalf("%s: the raw response is not a success: %v", ${label}, ${helpers.rawStatus}(raw))\n}`,
    );
  if (kind !== 'required')
    lines.push(`if requests == 0 {\n\tt.Fatalf("%s: the middleware option saw no request", ${label})\n}`);
  return lines.join('\n');
}

export function emitTests(
  plan: GoPlan,
  types: GoTypes,
  names: ClientOptionNames,
  services: { trail: ServicePlan[]; shapes: MethodShape[] }[],
  operations: ReadonlyMap<string, number>,
  /** The values each call is made with: the same the SDKs' tests and the docs take (core/test-values.ts). */
  valuesOf: (shape: MethodShape, fill: Fill) => CallValues,
): GoFile[] {
  const files: GoFile[] = [];
  // Helpers, once per package (in the first test file): a raw response's status, or that there is
  // none; an error with its status and the violations a mock names in a header (`sl-violations`:
  // Prism answering with the description's own error example).
  const helpers = {
    rawStatus: types.claim('test:rawStatus', 'rawStatus'),
    explain: types.claim('test:explain', 'explainError'),
  };
  let helper = false;
  for (const { trail, shapes } of services) {
    if (shapes.length === 0) continue;
    const service = trail[trail.length - 1] as ServicePlan;
    // An external test package (`<name>_test`): the tests use the SDK as its users do, through
    // its exported names, and `go vet`/staticcheck/`go test` check the root package once instead of
    // twice (an internal test file makes `go list -test` compile and analyze a second variant of
    // the whole package; on a Stripe-sized SDK that doubled staticcheck's time, docs/go-sdk.md).
    const { modulePath, packageName } = plan.options;
    const file = new GoFile(service.testFile, `${packageName}_test`, modulePath);
    for (const pkg of ['context', 'net/http', 'os', 'testing', 'time', modulePath]) file.use(pkg);
    file.useLocal('option');
    const ctx: SampleContext = {
      infos: types.infos,
      qual: `${packageName}.`,
      uses: usesFor(file),
    };
    if (!helper) {
      helper = true;
      for (const pkg of ['errors', 'fmt']) file.use(pkg);
      file.useLocal('internal/apierror');
      file.add(
        `func ${helpers.rawStatus}(raw *http.Response) string {\n\tif raw == nil {\n\t\treturn "no response"\n\t}\n\treturn raw.Status\n}`,
      );
      file.add(
        `func ${helpers.explain}(err error) string {\n\tvar apiErr *apierror.Error\n\tif !errors.As(err, &apiErr) {\n\t\treturn err.Error()\n\t}\n\ttext := fmt.Sprintf("%v (status: %d)", err, apiErr.StatusCode)\n\tif apiErr.Response != nil {\n\t\tif violations := apiErr.Response.Header.Get("sl-violations"); violations != "" {\n\t\t\ttext += " violations: " + violations\n\t\t}\n\t}\n\treturn text\n}`,
      );
    }
    const clientOptions = ['option.WithBaseURL(baseURL)', ...credentialOptions(names)].join(', ');
    for (const shape of shapes) {
      const name = types.claim(
        `test:${service.typeName}:${shape.plan.name}`,
        `test ${service.prefix} ${shape.plan.name}`,
      );
      const label = goStr(`${trail.map((s) => s.field).join('.')}.${shape.plan.name}`);
      const index = operations.get(shape.plan.op.key) ?? -1;
      const cases = wireCases(shape.plan.op);
      const subtests = cases.map((kind) => {
        const values = valuesOf(shape, kind);
        const call = (methodName: string, extra: readonly string[]): string =>
          sampleCall(trail, shape, ctx, 'context.TODO()', extra, methodName, values, kind);
        // The subtest is named `op<N>_<case>` (workers/generators/core/wire-cases.ts), so wire_tests
        // maps `go test -v`'s report back to the operation.
        const subtest = goStr(wireTestIdent(index, kind).slice('test_'.length));
        const body = caseBody(kind, cases.length === 1, shape, label, helpers, call).replace(/^/gm, '\t\t');
        return `\tt.Run(${subtest}, func(t *testing.T) {\n${body}\n\t})`;
      });
      file.add(
        `func ${name}(t *testing.T) {\n\tbaseURL := os.Getenv("TEST_API_BASE_URL")\n\tif baseURL == "" {\n\t\tt.Skip("TEST_API_BASE_URL is not set: these tests call a mock server of the API")\n\t}\n\tclient := ${packageName}.NewClient(${clientOptions})\n${subtests.join('\n')}\n}`,
      );
    }
    files.push(file);
  }
  return files;
}
