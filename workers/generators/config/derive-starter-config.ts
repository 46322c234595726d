// When a run has no config, one is derived from the paths and returned as the `starter_config`
// artifact. Sending that YAML back unchanged as `configText` yields the same model.

import type { OperationEntry } from '../model/doc-index.ts';
import { yamlPackage } from '../model/parse/yaml-package.ts';
import type { SourceLocation } from '../model/types.ts';
import { asArray, asRecord, asString, type JsonRecord } from '../model/json-guards.ts';
import { clientNamingDefaults } from '../model/client-naming-defaults.ts';
import { deriveResources } from '../model/derive-resources.ts';
import { emptyConfig, type ConfigResource, type GeneratorConfig } from '../model/generator-config.ts';

export function deriveStarterConfig(
  doc: JsonRecord,
  operations: OperationEntry[],
  locate: (pointer: string) => SourceLocation,
): GeneratorConfig {
  const config = emptyConfig('derived');
  const title = asString(asRecord(doc.info)?.title) ?? 'API';
  const naming = clientNamingDefaults(title);
  config.clientName = naming.clientName;
  config.packages = {
    typescript: naming.typescript,
    python: naming.python,
    pythonModule: naming.pythonModule,
    cli: naming.cli,
  };
  config.envPrefix = naming.envPrefix;
  const taken = new Set<string>();
  asArray(doc.servers).forEach((s, i) => {
    const server = asRecord(s);
    const url = asString(server?.url);
    if (server === undefined || url === undefined) return;
    let name = i === 0 ? 'production' : naming.snake(asString(server.description) ?? '') || `server_${i + 1}`;
    for (let n = 2; taken.has(name); n++) name = `${name}_${n}`;
    taken.add(name);
    const variables = asRecord(server.variables) ?? {};
    const expanded = url.replace(/\{([^{}]*)\}/g, (_, v: string) => String(asRecord(variables[v])?.default ?? v));
    config.environments.push({ name, url: expanded, source: locate(`/servers/${i}`) });
  });
  const endpoints = operations
    .filter((o) => !o.webhook)
    .map((o) => ({
      method: o.method,
      path: o.path,
      operationId: asString(o.operation.operationId),
      source: locate(o.pointer),
    }));
  config.resources = deriveResources(endpoints).resources;
  return config;
}

/** The flagship YAML for a config (what the user edits and sends back). */
export function starterConfigYaml(config: GeneratorConfig): string {
  const out: Record<string, unknown> = {};
  if (config.clientName !== undefined) out.client_name = config.clientName;
  if (config.organization !== undefined) out.organization = config.organization;
  const packages: Record<string, string> = {};
  if (config.packages.typescript !== undefined) packages.typescript = config.packages.typescript;
  if (config.packages.python !== undefined) packages.python = config.packages.python;
  if (config.packages.pythonModule !== undefined) packages.python_module = config.packages.pythonModule;
  if (config.packages.cli !== undefined) packages.cli = config.packages.cli;
  if (Object.keys(packages).length > 0) out.packages = packages;
  if (config.envPrefix !== undefined) out.env_prefix = config.envPrefix;
  if (config.environments.length > 0)
    out.environments = Object.fromEntries(config.environments.map((e) => [e.name, e.url]));
  out.resources = resourcesYaml(config.resources);
  const header = [
    '# Starter config derived from the paths of your OpenAPI description.',
    "# Edit names here and send this file back as the run's config to keep them stable.",
    '# resources: <resource>: methods: <method name>: "<http method> <path>"; nest with subresources.',
    '',
  ].join('\n');
  return header + yamlPackage().stringify(out, { lineWidth: 0 });
}

function resourcesYaml(resources: ConfigResource[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of resources) {
    const entry: Record<string, unknown> = {};
    if (r.methods.length > 0) entry.methods = Object.fromEntries(r.methods.map((m) => [m.name, m.endpoint]));
    if (r.subresources.length > 0) entry.subresources = resourcesYaml(r.subresources);
    out[r.name] = entry;
  }
  return out;
}
