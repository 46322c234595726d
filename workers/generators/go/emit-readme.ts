// README.md of the module: install, usage, errors, retries and timeouts, raw responses,
// pagination, streaming, uploads and webhooks. Every sample is a whole program, so the tests can
// build each one against the module (`readmePrograms`).

import { mdCode, mdFence, mdText } from '../core/markdown.ts';
import type { ApiModel } from '../model/types.ts';
import type { ClientOptionNames } from './emit-client.ts';
import type { MethodShape } from './emit-service.ts';
import { credentialOptions, sampleCall } from './emit-tests.ts';
import { type CallValues, descriptionValues } from './example-values.ts';
import type { GoPlan, ServicePlan } from './plan.ts';
import { type SampleContext, usesFor } from './sample-values.ts';
import type { GoTypes } from './schema-types.ts';
import { GoFile } from '../printers/go-writer.ts';

export interface ReadmeProgram {
  title: string;
  text: string;
  code: string;
}

/** The README's programs (each a `package main` file). */
export function readmePrograms(
  model: ApiModel,
  plan: GoPlan,
  types: GoTypes,
  names: ClientOptionNames,
  methods: { trail: ServicePlan[]; shape: MethodShape }[],
): ReadmeProgram[] {
  const { modulePath, packageName } = plan.options;
  const pkg = `${packageName}.`;
  const programs: ReadmeProgram[] = [];
  const program = (title: string, text: string, body: (file: GoFile, ctx: SampleContext) => string): void => {
    const file = new GoFile('main.go', 'main', modulePath, false);
    file.use(modulePath);
    const ctx: SampleContext = {
      infos: types.infos,
      qual: pkg,
      uses: usesFor(file),
    };
    const code = body(file, ctx);
    file.add(`func main() {\n${code}\n}`);
    programs.push({ title, text, code: file.render() });
  };
  const newClient = (file: GoFile): string => newClientLines(file, names, packageName);
  // The calls take the description's example values (`descriptionValues`).
  const values = (m: { shape: MethodShape }): CallValues => descriptionValues(model, m.shape.plan.op);
  const first = methods.find((m) => m.shape.result.kind === 'json') ?? methods[0];
  if (first === undefined) return programs;
  const envs = names.credentials.map((c) => c.env);
  program(
    'Usage',
    `The client reads ${[names.baseUrlEnv, ...envs].map(mdCode).join(', ')} from the environment; options passed to \`NewClient\` win over them. Every resource is a field of the client, every operation a method taking a \`context.Context\`.`,
    (file, ctx) => {
      file.use('context');
      file.use('fmt');
      return `${newClient(file)}\n${resultLines(first.shape, sampleCall(first.trail, first.shape, ctx, 'context.TODO()', [], undefined, values(first)))}`;
    },
  );
  program(
    'Errors',
    `A status outside 2xx returns a \`*${packageName}.Error\` with the status, the request id and the body; read it with \`errors.As\`. Connection errors and statuses 408, 409, 429 and 5xx are retried twice with exponential backoff (honouring \`Retry-After\`).`,
    (file, ctx) => {
      file.use('context');
      file.use('errors');
      file.use('fmt');
      const call = sampleCall(first.trail, first.shape, ctx, 'context.TODO()', [], undefined, values(first));
      const assign =
        first.shape.result.kind === 'none'
          ? `err := ${call}`
          : first.shape.result.kind === 'stream'
            ? `err := ${call}.Err()`
            : `_, err := ${call}`;
      return `${newClient(file)}\n\t${assign}\n\tvar apierr *${packageName}.Error\n\tif errors.As(err, &apierr) {\n\t\tfmt.Println(apierr.StatusCode, apierr.RequestID, apierr.Body)\n\t}`;
    },
  );
  if (first.shape.result.kind === 'json') {
    program(
      'Timeouts, retries, per-request options and raw responses',
      "A context's deadline bounds a call (retries included); `option.WithRequestTimeout` bounds each attempt. Any client option can be given to one call. `option.WithResponseInto` hands back the `*http.Response` (headers, status; its body can be read again).",
      (file, ctx) => {
        for (const p of ['context', 'fmt', 'net/http', 'time']) file.use(p);
        file.useLocal('option');
        const call = sampleCall(
          first.trail,
          first.shape,
          ctx,
          'ctx',
          ['option.WithMaxRetries(5)', 'option.WithRequestTimeout(20*time.Second)', 'option.WithResponseInto(&raw)'],
          undefined,
          values(first),
        );
        return `${newClient(file)}\n\tctx, cancel := context.WithTimeout(context.Background(), time.Minute)\n\tdefer cancel()\n\tvar raw *http.Response\n\t_, err := ${call}\n\tif err != nil {\n\t\tpanic(err.Error())\n\t}\n\tfmt.Println(raw.StatusCode, raw.Header.Get("Content-Type"))`;
      },
    );
  }
  const paged = methods.find((m) => m.shape.result.kind === 'page');
  if (paged?.shape.plan.autoPaging !== undefined) {
    program(
      'Pagination',
      '`...AutoPaging` methods walk every item of every page, fetching pages as they go (`Next`/`Current`/`Err`, or range over `All()`); the plain method returns one page (`GetNextPage`).',
      (file, ctx) => {
        file.use('context');
        file.use('fmt');
        const call = sampleCall(
          paged.trail,
          paged.shape,
          ctx,
          'context.TODO()',
          [],
          paged.shape.plan.autoPaging,
          values(paged),
        );
        return `${newClient(file)}\n\tfor item, err := range ${call}.All() {\n\t\tif err != nil {\n\t\t\tpanic(err.Error())\n\t\t}\n\t\tfmt.Printf("%+v\\n", item)\n\t}`;
      },
    );
  }
  const streamed = methods.find((m) => m.shape.result.kind === 'stream');
  if (streamed !== undefined) {
    program('Streaming', 'Server-sent events arrive one by one; close the stream when done.', (file, ctx) => {
      file.use('context');
      file.use('fmt');
      const call = sampleCall(streamed.trail, streamed.shape, ctx, 'context.TODO()', [], undefined, values(streamed));
      return `${newClient(file)}\n\tstream := ${call}\n\tdefer stream.Close()\n\tfor stream.Next() {\n\t\tfmt.Printf("%+v\\n", stream.Current())\n\t}\n\tif err := stream.Err(); err != nil {\n\t\tpanic(err.Error())\n\t}`;
    });
  }
  return programs;
}

/** `client := pkg.NewClient(option.With...(...))`, one line a credential. */
function newClientLines(file: GoFile, names: ClientOptionNames, packageName: string): string {
  const options = credentialOptions(names);
  if (options.length === 0) return `\tclient := ${packageName}.NewClient()`;
  file.useLocal('option');
  return `\tclient := ${packageName}.NewClient(\n${options.map((o) => `\t\t${o},`).join('\n')}\n\t)`;
}

/** A whole program calling one method with `values` (the docs site's Go sample of an operation). */
export function operationProgram(
  plan: GoPlan,
  types: GoTypes,
  names: ClientOptionNames,
  method: { trail: ServicePlan[]; shape: MethodShape },
  values: CallValues,
): string {
  const { modulePath, packageName } = plan.options;
  const file = new GoFile('main.go', 'main', modulePath, false);
  file.use(modulePath);
  file.use('context');
  if (method.shape.result.kind !== 'none') file.use('fmt');
  const ctx: SampleContext = {
    infos: types.infos,
    qual: `${packageName}.`,
    uses: usesFor(file),
  };
  const { shape, trail } = method;
  let lines: string;
  if (shape.result.kind === 'page' && shape.plan.autoPaging !== undefined) {
    const call = sampleCall(trail, shape, ctx, 'context.TODO()', [], shape.plan.autoPaging, values);
    lines = `\tfor item, err := range ${call}.All() {\n\t\tif err != nil {\n\t\t\tpanic(err.Error())\n\t\t}\n\t\tfmt.Printf("%+v\\n", item)\n\t}`;
  } else lines = resultLines(shape, sampleCall(trail, shape, ctx, 'context.TODO()', [], undefined, values));
  if (shape.result.kind === 'stream') lines += `\n\tif err := stream.Err(); err != nil {\n\t\tpanic(err.Error())\n\t}`;
  const client = newClientLines(file, names, packageName);
  file.add(`func main() {\n${client}\n${lines}\n}`);
  return file.render();
}

export function resultLines(shape: MethodShape, call: string): string {
  switch (shape.result.kind) {
    case 'none':
      return `\tif err := ${call}; err != nil {\n\t\tpanic(err.Error())\n\t}`;
    case 'stream':
      return `\tstream := ${call}\n\tdefer stream.Close()\n\tfor stream.Next() {\n\t\tfmt.Printf("%+v\\n", stream.Current())\n\t}`;
    case 'binary':
      return `\tres, err := ${call}\n\tif err != nil {\n\t\tpanic(err.Error())\n\t}\n\tdefer res.Body.Close()\n\tfmt.Println(res.Status)`;
    default:
      return `\tres, err := ${call}\n\tif err != nil {\n\t\tpanic(err.Error())\n\t}\n\tfmt.Printf("%+v\\n", res)`;
  }
}

export function emitReadme(
  model: ApiModel,
  plan: GoPlan,
  names: ClientOptionNames,
  programs: ReadmeProgram[],
  webhooks: boolean,
): string {
  const { modulePath, packageName } = plan.options;
  const title = model.info.title.trim() === '' ? 'API' : model.info.title.trim();
  const out: string[] = [
    `# ${mdText(title)} Go SDK`,
    '',
    `A Go client for the ${mdText(title)} API, generated from its OpenAPI description. Standard library only; Go 1.23 or newer.`,
    '',
    '## Install',
    '',
    '```sh',
    `go get ${modulePath}`,
    '```',
    '',
  ];
  for (const p of programs) out.push(`## ${p.title}`, '', p.text, '', mdFence(p.code.trimEnd(), 'go'), '');
  out.push(
    '## Request parameters',
    '',
    `Optional scalar fields are \`param.Opt[T]\`: the zero value leaves the field out, \`${packageName}.String("x")\` (or \`param.NewOpt(v)\`) sends a value, \`param.Null[T]()\` sends \`null\`. Optional lists, maps and objects are left out when nil or zero. Uploads are \`io.Reader\`s; \`${packageName}.File(r, "name.png", "image/png")\` names one.`,
    '',
    '## Responses',
    '',
    "Response structs keep each field's raw JSON: `res.JSON.Field.Valid()`, `.IsNull()`, `.Raw()`, and keys the description does not declare in `res.JSON.ExtraFields`; `res.RawJSON()` is the body as received. Unions have `As...` methods.",
    '',
  );
  if (names.clientCredentials !== undefined)
    out.push(
      '## OAuth2',
      '',
      `\`option.${names.clientCredentials.fn}(clientID, clientSecret)\` (or ${mdCode(names.clientCredentials.idEnv)} and ${mdCode(names.clientCredentials.secretEnv)}) fetches access tokens with the client credentials grant, caches them until shortly before they expire, and fetches a new one once when the API answers 401.`,
      '',
    );
  if (webhooks)
    out.push(
      '## Webhooks',
      '',
      `\`client.Webhooks.Verify(payload, r.Header)\` checks a webhook's signature with \`option.WithWebhookSecret\` (or ${mdCode(names.webhookSecretEnv)}); \`Unwrap\` also returns the payload to decode into its event type.`,
      '',
    );
  return `${out.join('\n').trimEnd()}\n`;
}
