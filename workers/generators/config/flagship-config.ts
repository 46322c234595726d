// The flagship config format (YAML):
//
//   client_name: Petstore
//   organization: Acme                       # optional
//   packages: { typescript: petstore, python: petstore, python_module: petstore, cli: petstore,
//               mcp: petstore-mcp, go: github.com/acme/petstore-go, go_package: petstore }   # go: the Go module path
//   binary_name: petstore           (the CLI's binary; overrides packages.cli)
//   env_prefix: PETSTORE                     # optional
//   mcp: { tools: dynamic }                  # optional: the MCP server's tools (static | dynamic)
//   webhooks: { scheme: standard }           # optional: how webhooks are signed (standard | github | stripe)
//   environments: { production: https://petstore.example.com/v1 }
//   auth: [ { name: api_key, scheme: ApiKeyAuth, env: PETSTORE_API_KEY, required: true } ]
//   pagination: [ { name: cursor_page, type: cursor, request: {...}, response: {...} } ]
//   resources:
//     pets:
//       methods: { list: get /pets, retrieve: { endpoint: get /pets/{petId}, deprecated: "use x" } }
//       subresources: { toys: { methods: { list: get /pets/{petId}/toys } } }
//   unspecified_endpoints: [ get /internal ]
//   lint: { rules: { tags/declared: off }, redocly: <redocly.yaml text>, spectral: <.spectral.yaml text> }

import type { ParsedDocument } from '../model/parse/parse-document.ts';
import { asArray, asBoolean, asRecord, asString, isRecord } from '../model/json-guards.ts';
import { joinPointer } from '../model/parse/pointer.ts';
import { ConfigReader } from './config-reader.ts';
import { readEnvironments } from './read-environments.ts';
import { readPagination } from './read-pagination.ts';
import { readResources } from './read-resources.ts';
import { readLint } from './read-lint.ts';
import { emptyConfig, type ConfigParseResult } from '../model/generator-config.ts';

export const FLAGSHIP_KEYS = [
  'client_name',
  'binary_name',
  'organization',
  'packages',
  'env_prefix',
  'mcp',
  'webhooks',
  'environments',
  'auth',
  'pagination',
  'resources',
  'unspecified_endpoints',
  'lint',
  // read by the pipeline's custom-code carry (docs/custom-code-and-release-prs.md)
  'custom_code',
] as const;

const RESOURCE_KEYS = {
  resource: ['methods', 'subresources', 'models', 'description'],
  method: ['endpoint', 'deprecated', 'pagination', 'description'],
};

export function readFlagshipConfig(doc: ParsedDocument): ConfigParseResult {
  const reader = new ConfigReader(doc);
  const root = asRecord(doc.value);
  if (root === undefined) {
    reader.report('config/invalid', 'error', '', 'The config must be a YAML mapping.');
    return { diagnostics: reader.diagnostics, needsSetup: ['config is not a mapping'] };
  }
  reader.checkKeys(root, '', FLAGSHIP_KEYS, 'the config');
  const config = emptyConfig('flagship');
  const clientName = asString(root.client_name);
  if (clientName !== undefined) config.clientName = clientName;
  const organization = asString(root.organization);
  if (organization !== undefined) config.organization = organization;
  const packages = asRecord(root.packages);
  if (packages !== undefined) {
    reader.checkKeys(
      packages,
      '/packages',
      ['typescript', 'python', 'python_module', 'cli', 'mcp', 'go', 'go_package'],
      'packages',
    );
    const ts = asString(packages.typescript);
    const py = asString(packages.python);
    const pyModule = asString(packages.python_module);
    const cli = asString(packages.cli);
    if (ts !== undefined) config.packages.typescript = ts;
    if (py !== undefined) config.packages.python = py;
    if (pyModule !== undefined) config.packages.pythonModule = pyModule;
    if (cli !== undefined) config.packages.cli = cli;
    const goModule = asString(packages.go);
    const goPackage = asString(packages.go_package);
    if (goModule !== undefined) config.packages.go = goModule;
    if (goPackage !== undefined) config.packages.goPackage = goPackage;
    const mcp = asString(packages.mcp);
    if (mcp !== undefined) config.packages.mcp = mcp;
  }
  // The CLI's binary name: `binary_name` (as Stainless' targets.cli.binary_name), else packages.cli.
  const binaryName = asString(root.binary_name);
  if (binaryName !== undefined) config.packages.cli = binaryName;
  const envPrefix = asString(root.env_prefix);
  if (envPrefix !== undefined) config.envPrefix = envPrefix;
  const mcp = asRecord(root.mcp);
  if (mcp !== undefined) {
    reader.checkKeys(mcp, '/mcp', ['tools'], 'mcp');
    const tools = asString(mcp.tools);
    if (tools === 'static' || tools === 'dynamic') config.mcpTools = tools;
    else if (mcp.tools !== undefined)
      reader.report(
        'config/invalid',
        'warning',
        '/mcp/tools',
        '`mcp.tools` must be `static` or `dynamic`; it is ignored.',
      );
  }
  const webhooks = asRecord(root.webhooks);
  if (webhooks !== undefined) {
    reader.checkKeys(webhooks, '/webhooks', ['scheme'], 'webhooks');
    const scheme = asString(webhooks.scheme);
    if (scheme === 'standard' || scheme === 'github' || scheme === 'stripe') config.webhookScheme = scheme;
    else if (webhooks.scheme !== undefined)
      reader.report(
        'config/invalid',
        'warning',
        '/webhooks/scheme',
        '`webhooks.scheme` must be `standard`, `github` or `stripe`; `standard` is used.',
      );
  }
  config.environments = readEnvironments(reader, root.environments, '/environments');
  asArray(root.auth).forEach((a, i) => {
    const auth = asRecord(a);
    const name = asString(auth?.name);
    const scheme = asString(auth?.scheme);
    if (auth === undefined || name === undefined || scheme === undefined) {
      reader.report(
        'config/invalid-auth',
        'warning',
        joinPointer('/auth', i),
        'Auth options need `name` and `scheme`; this one is ignored.',
      );
      return;
    }
    const envVar = asString(auth.env);
    config.authOptions.push({
      name,
      scheme,
      ...(envVar !== undefined ? { envVar } : {}),
      required: asBoolean(auth.required) ?? false,
    });
  });
  config.pagination = readPagination(reader, root.pagination, '/pagination');
  config.resources = readResources(reader, root.resources, '/resources', RESOURCE_KEYS);
  config.unspecifiedEndpoints = asArray(root.unspecified_endpoints).filter((e): e is string => typeof e === 'string');
  const lint = readLint(reader, root.lint, '/lint');
  if (lint !== undefined) config.lint = lint;
  if (root.resources !== undefined && !isRecord(root.resources)) {
    reader.report('config/invalid-resource', 'error', '/resources', '`resources` must be a mapping of resource names.');
  }
  return { config, diagnostics: reader.diagnostics, needsSetup: [] };
}
