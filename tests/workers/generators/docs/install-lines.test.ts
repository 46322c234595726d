// Every install line names the package the project publishes, as the config names it: npm and pip
// on the docs' overview and in llms.txt, and the MCP server (`npx -y <package>`), whose name a
// Stainless config gives under `targets.typescript.options.mcp_server.package_name` and a flagship
// config under `packages.mcp`. The MCP server package itself carries the same name.

import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { emitDocsSite } from '../../../../workers/generators/docs/index.ts';
import { emitMcpServer } from '../../../../workers/generators/mcp/index.ts';
import { ACME_SPEC, decodeEntities } from './helpers.ts';

const STAINLESS = `organization: { name: acme }
targets:
  typescript:
    package_name: '@acme/sdk'
    options:
      mcp_server:
        package_name: '@acme/mcp-server'
  python:
    project_name: acme-sdk
    package_name: acme_sdk
resources:
  widgets:
    methods:
      list: get /widgets
`;

const FLAGSHIP = `client_name: Acme
packages: { typescript: acme-node, python: acme-py, python_module: acme_py, cli: acme, mcp: acme-agent-tools }
resources:
  widgets:
    methods: { list: get /widgets }
`;

async function lines(configText: string, mode: string) {
  const result = await analyzeSpec({ openapiText: ACME_SPEC, configText, mode });
  if (!result.model) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)));
  const files = emitDocsSite(result.model);
  const overview = decodeEntities((files.find((f) => f.path === 'index.html')?.content ?? '').replace(/<[^>]+>/g, ''));
  const llms = files.find((f) => f.path === 'llms.txt')?.content ?? '';
  const mcp = JSON.parse(emitMcpServer(result.model).find((f) => f.path === 'package.json')?.content as string) as {
    name: string;
  };
  return { overview, llms, mcpPackage: mcp.name };
}

describe('install lines name the published packages', () => {
  it('from a Stainless config (targets.*.package_name, options.mcp_server.package_name)', async () => {
    const { overview, llms, mcpPackage } = await lines(STAINLESS, 'partner_stainless');
    expect(overview).toContain('npm install @acme/sdk');
    expect(overview).toContain('pip install acme-sdk');
    expect(overview).toContain('npx -y @acme/mcp-server');
    expect(llms).toContain('`npx -y @acme/mcp-server`');
    expect(llms).toContain('`npm install @acme/sdk`');
    expect(mcpPackage).toBe('@acme/mcp-server');
    expect(overview).not.toMatch(/npx -y acme-api-mcp/i);
  });

  it('from a flagship config (packages.mcp)', async () => {
    const { overview, mcpPackage } = await lines(FLAGSHIP, 'flagship');
    expect(overview).toContain('npm install acme-node');
    expect(overview).toContain('pip install acme-py');
    expect(overview).toContain('npx -y acme-agent-tools');
    expect(mcpPackage).toBe('acme-agent-tools');
  });
});
