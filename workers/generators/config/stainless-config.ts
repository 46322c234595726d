// A partner config: a real Stainless `stainless.yml`, mapped onto the same normalised config so
// the generated SDK keeps the method names the customer's users already call. Keys we do not
// apply are reported as such (stainless-keys.ts); nothing here is fatal except having
// no resources at all, which makes the run `blocked` / `needs_setup`.

import type { ParsedDocument } from '../model/parse/parse-document.ts';
import { asArray, asRecord, asString, entries, isRecord } from '../model/json-guards.ts';
import { screamingSnakeCase } from '../names/case.ts';
import { ConfigReader } from './config-reader.ts';
import { readEnvironments } from './read-environments.ts';
import { readPagination } from './read-pagination.ts';
import { readResources } from './read-resources.ts';
import { reportStainlessKeys } from './stainless-keys.ts';
import { CONFIG_TARGETS, emptyConfig, type ConfigParseResult } from '../model/generator-config.ts';

const RESOURCE_KEYS = {
  resource: ['methods', 'subresources', 'models', 'description', 'standalone_api', 'name'],
  method: [
    'endpoint',
    'deprecated',
    'pagination',
    'type',
    'positional_params',
    'skip_test_reason',
    'paginated',
    'streaming',
    'body_param_name',
    'description',
    'only',
    'skip',
    'param_casing',
  ],
};

export function readStainlessConfig(doc: ParsedDocument): ConfigParseResult {
  const reader = new ConfigReader(doc);
  const needsSetup: string[] = [];
  const root = asRecord(doc.value);
  if (root === undefined) {
    reader.report('config/invalid', 'error', '', 'The Stainless config must be a YAML mapping.');
    return { diagnostics: reader.diagnostics, needsSetup: ['the partner config is not a YAML mapping'] };
  }
  // Every key is applied or reported as not applied, in plain words (stainless-keys.ts).
  reportStainlessKeys(reader, root);
  const config = emptyConfig('stainless');

  const organization = asRecord(root.organization);
  const orgName = asString(organization?.name);
  if (orgName !== undefined) {
    config.organization = orgName;
    const casing = asRecord(asRecord(root.custom_casings)?.[orgName]);
    config.clientName = asString(casing?.pascal) ?? orgName.charAt(0).toUpperCase() + orgName.slice(1);
    // Stainless names the environment variables after the organization (`lumaai`: `LUMAAI_BASE_URL`),
    // not after the client's casing (`LumaAI`).
    const prefix = screamingSnakeCase(orgName);
    if (prefix !== '') config.envPrefix = prefix;
  }

  const customCasings: Record<string, { pascal: string; camel: string }> = {};
  for (const [word, raw] of entries(asRecord(root.custom_casings))) {
    const pascal = asString(asRecord(raw)?.pascal);
    // A word is one identifier chunk; anything else could not be matched against a name's words.
    if (pascal === undefined || !/^[a-z0-9]+$/i.test(word) || !/^[A-Za-z0-9]+$/.test(pascal)) continue;
    const camel = asString(asRecord(raw)?.camel);
    customCasings[word.toLowerCase()] = {
      pascal,
      camel: camel !== undefined && /^[A-Za-z0-9]+$/.test(camel) ? camel : word.toLowerCase(),
    };
  }
  config.customCasings = customCasings;
  const edition = root.edition instanceof Date ? root.edition.toISOString().slice(0, 10) : asString(root.edition);
  if (edition !== undefined) config.stainlessEdition = edition;

  const targets = asRecord(root.targets) ?? {};
  if (asRecord(root.targets) !== undefined)
    config.targets = CONFIG_TARGETS.filter((t) => t in targets || (t === 'typescript' && 'node' in targets));
  const ts = asRecord(targets.typescript ?? targets.node);
  const py = asRecord(targets.python);
  const cli = asRecord(targets.cli);
  const tsName = asString(ts?.package_name);
  const pyModule = asString(py?.package_name);
  const pyProject = asString(py?.project_name);
  const cliName = asString(cli?.binary_name);
  if (tsName !== undefined) config.packages.typescript = tsName;
  if (pyModule !== undefined) config.packages.pythonModule = pyModule;
  if (pyProject !== undefined || pyModule !== undefined)
    config.packages.python = pyProject ?? (pyModule as string).replace(/_/g, '-');
  if (cliName !== undefined) config.packages.cli = cliName;
  // Go: the module path is the production repository's (`github.com/<owner>/<repo>`), the package
  // name `package_name`.
  const go = asRecord(targets.go);
  const goPackage = asString(go?.package_name);
  const goRepo = asString(go?.production_repo);
  if (goPackage !== undefined) config.packages.goPackage = goPackage;
  if (goRepo !== undefined) config.packages.go = `github.com/${goRepo}`;
  else if (goPackage !== undefined) config.packages.go = goPackage;
  // The MCP server's npm package: `targets.typescript.options.mcp_server.package_name` (where
  // Stainless reads it), else a top-level `mcp_server.package_name`.
  const mcpName =
    asString(asRecord(asRecord(ts?.options)?.mcp_server)?.package_name) ??
    asString(asRecord(root.mcp_server)?.package_name);
  if (mcpName !== undefined) config.packages.mcp = mcpName;

  config.environments = readEnvironments(reader, root.environments, '/environments');

  for (const [name, raw] of entries(asRecord(root.client_settings)?.opts)) {
    const opt = asRecord(raw);
    const scheme = asString(asRecord(opt?.auth)?.security_scheme);
    if (opt === undefined || scheme === undefined) continue;
    const envVar = asString(opt.read_env);
    config.authOptions.push({
      name,
      scheme,
      ...(envVar !== undefined ? { envVar } : {}),
      required: opt.nullable !== true,
    });
  }
  if (isRecord(root.security_schemes)) config.securitySchemes = root.security_schemes;
  if (Array.isArray(root.security)) config.security = root.security;
  config.pagination = readPagination(reader, root.pagination, '/pagination');

  config.resources = readResources(reader, root.resources, '/resources', RESOURCE_KEYS);
  config.unspecifiedEndpoints = asArray(root.unspecified_endpoints).filter((e): e is string => typeof e === 'string');
  const transforms = asRecord(root.openapi)?.transforms;
  if (transforms !== undefined) {
    reader.report(
      'config/unsupported-key',
      'warning',
      '/openapi/transforms',
      '`openapi.transforms` are not applied: the description is used as sent. Apply the transforms to the description first if the SDK depends on them.',
    );
  }
  const methodCount = countMethods(config.resources);
  if (config.resources.length === 0 || methodCount === 0) {
    reader.report(
      'config/missing-resources',
      'error',
      root.resources === undefined ? '' : '/resources',
      'The Stainless config maps no endpoints to resources: there is nothing to keep compatible with.',
    );
    needsSetup.push(
      'The partner config has no `resources` with methods; add the resources/methods mapping of the existing SDK.',
    );
  }
  if (orgName === undefined) {
    reader.report(
      'config/missing-organization',
      'warning',
      '',
      '`organization.name` is missing; the client name is derived from the description title.',
    );
  }
  return { config, diagnostics: reader.diagnostics, needsSetup };
}

function countMethods(resources: { methods: unknown[]; subresources: typeof resources }[]): number {
  return resources.reduce((n, r) => n + r.methods.length + countMethods(r.subresources), 0);
}
