// OAuth2 client credentials in the generated CLI and MCP server: the `oauth-hooks` fixture's CLI
// and MCP packages are compiled (TypeScript 7) and run with node as subprocesses against the
// Hooked Pets API and its token endpoint on 127.0.0.1 (tests/fakes/oauth-server.ts). The
// client id and secret come from `--client-id` / `--client-secret` or `HOOKED_CLIENT_ID` /
// `HOOKED_CLIENT_SECRET`; the SDK inside fetches the token.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emitCli } from '../../../../workers/generators/cli/index.ts';
import { emitMcpServer } from '../../../../workers/generators/mcp/index.ts';
import { runCli } from './helpers.ts';
import { compileMcpPackages, connectStdio, resultText } from '../mcp/helpers.ts';
import { CLIENT_ID, CLIENT_SECRET, type OAuthServer, startOAuthServer } from '../../../fakes/oauth-server.ts';
import { fixtureModel } from '../typescript/helpers.ts';

let root: string;
let api: OAuthServer;
const cliMain = (): string => join(root, 'out/cli/src/main.js');
const mcpMain = (): string => join(root, 'out/mcp/src/main.js');

beforeAll(async () => {
  api = await startOAuthServer();
  root = mkdtempSync(join(tmpdir(), 'oauth-cli-mcp-'));
  const model = await fixtureModel('oauth-hooks');
  const compiled = await compileMcpPackages(
    root,
    new Map([
      ['cli', emitCli(model)],
      ['mcp', emitMcpServer(model)],
    ]),
  );
  expect(compiled.output).toBe('');
  expect(compiled.code).toBe(0);
}, 180_000);

afterAll(async () => {
  await api?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

beforeEach(() => api.reset());

describe('the generated CLI with OAuth2 client credentials', () => {
  it('--client-id / --client-secret: the token is fetched once and sent as a bearer token', async () => {
    const result = await runCli(cliMain(), [
      'pets',
      'retrieve',
      'p1',
      '--client-id',
      CLIENT_ID,
      '--client-secret',
      CLIENT_SECRET,
      '--base-url',
      api.baseURL,
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: 'p1', name: 'pet tok-1' });
    expect(api.state.fetches).toBe(1);
    expect(api.state.apiAuthorizations).toEqual(['Bearer tok-1']);
  });

  it('reads HOOKED_CLIENT_ID / HOOKED_CLIENT_SECRET, shows the flags in --help, and a refused client exits non-zero', async () => {
    const env = { HOOKED_CLIENT_ID: CLIENT_ID, HOOKED_CLIENT_SECRET: CLIENT_SECRET };
    const ok = await runCli(cliMain(), ['pets', 'retrieve', 'p2', '--base-url', api.baseURL], { env });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ id: 'p2', name: 'pet tok-1' });
    const help = await runCli(cliMain(), ['--help']);
    expect(help.stdout).toMatch(/--client-id <id>\s+OAuth2 client id/);
    expect(help.stdout).toMatch(/\$HOOKED_CLIENT_SECRET/);
    api.state.fail = true;
    const refused = await runCli(cliMain(), ['pets', 'retrieve', 'p2', '--base-url', api.baseURL], { env });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/invalid_client/);
    expect(refused.stderr).not.toContain(CLIENT_SECRET);
  });

  it('--dry-run shows the first request it would send, the token request, with the client credentials redacted', async () => {
    const result = await runCli(cliMain(), [
      'pets',
      'retrieve',
      'p1',
      '--dry-run',
      '--client-id',
      CLIENT_ID,
      '--client-secret',
      CLIENT_SECRET,
      '--base-url',
      api.baseURL,
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`POST ${api.origin}/oauth/token`);
    expect(result.stdout).toContain('grant_type=client_credentials');
    expect(result.stdout).toMatch(/authorization: \[REDACTED\]/);
    expect(result.stdout).not.toContain(Buffer.from(`client:id+%C3%A9:se+cret%2F%2B`).toString('base64'));
    expect(api.state.fetches).toBe(0);
  });
});

describe('the generated MCP server with OAuth2 client credentials', () => {
  it('passes HOOKED_CLIENT_ID / HOOKED_CLIENT_SECRET from its environment to the SDK', async () => {
    const { client, close } = await connectStdio(mcpMain(), ['--base-url', api.baseURL, '--tools', 'static'], {
      HOOKED_CLIENT_ID: CLIENT_ID,
      HOOKED_CLIENT_SECRET: CLIENT_SECRET,
    });
    try {
      const results = await Promise.all(
        ['a', 'b', 'c'].map((petId) => client.callTool({ name: 'pets_retrieve', arguments: { petId } })),
      );
      expect(results.map((r) => JSON.parse(resultText(r)))).toEqual([
        { id: 'a', name: 'pet tok-1' },
        { id: 'b', name: 'pet tok-1' },
        { id: 'c', name: 'pet tok-1' },
      ]);
      // One server process, one client: the three concurrent calls shared one token fetch.
      expect(api.state.fetches).toBe(1);
    } finally {
      await close();
    }
  });
});
