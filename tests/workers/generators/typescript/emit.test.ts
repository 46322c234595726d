// Golden files and pure-function properties of the TypeScript SDK generator.
// UPDATE_GOLDEN=1 rewrites tests/fixtures/typescript/golden/.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cookiePairs, encodeCookieValue } from '../../../../workers/generators/typescript/bundle/cookies.ts';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { emitTypeScriptSdk, resolveOptions } from '../../../../workers/generators/typescript/index.ts';
import { expectGoldenFiles } from '../../../setup/golden.ts';
import { BUNDLE_DIR, FIXTURE_FILES, FIXTURES, fixtureModel } from './helpers.ts';

const GOLDEN = join(FIXTURES, 'golden');

describe('emitTypeScriptSdk golden files', () => {
  for (const name of Object.keys(FIXTURE_FILES)) {
    it(`${name} matches its golden files`, async () => {
      const files = emitTypeScriptSdk(await fixtureModel(name)).filter((f) => !f.path.startsWith('src/core/'));
      const dir = join(GOLDEN, name);
      expectGoldenFiles(dir, files);
    });
  }
});

describe('emitTypeScriptSdk', () => {
  it('is deterministic', async () => {
    const model = await fixtureModel('shapes');
    expect(emitTypeScriptSdk(model)).toEqual(emitTypeScriptSdk(structuredClone(model)));
  });

  it('copies the bundle verbatim into src/core', async () => {
    const files = emitTypeScriptSdk(await fixtureModel('live'));
    const core = files.filter((f) => f.path.startsWith('src/core/'));
    // The OAuth and webhook runtimes go only into packages that use them.
    const bundle = readdirSync(BUNDLE_DIR)
      .filter((n) => n.endsWith('.ts') && n !== 'oauth.ts' && n !== 'webhooks.ts')
      .sort();
    expect(core.map((f) => f.path)).toEqual(bundle.map((n) => `src/core/${n}`));
    const hooked = emitTypeScriptSdk(await fixtureModel('oauth-hooks')).map((f) => f.path);
    expect(hooked).toContain('src/core/oauth.ts');
    expect(hooked).toContain('src/core/webhooks.ts');
    for (const name of bundle)
      expect(core.find((f) => f.path === `src/core/${name}`)?.content).toBe(
        readFileSync(join(BUNDLE_DIR, name), 'utf8'),
      );
  });

  it('writes a publishable package.json with zero runtime dependencies', async () => {
    const files = emitTypeScriptSdk(await fixtureModel('live'), { version: '3.4.5' });
    const pkg = JSON.parse(files.find((f) => f.path === 'package.json')?.content ?? '{}') as Record<string, unknown>;
    expect(pkg).toMatchObject({
      name: '@fixtures/live-pets',
      version: '3.4.5',
      type: 'module',
      types: './dist/index.d.ts',
      engines: { node: '^20.19.0 || >=22.12.0' },
      dependencies: {},
    });
    expect((pkg.exports as Record<string, unknown>)['.']).toMatchObject({
      types: './dist/index.d.ts',
      import: './dist/index.js',
    });
  });

  it('derives option defaults from the model and sanitises bad ones', async () => {
    const model = await fixtureModel('hostile');
    const resolved = resolveOptions(model);
    expect(resolved.packageName).toMatch(/^[a-z0-9][a-z0-9._~-]*$/);
    expect(resolved.clientClass).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
    expect(resolved.envPrefix).toMatch(/^[A-Z_][A-Z0-9_]*$/);
    expect(resolved.version).toBe('1.0.0');
    const custom = resolveOptions(model, { packageName: 'Not Valid!', clientName: 'class', envPrefix: 'my-api' });
    expect(custom.packageName).toBe('not-valid-sdk');
    expect(custom.clientClass).toBe('Class');
    expect(custom.envPrefix).toBe('MY_API');
    expect(() => resolveOptions(model, { version: 'latest' })).toThrow(/semver/);
  });

  it('keeps every hostile string inside a literal or an escaped comment', async () => {
    const files = emitTypeScriptSdk(await fixtureModel('hostile')).filter(
      (f) => f.path.endsWith('.ts') && !f.path.startsWith('src/core/'),
    );
    for (const file of files) {
      // No raw line/paragraph separators anywhere, and no comment closed early by the description.
      expect(file.content, file.path).not.toMatch(/[\u2028\u2029]/);
      for (const line of file.content.split('\n')) {
        if (/^\s*(\/\*\*|\*)/.test(line)) expect(line, `${file.path}: ${line}`).not.toMatch(/\*\/.+/);
      }
      // `globalThis.__pwned` only ever appears inside a string literal or a comment.
      const code = file.content
        .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
        .replace(/`(?:[^`\\]|\\.)*`/g, '``')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      expect(code, file.path).not.toMatch(/__pwned/);
    }
  });

  it('sends every configured credential when neither the document nor any operation states security', async () => {
    const model = structuredClone(await fixtureModel('wire'));
    model.security = [];
    for (const op of model.operations) op.security = [];
    const files = emitTypeScriptSdk(model);
    for (const file of files.filter((f) => f.path.startsWith('src/resources/')))
      expect(file.content, file.path).not.toMatch(/security:/);
    expect(files.find((f) => f.path === 'src/client.ts')?.content).toMatch(/schemes\?\.has\("ApiKeyAuth"\) \?\? true/);
    // One operation that states security is enough for every request to carry its own (`[]` = none).
    model.operations[0]!.security = [{ schemes: [{ scheme: 'bearerAuth', scopes: [] }] }];
    const stated = emitTypeScriptSdk(model).filter((f) => f.path.startsWith('src/resources/'));
    expect(stated.map((f) => f.content).join('\n')).toMatch(/security: \[\["bearerAuth"\]\]/);
    expect(stated.find((f) => f.path === 'src/resources/public.ts')?.content).toMatch(/security: \[\]/);
  });

  it('encodes cookie values to RFC 6265 cookie-octets (and % itself)', () => {
    expect(encodeCookieValue("abc-._~!*'()/:=?@[]{}+&$#")).toBe("abc-._~!*'()/:=?@[]{}+&$#");
    expect(encodeCookieValue(' ",;\\%\u00e9\u0001')).toBe('%20%22%2C%3B%5C%25%C3%A9%01');
    expect(cookiePairs({ a: 'x y', b: undefined, c: null, d: [1, 'p,q'], e: { k: 'v' }, 'n m': true })).toBe(
      'a=x%20y; d=1,p%2Cq; e=k,v; n%20m=true',
    );
    expect(cookiePairs({ a: undefined })).toBeUndefined();
  });
});

describe('npmPackageName', () => {
  it('never names a package like a Node built-in (import would load the built-in): events -> events-sdk', async () => {
    const { npmPackageName } = await import('../../../../workers/generators/typescript/options.ts');
    expect(npmPackageName('events', 'Events')).toBe('events-sdk');
    expect(npmPackageName('http', 'Http')).toBe('http-sdk');
    expect(npmPackageName('events-api', 'Events')).toBe('events-api');
    expect(npmPackageName('@acme/events', 'Events')).toBe('@acme/events');
  });
});

describe('webhooks.scheme (flagship config)', () => {
  const spec = readFileSync(join(FIXTURES, 'oauth-hooks.openapi.yaml'), 'utf8');
  const clientFile = async (configText: string): Promise<{ client: string; warnings: string[] }> => {
    const result = await analyzeSpec({ openapiText: spec, configText, mode: 'flagship' });
    const client = emitTypeScriptSdk(result.model!).find((f) => f.path === 'src/client.ts')?.content ?? '';
    const warnings = result.diagnostics.filter((d) => d.document === 'config').map((d) => d.message);
    return { client, warnings };
  };

  it('names the signing scheme the client verifies (standard by default; github, stripe)', async () => {
    expect((await clientFile('client_name: H\n')).client).toContain('new Webhooks(this.webhookSecret, "standard")');
    for (const scheme of ['github', 'stripe']) {
      const { client, warnings } = await clientFile(`client_name: H\nwebhooks: { scheme: ${scheme} }\n`);
      expect(client).toContain(`new Webhooks(this.webhookSecret, "${scheme}")`);
      expect(warnings.filter((w) => w.includes('webhooks'))).toEqual([]);
    }
  });

  it('warns about an unknown scheme or key and keeps standard', async () => {
    const { client, warnings } = await clientFile('client_name: H\nwebhooks: { scheme: "svix\\"", other: 1 }\n');
    expect(client).toContain('new Webhooks(this.webhookSecret, "standard")');
    expect(warnings.some((w) => w.includes('`webhooks.scheme` must be `standard`, `github` or `stripe`'))).toBe(true);
    expect(warnings.some((w) => w.includes('other'))).toBe(true);
  });
});

describe('OAuth2 client credentials from an OAS 2-shaped scheme', () => {
  it('reads `flow: application` with its tokenUrl and scopes as the client-credentials flow', async () => {
    const openapiText = [
      'openapi: 3.0.3',
      'info: { title: T, version: 1.0.0 }',
      'servers: [{ url: "https://x.example" }]',
      'components:',
      '  securitySchemes:',
      '    o: { type: oauth2, flow: application, tokenUrl: "https://x.example/token", scopes: { a: A } }',
      'security: [{ o: [a] }]',
      'paths:',
      "  /p: { get: { operationId: p, responses: { '200': { description: ok } } } }",
    ].join('\n');
    const result = await analyzeSpec({ openapiText, mode: 'flagship' });
    const client = emitTypeScriptSdk(result.model!).find((f) => f.path === 'src/client.ts')?.content ?? '';
    expect(client).toContain('tokenUrl: "https://x.example/token"');
    expect(client).toContain('scopes: ["a"]');
    expect(client).toContain('readEnv("T_CLIENT_ID")');
  });
});
