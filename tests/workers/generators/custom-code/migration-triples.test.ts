// The shared migration triples that ship hand-written code (inbound, kernel-hypeman, letta-2024):
// each one's shipped TypeScript SDK (its src/ and package.json) sent as `oldSdkText` in
// `partner_compatible` mode gives an SDK holding its custom files byte for byte, the npm packages
// they import carried into our package.json from theirs, and the step's tsc run with those
// packages installed from the registry npm is configured with (CUSTOM_CODE_NPM_REGISTRY or npm's
// own). Their shipped packages are CommonJS, so ours are built the same way (a checked CommonJS
// compile with its ES-module twin, commonjs-package.ts): inbound and kernel-hypeman compile (the
// latter's `typeof import('ws')` is the WebSocket class in a CommonJS compile, as in the shipped
// SDK); letta-2024's extended-eventsource types lack an option its code passes, forced by the
// registry (the only release its own range admits lacks it; the shipped SDK fails the same way).
// The table pins
// exactly what is missing, so a fix makes this test fail until it is tightened. A machine whose registry cannot be reached
// says so loudly and checks the step says so too, with the problems tsc has without the packages.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installDependencies } from '../../../../workers/pipeline/custom-code/install-dependencies.ts';
import { tscBuild } from '../../../../workers/pipeline/tsc-check.ts';
import type { GeneratedFile } from '../../../../workers/pipeline/step.ts';
import { typescriptSdkStep } from '../../../../workers/pipeline/steps/typescript-sdk.ts';
import { stepContext } from '../../../setup/step-context.ts';
import { CORPUS } from '../corpus-helpers.ts';

const MIGRATION = join(CORPUS, 'migration');
const HAS_TRIPLES = existsSync(join(MIGRATION, 'inbound', 'sdk-typescript'));
if (!HAS_TRIPLES) console.warn(`SKIPPED custom-code triples: ${MIGRATION} not found`);

interface Expected {
  /** What is carried from their package.json into ours (`name@range field`). */
  carried: string[];
  /** The tsc problems left with the carried packages installed (`file TScode 'name'`). */
  missing: string[];
  /** The tsc problems when the registry cannot be reached (the packages are not there). */
  withoutPackages: string[];
}

const TRIPLES: Record<string, Expected> = {
  // The package's own npm dependency (its types come with it).
  inbound: {
    carried: ['@react-email/render@^2.0.0 dependencies'],
    missing: [],
    withoutPackages: ["src/lib/render.ts TS2307 '@react-email/render'"],
  },
  // `ws` and its types: without them the callbacks' parameters are `any` (each twice:
  // cpToInstance and cpFromInstance). With them it compiles: `typeof import('ws')` (cp.ts's
  // getWebSocket) is, in the CommonJS compile of a CommonJS partner package, the WebSocket class
  // itself, as in Stainless's CommonJS build (in an ES-module compile it is the namespace of ws's
  // `export =` module: TS2351 "not constructable", and the handlers' parameters untyped).
  'kernel-hypeman': {
    carried: ['ws@^8.18.3 dependencies', '@types/ws@^8.18.1 devDependencies'],
    missing: [],
    withoutPackages: [
      "src/lib/cp.ts TS2307 'ws'",
      ...['err', 'code', 'reason'].flatMap((name) => Array(2).fill(`src/lib/cp.ts TS7006 '${name}'`)),
    ],
  },
  // `extended-eventsource` (a dependency, whose handler's `event` is untyped without it; with it,
  // the `abortController` option the shipped code passes is not in the types of the release its
  // range `^1.7.0` installs today). This failure is forced by the registry, not by us: `^1.7.0`
  // admits only 1.7.0 of the published releases (1.4.2 … 1.7.0, 2.0.0, 2.1.0; none declares the
  // option), so the shipped letta SDK's own `streaming.ts` fails tsc the same way against it (the
  // object literal's excess property, whatever SDK is beside it). The test checks that reason in the
  // installed release's types below. What it takes from our SDK resolves: `MessageCreateParams` /
  // `MessageCreateResponse` (with its namespace of nested types) from `resources/agents`,
  // `safeJSON` of `core`, the `Letta.RequestOptions` namespace.
  'letta-2024': {
    carried: ['extended-eventsource@^1.7.0 dependencies'],
    missing: ["src/lib/streaming.ts TS2353 'abortController'"],
    withoutPackages: ["src/lib/streaming.ts TS2307 'extended-eventsource'", "src/lib/streaming.ts TS7006 'event'"],
  },
};

function shipped(triple: string): { spec: string; config: string; files: Record<string, string> } {
  const dir = join(MIGRATION, triple);
  const spec = readFileSync(join(dir, readdirSync(dir).find((f) => f.startsWith('openapi.'))!), 'utf8');
  const sdk = join(dir, 'sdk-typescript');
  const paths = readdirSync(join(sdk, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(sdk, join(e.parentPath, e.name)))
    .concat('package.json')
    .sort();
  return {
    spec,
    config: readFileSync(join(dir, 'stainless.yml'), 'utf8'),
    files: Object.fromEntries(paths.map((p) => [p, readFileSync(join(sdk, p), 'utf8')])),
  };
}

/** One problem line as `file TScode 'name'` (the missing member, else the first quoted name of tsc's message). */
function brief(line: string): string {
  const match = /^(\S+?)\(\d+,\d+\): error (TS\d+): (.*)$/.exec(line);
  if (!match) return line;
  const name = /member (?:named )?'([^']+)'/.exec(match[3]!)?.[1] ?? /'([^']+)'/.exec(match[3]!)?.[1];
  return name === undefined ? `${match[1]} ${match[2]}` : `${match[1]} ${match[2]} '${name}'`;
}

describe.skipIf(!HAS_TRIPLES)('custom code of the shipped migration SDKs, carried in partner_compatible mode', () => {
  it.each(Object.keys(TRIPLES))(
    '%s: custom files carried byte for byte and compiled in place',
    async (triple) => {
      const { spec, config, files } = shipped(triple);
      const custom = Object.keys(files).filter((p) => p.startsWith('src/lib/'));
      expect(custom.length).toBeGreaterThan(0);
      const oldSdkText = Object.entries(files)
        .map(([path, content]) => `// File: ${path}\n${content}`)
        .join('');
      const outcome = await typescriptSdkStep.run(
        stepContext(spec, { mode: 'partner_compatible', configText: config, oldSdkText }),
      );
      const draft = outcome.artifacts?.find((a) => 'files' in a);
      const out = new Map((draft && 'files' in draft ? draft.files : []).map((f) => [f.path, f.content]));
      for (const path of custom) expect(out.get(path), path).toBe(files[path]);
      const report = outcome.customCode?.report;
      expect(report?.carried).toEqual(custom);
      expect(report?.baseAvailable).toBe(false); // a migration: nothing of ours was received before
      expect(report?.notCarried.length).toBeGreaterThan(0);
      // The module resolution admits the shipped code's imports: bundler resolution, the package
      // name mapped onto src/ (letta's `@letta-ai/letta/resources/agents` resolves), Node's types;
      // and the package is CommonJS, as the shipped one (`"type": "commonjs"`).
      const tsconfig = JSON.parse(String(out.get('tsconfig.json'))) as { compilerOptions: Record<string, unknown> };
      expect(tsconfig.compilerOptions).toMatchObject({
        module: 'CommonJS',
        moduleResolution: 'Bundler',
        types: ['node'],
      });
      // Their code's npm packages, carried from their package.json into ours with their ranges.
      const expected = TRIPLES[triple]!;
      expect((report?.dependencies ?? []).map((d) => `${d.name}@${d.range} ${d.field}`)).toEqual(expected.carried);
      const manifest = JSON.parse(String(out.get('package.json'))) as Record<string, Record<string, string>>;
      expect(manifest.type).toBe('commonjs');
      for (const d of report?.dependencies ?? []) expect(manifest[d.field]?.[d.name]).toBe(d.range);
      // The step's compile ran with the custom files (and the packages, when the registry answered);
      // the whole list of its problems, from the same compile with the same packages:
      const installed = report?.dependencyInstall === 'installed';
      if (!installed)
        console.warn(
          `REGISTRY UNREACHABLE: ${triple}'s npm dependencies could not be installed, so its compile with them is not checked here: ${report?.dependencyInstall}`,
        );
      const install = installed
        ? await installDependencies(report!.dependencies!, new AbortController().signal)
        : undefined;
      const sources: GeneratedFile[] = [...out]
        .filter(([p]) => !p.startsWith('dist/'))
        .map(([path, content]) => ({ path, content }));
      const check = await tscBuild(
        sources,
        new AbortController().signal,
        [],
        undefined,
        'tsc',
        undefined,
        install?.ok ? install.nodeModules : undefined,
      );
      if (triple === 'letta-2024' && install?.ok) {
        // The explained outcome: the release the customer's own range installs has no such option.
        const pkg = join(install.nodeModules, 'extended-eventsource');
        const version = (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string }).version;
        expect(version).toMatch(/^1\.7\./);
        const types = readdirSync(pkg, { recursive: true, encoding: 'utf8' })
          .filter((f) => f.endsWith('.d.ts') && !f.includes('node_modules'))
          .map((f) => readFileSync(join(pkg, f), 'utf8'))
          .join('\n');
        expect(types).toContain('export type EventSourceOptions');
        expect(types).not.toMatch(/^\s*abortController\??:/m);
      }
      const missing = installed ? expected.missing : expected.withoutPackages;
      expect(outcome.status).toBe(check.ok ? 'passed' : 'failed');
      expect(outcome.status).toBe(missing.length === 0 ? 'passed' : 'failed');
      expect(check.problems.map(brief).sort()).toEqual([...missing].sort());
      if (!installed) expect(outcome.summary).toContain('could not be installed for the check');
      // A passing package ships both builds of every module, the custom ones included.
      if (outcome.status === 'passed')
        for (const path of custom.filter((p) => p.endsWith('.ts'))) {
          const base = `dist/${path.slice('src/'.length, -'.ts'.length)}`;
          for (const ext of ['.js', '.d.ts', '.mjs', '.d.mts'])
            expect(out.has(`${base}${ext}`), `${base}${ext}`).toBe(true);
        }
      const failing = custom.filter((p) => missing.some((m) => m.startsWith(p)));
      if (failing.length) expect(outcome.summary).toContain(`custom code that fails the check: ${failing.join(', ')}`);
      else expect(outcome.summary).not.toContain('custom code that fails the check');
    },
    180_000,
  );
});
