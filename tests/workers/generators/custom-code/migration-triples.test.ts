// The shared migration triples that ship hand-written code (inbound, kernel-hypeman, letta-2024):
// each one's shipped TypeScript SDK sent as `oldSdkText` in `partner_compatible` mode gives an SDK
// holding its custom files byte for byte, compiled with them in place. None compiles yet: each
// imports a module the package does not have (its own npm dependencies, or names our partner SDK
// does not export yet). The table below pins exactly what is missing, so a fix on either side
// (the partner module layout, carrying dependencies) makes this test fail until it is tightened.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tscBuild } from '../../../../workers/pipeline/tsc-check.ts';
import type { GeneratedFile } from '../../../../workers/pipeline/step.ts';
import { typescriptSdkStep } from '../../../../workers/pipeline/steps/typescript-sdk.ts';
import { stepContext } from '../../../setup/step-context.ts';
import { CORPUS } from '../corpus-helpers.ts';

const MIGRATION = join(CORPUS, 'migration');
const HAS_TRIPLES = existsSync(join(MIGRATION, 'inbound', 'sdk-typescript'));
if (!HAS_TRIPLES) console.warn(`SKIPPED custom-code triples: ${MIGRATION} not found`);

/** Per triple: the tsc problems its custom files still have with our SDK (code and the missing name). */
const STILL_MISSING: Record<string, string[]> = {
  // The package's own npm dependency (package.json "dependencies").
  inbound: ["src/lib/render.ts TS2307 '@react-email/render'"],
  // `ws` (a dependency, with @types/ws): untyped without it, so its callbacks' parameters are `any`
  // (each twice: cpToInstance and cpFromInstance).
  'kernel-hypeman': [
    "src/lib/cp.ts TS2307 'ws'",
    ...['err', 'code', 'reason'].flatMap((name) => Array(2).fill(`src/lib/cp.ts TS7006 '${name}'`)),
  ],
  // A dependency (`extended-eventsource`, whose handler's `event` is then untyped), two names the
  // shipped SDK's `resources/agents` exports that ours does not, `safeJSON` of its `core` module,
  // and the client class's `Letta.RequestOptions` namespace.
  'letta-2024': [
    "src/lib/streaming.ts TS2307 'extended-eventsource'",
    "src/lib/streaming.ts TS7006 'event'",
    "src/lib/streaming.ts TS2724 'MessageCreateParams'",
    "src/lib/streaming.ts TS2305 'MessageCreateResponse'",
    "src/lib/streaming.ts TS2305 'safeJSON'",
    "src/lib/streaming.ts TS2702 'Letta'",
  ],
};

function shipped(triple: string): { spec: string; config: string; files: Record<string, string> } {
  const dir = join(MIGRATION, triple);
  const spec = readFileSync(join(dir, readdirSync(dir).find((f) => f.startsWith('openapi.'))!), 'utf8');
  const sdk = join(dir, 'sdk-typescript');
  const paths = readdirSync(join(sdk, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(sdk, join(e.parentPath, e.name)))
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
  return `${match[1]} ${match[2]} '${name}'`;
}

describe.skipIf(!HAS_TRIPLES)('custom code of the shipped migration SDKs, carried in partner_compatible mode', () => {
  it.each(Object.keys(STILL_MISSING))(
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
      // name mapped onto src/ (letta's `@letta-ai/letta/resources/agents` resolves), Node's types.
      const tsconfig = JSON.parse(String(out.get('tsconfig.json'))) as { compilerOptions: Record<string, unknown> };
      expect(tsconfig.compilerOptions).toMatchObject({ moduleResolution: 'Bundler', types: ['node'] });
      // The step's compile ran with the custom files; the whole list of its problems:
      const sources: GeneratedFile[] = [...out]
        .filter(([p]) => !p.startsWith('dist/'))
        .map(([path, content]) => ({ path, content }));
      const check = await tscBuild(sources, new AbortController().signal);
      expect(outcome.status).toBe(check.ok ? 'passed' : 'failed');
      expect(check.problems.map(brief).sort()).toEqual([...STILL_MISSING[triple]!].sort());
      expect(outcome.summary).toContain(
        `custom code that fails the check: ${custom.filter((p) => STILL_MISSING[triple]!.some((m) => m.startsWith(p))).join(', ')}`,
      );
    },
    180_000,
  );
});
