// Every key of a partner `stainless.yml` is either applied to the model or reported as not
// applied, in plain words, saying whether that changes the SDK compared with Stainless's. Keys
// about Stainless's own publishing, docs and tests change no generated code (`config/not-applied`,
// a note); keys that would change the code are warnings (`config/unsupported-key`); a key this
// service does not know is a note that it was not applied, not a claimed SDK change.

import { joinPointer } from '../model/parse/pointer.ts';
import { asRecord, entries } from '../model/json-guards.ts';
import type { ConfigReader } from './config-reader.ts';

type Treatment =
  | { applied: true }
  /** Not applied; `sdk`: the generated code would differ from Stainless's. */
  | { applied: false; sdk: boolean; why: string };

const APPLIED: Treatment = { applied: true };
const docsOnly = (why: string): Treatment => ({ applied: false, sdk: false, why });
const changesSdk = (why: string): Treatment => ({ applied: false, sdk: true, why });

const PUBLISHING = docsOnly(
  "Stainless's publishing setting; publishing here is set per project, not from the stainless.yml",
);

/**
 * Key paths (`*` = any one key) and what is done with them. A path not listed under a listed
 * parent takes the parent's treatment when the parent is not applied.
 */
const KEYS: [string, Treatment][] = [
  ['edition', APPLIED],
  ['organization', APPLIED],
  ['organization.name', APPLIED],
  ['organization.docs', docsOnly('a link in Stainless-generated READMEs')],
  ['organization.contact', docsOnly('a contact in Stainless-generated READMEs and package metadata')],
  ['organization.github_org', PUBLISHING],
  ['targets', APPLIED],
  ['targets.*', APPLIED],
  ['targets.*.package_name', APPLIED],
  ['targets.*.project_name', APPLIED],
  ['targets.*.binary_name', APPLIED],
  [
    'targets.*.edition',
    docsOnly("Stainless's per-language generator edition; the method shapes follow the top-level `edition`"),
  ],
  ['targets.*.production_repo', PUBLISHING],
  ['targets.*.publish', PUBLISHING],
  ['targets.*.options', APPLIED],
  [
    'targets.*.options.mcp_server',
    docsOnly("Stainless's MCP server package settings; the MCP server here is its own package"),
  ],
  // The MCP server's npm package name is read from here (install lines in the docs name it).
  ['targets.*.options.mcp_server.package_name', APPLIED],
  ['mcp_server.package_name', APPLIED],
  ['environments', APPLIED],
  ['client_settings', APPLIED],
  ['client_settings.opts', APPLIED],
  ['security_schemes', APPLIED],
  ['security', APPLIED],
  ['pagination', APPLIED],
  ['resources', APPLIED],
  ['unspecified_endpoints', APPLIED],
  ['custom_casings', APPLIED],
  ['openapi', APPLIED],
  // ours: more custom-code paths carried across regenerations (docs/custom-code-and-release-prs.md)
  ['custom_code', APPLIED],
  ['custom_code.*', APPLIED],
  [
    'openapi.code_samples',
    docsOnly('where Stainless writes code samples into the description (x-codeSamples); the docs here make their own'),
  ],
  // `openapi.transforms` is reported by the reader itself (it changes the description).
  ['openapi.transforms', APPLIED],
  ['settings', APPLIED],
  ['settings.license', docsOnly('the license of the published packages; set it in the description (`info.license`)')],
  [
    'settings.disable_mock_tests',
    docsOnly("Stainless's own test switch; the SDKs' tests here always run against the mock"),
  ],
  ['readme', docsOnly('example requests of Stainless-generated READMEs; the README here shows its own examples')],
  [
    'query_settings',
    changesSdk(
      "query arrays and objects are sent as each parameter's `style` / `explode` in the description says, not as `query_settings` says",
    ),
  ],
  ['codeflow', PUBLISHING],
  ['diagnostics', docsOnly("Stainless's own diagnostics settings")],
  [
    'streaming',
    changesSdk("streaming is read from the description's `text/event-stream` responses, not from this setting"),
  ],
  ['idempotency', changesSdk('the idempotency header is the SDK default (`Idempotency-Key`), not this setting')],
  ['retries', changesSdk('retries are the SDK defaults (2, exponential backoff), not this setting')],
  ['webhooks', changesSdk("webhooks follow the description's `webhooks`, verified as Standard Webhooks")],
  ['errors', changesSdk('error classes are the SDK defaults by status, not this setting')],
  ['cli', docsOnly("Stainless's CLI settings; the CLI here takes its name from `targets.cli.binary_name`")],
  ['mcp_server', docsOnly("Stainless's MCP server settings; the MCP server here exposes one tool per method")],
];

const METHOD_KEYS: [string, Treatment][] = [
  [
    'positional_params',
    changesSdk('parameters are positional as the Stainless edition does by default, not as listed'),
  ],
  ['body_param_name', changesSdk('the request body is flattened into the params, not put under this name')],
  ['param_casing', changesSdk('params keep the names the description gives them')],
  ['only', changesSdk('the method is generated for every target language')],
  ['skip', changesSdk('the method is generated for every target language')],
  ['skip_test_reason', docsOnly("a reason Stainless skips the method's generated test")],
];

function treatmentOf(path: string[]): Treatment | undefined {
  for (let n = path.length; n > 0; n--) {
    for (const [pattern, treatment] of KEYS) {
      const parts = pattern.split('.');
      if (parts.length !== n) continue;
      if (parts.every((part, i) => part === '*' || part === path[i])) {
        // A key under a listed parent: listed itself, or the parent's treatment when that is not applied.
        if (n === path.length || !treatment.applied) return treatment;
        return undefined;
      }
    }
  }
  return undefined;
}

/** Sections whose keys are names the customer chose (environment names, option names, words, resources). */
const FREE_KEYS = new Set([
  'environments',
  'client_settings.opts',
  'custom_casings',
  'resources',
  'security_schemes',
  'security',
  'pagination',
  'unspecified_endpoints',
]);

/** Reports every key of the stainless.yml that is not applied. */
export function reportStainlessKeys(reader: ConfigReader, root: Record<string, unknown>): void {
  const walk = (record: Record<string, unknown>, path: string[], pointer: string): void => {
    for (const [key, value] of entries(record)) {
      if (key.startsWith('x-')) continue;
      const keyPath = [...path, key];
      const keyPointer = joinPointer(pointer, key);
      const treatment = treatmentOf(keyPath);
      const name = `\`${keyPath.join('.')}\``;
      if (treatment === undefined) {
        reader.report(
          'config/not-applied',
          'info',
          keyPointer,
          `${name} is not a stainless.yml key this service knows, so it is not applied; if it changes what Stainless generates, the SDK here may differ there.`,
        );
        continue;
      }
      if (!treatment.applied) {
        reader.report(
          treatment.sdk ? 'config/unsupported-key' : 'config/not-applied',
          treatment.sdk ? 'warning' : 'info',
          keyPointer,
          `${name} is not applied: ${treatment.why}.${treatment.sdk ? ' The SDK may differ from the one Stainless generates there.' : ' The generated code does not depend on it.'}`,
        );
        continue;
      }
      if (FREE_KEYS.has(keyPath.join('.'))) continue;
      const child = asRecord(value);
      if (child !== undefined) walk(child, keyPath, keyPointer);
    }
  };
  walk(root, [], '');
  walkResources(reader, asRecord(root.resources), '/resources', 0);
}

function walkResources(
  reader: ConfigReader,
  resources: Record<string, unknown> | undefined,
  pointer: string,
  depth: number,
): void {
  if (depth > 16) return;
  for (const [name, value] of entries(resources)) {
    const resource = asRecord(value);
    const rPointer = joinPointer(pointer, name);
    for (const [methodName, m] of entries(asRecord(resource?.methods))) {
      const method = asRecord(m);
      for (const [key, treatment] of METHOD_KEYS) {
        if (method === undefined || !Object.hasOwn(method, key) || treatment.applied) continue;
        reader.report(
          treatment.sdk ? 'config/unsupported-key' : 'config/not-applied',
          treatment.sdk ? 'warning' : 'info',
          joinPointer(rPointer, 'methods', methodName, key),
          `\`${key}\` of method "${methodName}" is not applied: ${treatment.why}.`,
        );
      }
    }
    walkResources(reader, asRecord(resource?.subresources), joinPointer(rPointer, 'subresources'), depth + 1);
  }
}
