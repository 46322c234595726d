// A customer's own code across regenerations (docs/custom-code-and-release-prs.md): custom folders
// carried byte for byte and compiled with the package, edits to generated files merged three-way
// by `git merge-file` against the pristine generation they last received, conflicts delivered with
// markers and reported. The real steps run (tsc, mypy, pyright); nothing of ours is mocked.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isCustomPath } from '../../../workers/generators/custom-code/custom-folders.ts';
import { readCustomCodePaths } from '../../../workers/generators/custom-code/custom-code-paths.ts';
import { splitSdkText } from '../../../workers/generators/custom-code/split-sdk-text.ts';
import { emitTypeScriptSdk } from '../../../workers/generators/typescript/index.ts';
import { emitPythonSdk } from '../../../workers/generators/python/index.ts';
import { postprocessScript } from '../../../workers/pipeline/custom-code/postprocess-dist.ts';
import { carryCustomCode } from '../../../workers/pipeline/custom-code/carry-custom-code.ts';
import { mergeFile } from '../../../workers/pipeline/custom-code/merge-file.ts';
import { pythonTools } from '../../../workers/pipeline/python-tools.ts';
import type { GeneratedFile, StepOutcome } from '../../../workers/pipeline/step.ts';
import { findGoToolchain } from '../../../workers/pipeline/go-tools.ts';
import { goSdkStep } from '../../../workers/pipeline/steps/go-sdk.ts';
import { pythonSdkStep } from '../../../workers/pipeline/steps/python-sdk.ts';
import { typescriptSdkStep } from '../../../workers/pipeline/steps/typescript-sdk.ts';
import { rebuildAsUser } from '../../setup/rebuild-package.ts';
import { stepContext } from '../../setup/step-context.ts';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'custom-code');
const V1 = readFileSync(join(FIXTURES, 'notes-v1.yaml'), 'utf8');
/** V1 after a description change: a summary reworded, a property added. */
const V2 = readFileSync(join(FIXTURES, 'notes-v2.yaml'), 'utf8');

const text = (content: string | Uint8Array): string =>
  typeof content === 'string' ? content : new TextDecoder().decode(content);
const tree = (files: readonly GeneratedFile[]): Record<string, string> =>
  Object.fromEntries(files.map((f) => [f.path, text(f.content)]));
/** The README's recipe: every file behind a `// File:` (or `# File:`) header line. */
const joined = (files: Record<string, string>, header = '//'): string =>
  Object.entries(files)
    .map(([path, content]) => `${header} File: ${path}\n${content}`)
    .join('');
const filesOf = (outcome: StepOutcome): Record<string, string> => {
  const draft = outcome.artifacts?.find((a) => 'files' in a);
  return draft && 'files' in draft ? tree(draft.files) : {};
};
const model = async (spec: string) => (await stepContext(spec).model()).model!;

const distOf = (files: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(files).filter(([path]) => path.startsWith('dist/')));

describe('the pieces', () => {
  it('splits a joined SDK text byte for byte (CRLF, no final newline, blank lines kept)', () => {
    const files = {
      'src/lib/a.ts': 'export const a = 1;\r\n\r\n',
      'src/lib/b.ts': '\n\nexport const b = 2;',
      'README.md': '# x\n',
    };
    const joinedText = `// File: ./src/lib/a.ts\n${files['src/lib/a.ts']}// File: src/lib/b.ts\n${files['src/lib/b.ts']}\n// File: README.md\n${files['README.md']}`;
    const split = splitSdkText(joinedText);
    expect(split.style).toBe('slash');
    expect(Object.fromEntries(split.files)).toEqual({ ...files, 'src/lib/b.ts': `${files['src/lib/b.ts']}\n` });
    expect(splitSdkText('# File: src/pkg/lib/x.py\nx = 1\n').style).toBe('hash');
    expect([...splitSdkText('// File: ../etc/passwd\nroot\n').files.keys()]).toEqual([]);
  });

  it('knows each language’s custom folders and the config’s extra paths', () => {
    const cases: Array<[Parameters<typeof isCustomPath>[0], string, boolean]> = [
      ['typescript', 'src/lib/render.ts', true],
      ['typescript', 'src/lib/deep/x.ts', true],
      ['typescript', 'src/library.ts', false],
      ['typescript', 'src/resources/lib/x.ts', false],
      ['python', 'src/notes/lib/helpers.py', true],
      ['python', 'src/notes/lib.py', false],
      ['python', 'src/lib/x.py', false],
      ['go', 'lib/retry.go', true],
      ['go', 'client.go', false],
    ];
    for (const [language, path, custom] of cases)
      expect(isCustomPath(language, path), `${language} ${path}`).toBe(custom);
    const extra = readCustomCodePaths('custom_code:\n  paths: [src/extras/**, scripts/release.ts, ../outside, 7]\n');
    expect(extra).toEqual(['src/extras/', 'scripts/release.ts']);
    expect(isCustomPath('typescript', 'src/extras/a/b.ts', extra)).toBe(true);
    expect(isCustomPath('typescript', 'scripts/release.ts', extra)).toBe(true);
    expect(isCustomPath('typescript', 'scripts/other.ts', extra)).toBe(false);
  });

  it('merges with git merge-file: clean edits apply, colliding ones come back as marked hunks', async () => {
    const base = 'one\ntwo\nthree\nfour\nfive\n';
    const clean = await mergeFile('ONE\ntwo\nthree\nfour\nfive\n', base, 'one\ntwo\nthree\nfour\nFIVE\n');
    expect(clean).toEqual({ content: 'ONE\ntwo\nthree\nfour\nFIVE\n', hunks: [] });
    const collide = await mergeFile(
      'one\nTWO (yours)\nthree\nfour\nfive\n',
      base,
      'one\nTWO (new)\nthree\nfour\nfive\n',
    );
    expect(collide.content).toBe(
      'one\n<<<<<<< your SDK\nTWO (yours)\n=======\nTWO (new)\n>>>>>>> new generation\nthree\nfour\nfive\n',
    );
    expect(collide.hunks).toEqual([{ startLine: 2, endLine: 6, yours: 'TWO (yours)', generated: 'TWO (new)' }]);
  });

  it('does not merge an SDK that does not derive from the base (another vendor’s): custom folders only', async () => {
    const base = tree(emitTypeScriptSdk(await model(V1)));
    const fresh = emitTypeScriptSdk(await model(V2));
    const theirs = new Map(Object.entries(base).map(([path, text]) => [path, `// another generator\n${text}`]));
    theirs.set('src/lib/x.ts', 'export const x = 1;\n');
    const { files, report } = await carryCustomCode({
      language: 'typescript',
      generated: fresh,
      theirs,
      source: 'old_sdk_text',
      base: { runId: 'run_v1', files: new Map(Object.entries(base)) },
      extraPaths: [],
    });
    expect(report).toMatchObject({
      baseIgnored: true,
      baseAvailable: false,
      baseRunId: null,
      carried: ['src/lib/x.ts'],
      merged: [],
      conflicts: [],
    });
    expect(report.notCarried.length).toBe(Object.keys(base).length);
    expect(tree(files)).toEqual({ ...tree(fresh), 'src/lib/x.ts': 'export const x = 1;\n' });
  });

  it('does not add the files of an SDK laid out otherwise (no path of the base) into ours', async () => {
    const base = tree(emitTypeScriptSdk(await model(V1)));
    const fresh = emitTypeScriptSdk(await model(V2));
    // Another vendor's SDK, pasted as files named as it names them: no path is one of ours.
    const theirs = new Map([
      ['tickets.ts', 'export class Tickets {}\n'],
      ['models.ts', 'export interface Ticket { id: string }\n'],
    ]);
    const { files, report } = await carryCustomCode({
      language: 'typescript',
      generated: fresh,
      theirs,
      source: 'old_sdk_text',
      base: { runId: 'run_v1', files: new Map(Object.entries(base)) },
      extraPaths: [],
    });
    expect(report).toMatchObject({ baseIgnored: true, baseAvailable: false, added: [], merged: [], conflicts: [] });
    expect(report.notCarried.sort()).toEqual(['models.ts', 'tickets.ts']);
    expect(tree(files)).toEqual(tree(fresh));
  });
  it("the package's post-processing completes extensionless relative specifiers in dist/ (files and folders), nothing else", () => {
    const dir = mkdtempSync(join(tmpdir(), 'postprocess-dist-'));
    try {
      const files: Record<string, string> = {
        'package.json': JSON.stringify({ name: 'p', type: 'module' }),
        'dist/lib/a.js': `import { x } from "../core/error";\nexport * from './b';\nimport w from 'ws';\nconst m = import("../internal");\nimport "./c.js";\nconst r = require('./b');\n`,
        'dist/lib/a.d.ts': `export * from './b';\n`,
        'dist/lib/b.js': '',
        'dist/lib/b.d.ts': '',
        'dist/core/error.js': '',
        'dist/internal/index.js': '',
        'src/lib/a.ts': `export * from './b';\n`,
        [postprocessScript().path]: String(postprocessScript().content),
      };
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), content);
      }
      const run = spawnSync(process.execPath, [join(dir, postprocessScript().path)], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const read = (path: string) => readFileSync(join(dir, path), 'utf8');
      expect(read('dist/lib/a.js')).toBe(
        `import { x } from "../core/error.js";\nexport * from './b.js';\nimport w from 'ws';\nconst m = import("../internal/index.js");\nimport "./c.js";\nconst r = require('./b.js');\n`,
      );
      expect(read('dist/lib/a.d.ts')).toBe(`export * from './b.js';\n`);
      expect(read('src/lib/a.ts')).toBe(`export * from './b';\n`);
      // An ES-module package ("type": "module") gets no twin.
      expect(existsSync(join(dir, 'dist/lib/a.mjs'))).toBe(false);
      // A second run (a rebuild's) changes nothing more.
      expect(spawnSync(process.execPath, [join(dir, postprocessScript().path)]).status).toBe(0);
      expect(read('dist/lib/a.d.ts')).toBe(`export * from './b.js';\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("a CommonJS package's twin: each import names the twin's .mjs; a require() through createRequire keeps its CommonJS file", () => {
    const dir = mkdtempSync(join(tmpdir(), 'postprocess-twin-'));
    try {
      const files: Record<string, string> = {
        // No "type": CommonJS, as every Stainless SDK.
        'package.json': JSON.stringify({ name: 'p' }),
        'tsconfig.json': JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'CommonJS',
            moduleResolution: 'Bundler',
            types: ['node'],
            rootDir: 'src',
            outDir: 'dist',
          },
          include: ['src'],
        }),
        'src/a.ts': `import { b } from './b';\nexport * from './lib';\n// In an ES module, \`require\` comes from createRequire and loads CommonJS on purpose.\ndeclare const require: (id: string) => unknown;\nexport const c: unknown = require('./b');\nexport const a = b;\n`,
        'src/b.ts': 'export const b = 1;\n',
        'src/lib/index.ts': 'export const d = 2;\n',
        'dist/a.d.ts': `export * from './lib';\nexport declare const a: number;\n`,
        'dist/lib/index.d.ts': 'export declare const d = 2;\n',
        [postprocessScript().path]: String(postprocessScript().content),
      };
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), content);
      }
      const nodeModules = join(import.meta.dirname, '..', '..', '..', 'node_modules');
      const run = spawnSync(
        process.execPath,
        [join(dir, postprocessScript().path), '--typeRoots', join(nodeModules, '@types')],
        { encoding: 'utf8', env: { ...process.env, TSC: join(nodeModules, 'typescript-native', 'bin', 'tsc') } },
      );
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
      const twin = readFileSync(join(dir, 'dist/a.mjs'), 'utf8');
      expect(twin).toContain(`from './b.mjs'`);
      expect(twin).toContain(`from './lib/index.mjs'`);
      expect(twin).toContain(`require('./b')`);
      expect(readFileSync(join(dir, 'dist/a.d.mts'), 'utf8')).toContain(`export * from './lib/index.mjs';`);
      expect(existsSync(join(dir, '.esm-build'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('TypeScript: custom folders and three-way merges through the real step (tsc)', () => {
  const HELPER = `// Our team's helper: not generated.\r\nimport type { Note } from "../models.js";\r\nimport { Notes } from "../client.js";\r\n\r\nexport async function pinnedFirst(client: Notes): Promise<Note[]> {\r\n  const notes = await client.notes.list();\r\n  return [...notes].sort((a, b) => a.id.localeCompare(b.id));\r\n}\r\n`;

  it('carries src/lib and merges a changed method body, an added export and a README section after a description change', async () => {
    const base = tree(emitTypeScriptSdk(await model(V1)));
    const theirs = { ...base };
    theirs['src/resources/notes.ts'] = base['src/resources/notes.ts']!.replace(
      '}, options ?? {});\n    }\n    /**',
      '}, { timeout: 10_000, ...options });\n    }\n    /**',
    ).concat('\n/** Added by the customer. */\nexport const NOTES_PATH = "/notes";\n');
    theirs['README.md'] = `${base['README.md']!}\n## Our team's notes\n\nAsk #sdk before upgrading.\n`;
    theirs['src/lib/pinned.ts'] = HELPER;
    const outcome = await typescriptSdkStep.run(
      stepContext(V2, {
        oldSdkText: joined(theirs),
        carry: { bases: { typescript: { runId: 'run_v1', files: base } }, repository: {} },
      }),
    );
    expect(outcome.status, outcome.summary).toBe('passed');
    const out = filesOf(outcome);
    const fresh = tree(emitTypeScriptSdk(await model(V2)));
    expect(out['src/lib/pinned.ts']).toBe(HELPER); // byte for byte, CRLF and all
    expect(out['src/resources/notes.ts']).toContain('{ timeout: 10_000, ...options }');
    expect(out['src/resources/notes.ts']).toContain('export const NOTES_PATH = "/notes";');
    expect(out['src/resources/notes.ts']).toContain('Get one note by its id'); // the new generation's change
    expect(out['README.md']).toContain("## Our team's notes\n\nAsk #sdk before upgrading.\n");
    expect(out['src/models.ts']).toBe(fresh['src/models.ts']); // `pinned` arrived
    expect(out['src/models.ts']).toContain('pinned');
    expect(outcome.customCode?.report).toMatchObject({
      source: 'old_sdk_text',
      baseRunId: 'run_v1',
      baseAvailable: true,
      carried: ['src/lib/pinned.ts'],
      merged: ['README.md', 'src/resources/notes.ts'],
      conflicts: [],
      notCarried: [],
    });
    expect(outcome.customCode?.pristine.map((f) => f.path)).not.toContain('src/lib/pinned.ts');
    expect(outcome.counts).toMatchObject({ customCarried: 1, customMerged: 2, customConflicts: 0 });
    expect(outcome.summary).toContain('1 custom files carried; 2 edited files merged');
    // Compiled with the custom file in place: its JavaScript is in dist/.
    expect(Object.keys(out)).toContain('dist/lib/pinned.js');
  }, 120_000);

  it('an edit colliding with the change comes back with markers and is reported; nothing is lost', async () => {
    const base = tree(emitTypeScriptSdk(await model(V1)));
    const theirs = {
      ...base,
      'src/resources/notes.ts': base['src/resources/notes.ts']!.replace(
        '* Get one note\n',
        '* Fetch one note (our wording)\n',
      ),
    };
    const outcome = await typescriptSdkStep.run(
      stepContext(V2, {
        oldSdkText: joined(theirs),
        carry: { bases: { typescript: { runId: 'run_v1', files: base } }, repository: {} },
      }),
    );
    const out = filesOf(outcome)['src/resources/notes.ts']!;
    expect(out).toContain(
      '<<<<<<< your SDK\n     * Fetch one note (our wording)\n=======\n     * Get one note by its id\n>>>>>>> new generation\n',
    );
    const conflicts = outcome.customCode?.report?.conflicts ?? [];
    expect(conflicts).toEqual([
      {
        path: 'src/resources/notes.ts',
        kind: 'content',
        hunks: [
          expect.objectContaining({
            yours: '     * Fetch one note (our wording)',
            generated: '     * Get one note by its id',
          }),
        ],
      },
    ]);
    expect(outcome.counts?.customConflicts).toBe(1);
    expect(outcome.summary).toContain('1 files with conflicts, review needed: src/resources/notes.ts');
    // The markers sit in a comment, so the package still compiles; the verdict asks for review (verdict.ts).
    expect(outcome.status, outcome.summary).toBe('passed');
  }, 120_000);

  it('custom code that no longer compiles fails the step with tsc’s words naming the file; without a base edits elsewhere are listed, not carried', async () => {
    const fresh = tree(emitTypeScriptSdk(await model(V2)));
    const broken = `import { Notes } from "../client.js";\n\nexport const archive = (client: Notes) => client.notes.archive("n1");\n`;
    const theirs = {
      'src/lib/archive.ts': broken,
      'README.md': '# Our own README\n',
      'src/index.ts': fresh['src/index.ts']!,
    };
    const outcome = await typescriptSdkStep.run(stepContext(V2, { oldSdkText: joined(theirs) }));
    expect(outcome.status).toBe('failed');
    expect(outcome.summary).toMatch(/src\/lib\/archive\.ts\(3,\d+\): error TS2339: Property 'archive' does not exist/);
    expect(outcome.summary).toContain('custom code that fails the check: src/lib/archive.ts');
    expect(outcome.summary).toContain('edits outside the custom folders could not be carried (1 files differ)');
    expect(outcome.customCode?.report).toMatchObject({
      baseAvailable: false,
      carried: ['src/lib/archive.ts'],
      notCarried: ['README.md'],
    });
    expect(filesOf(outcome)['src/lib/archive.ts']).toBe(broken);
    expect(filesOf(outcome)['README.md']).toBe(fresh['README.md']);
  }, 120_000);
});

describe('partner mode: shipped custom code’s extensionless imports compile and run', () => {
  it('src/lib imports ../core/errors, <package>/models and a config path without extensions; dist runs in Node', async () => {
    const config = readFileSync(join(FIXTURES, 'notes-stainless.yml'), 'utf8');
    const custom = {
      'src/lib/describe.ts': `import { APIError } from '../core/errors';\nimport type { Note } from 'notes-sdk/models';\nimport { shout } from '../extras/shout';\n\nexport function describeNote(note: Note): string {\n  return shout(note.text);\n}\nexport const isApiError = (e: unknown) => e instanceof APIError;\n`,
      'src/extras/shout.ts': 'export const shout = (s: string) => s.toUpperCase();\n',
    };
    const outcome = await typescriptSdkStep.run(
      stepContext(V1, { mode: 'partner_compatible', configText: config, oldSdkText: joined(custom) }),
    );
    expect(outcome.status, outcome.summary).toBe('passed');
    expect(outcome.customCode?.report).toMatchObject({
      carried: ['src/extras/shout.ts', 'src/lib/describe.ts'],
      extraPaths: ['src/extras/'],
    });
    const out = filesOf(outcome);
    expect(out['src/lib/describe.ts']).toBe(custom['src/lib/describe.ts']);
    expect(out['dist/lib/describe.js']).toContain(`from '../core/errors.js'`);
    const dir = mkdtempSync(join(tmpdir(), 'custom-code-dist-'));
    try {
      for (const [path, content] of Object.entries(out)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), content);
      }
      const mod = (await import(pathToFileURL(join(dir, 'dist/lib/describe.js')).href)) as {
        describeNote(note: { id: string; text: string }): string;
      };
      expect(mod.describeNote({ id: 'n1', text: 'carried' })).toBe('CARRIED');
      // The user's own `npm run build` completes the extensions too: the same dist/ again. This
      // package asks for TypeScript 5.9 and the service compiles with 7: the same files and code;
      // only the source maps' mappings differ between the two compilers.
      expect(JSON.parse(out['package.json']!).scripts.build).toBe(
        'tsc -p tsconfig.json && node scripts/postprocess-dist.mjs',
      );
      const rebuilt = rebuildAsUser(dir);
      const shipped = distOf(out);
      expect(Object.keys(rebuilt)).toEqual(Object.keys(shipped).sort());
      for (const [path, content] of Object.entries(shipped))
        if (!path.endsWith('.map')) expect(rebuilt[path], path).toBe(content);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('partner mode: the customer’s package format decides ours', () => {
  it('a CommonJS package.json (no "type") gives a CommonJS build with its ES-module twin; "type": "module" keeps the ES-module build', async () => {
    const config = readFileSync(join(FIXTURES, 'notes-stainless.yml'), 'utf8');
    const custom = {
      'src/lib/shout.ts': `import { APIError } from '../core/errors';\nexport const shout = (s: string) => s.toUpperCase();\nexport const isApiError = (e: unknown) => e instanceof APIError;\n`,
    };
    const [cjs, esm] = await Promise.all(
      [
        { name: 'notes-sdk', version: '1.0.0' },
        { name: 'notes-sdk', version: '1.0.0', type: 'module' },
      ].map((manifest) =>
        typescriptSdkStep.run(
          stepContext(V1, {
            mode: 'partner_compatible',
            configText: config,
            oldSdkText: joined({ ...custom, 'package.json': JSON.stringify(manifest) }),
          }),
        ),
      ),
    );
    expect(cjs!.status, cjs!.summary).toBe('passed');
    expect(esm!.status, esm!.summary).toBe('passed');
    const dual = filesOf(cjs!);
    expect(JSON.parse(dual['package.json']!)).toMatchObject({ type: 'commonjs', main: './dist/index.js' });
    expect(JSON.parse(dual['tsconfig.json']!).compilerOptions).toMatchObject({ module: 'CommonJS' });
    expect(dual['dist/lib/shout.js']).toContain(`require("../core/errors.js")`);
    expect(dual['dist/lib/shout.mjs']).toContain(`from '../core/errors.mjs'`);
    expect(dual['dist/lib/shout.d.mts']).toBeDefined();
    expect(dual['dist/lib/shout.mjs']).toMatch(/\/\/# sourceMappingURL=shout\.mjs\.map\s*$/);
    expect(JSON.parse(dual['dist/lib/shout.mjs.map']!)).toMatchObject({
      file: 'shout.mjs',
      sources: ['../../src/lib/shout.ts'],
    });
    expect(JSON.parse(dual['dist/lib/shout.js.map']!)).toMatchObject({
      file: 'shout.js',
      sources: ['../../src/lib/shout.ts'],
    });
    expect(cjs!.summary).toContain('built as your package ships: CommonJS');
    const single = filesOf(esm!);
    expect(JSON.parse(single['package.json']!)).toMatchObject({ type: 'module' });
    expect(JSON.parse(single['tsconfig.json']!).compilerOptions).toMatchObject({ module: 'ESNext' });
    expect(Object.keys(single).filter((p) => p.startsWith('dist/') && p.endsWith('.mjs'))).toEqual([]);
    expect(single['dist/lib/shout.js']).toContain(`from '../core/errors.js'`);
    // Each runs in Node: the CommonJS files through require, the twin and the ES-module build through import.
    const dir = mkdtempSync(join(tmpdir(), 'custom-code-dual-'));
    try {
      for (const [root, files] of [
        ['dual', dual],
        ['single', single],
      ] as const)
        for (const [path, content] of Object.entries(files)) {
          mkdirSync(dirname(join(dir, root, path)), { recursive: true });
          writeFileSync(join(dir, root, path), content);
        }
      const required = createRequire(join(dir, 'dual', 'package.json'))('./dist/lib/shout.js') as {
        shout(s: string): string;
      };
      expect(required.shout('cjs')).toBe('CJS');
      for (const file of ['dual/dist/lib/shout.mjs', 'single/dist/lib/shout.js']) {
        const mod = (await import(pathToFileURL(join(dir, file)).href)) as { shout(s: string): string };
        expect(mod.shout('esm'), file).toBe('ESM');
      }

      // The user's own `npm run build` (TypeScript 7 and Node's types installed as its
      // devDependencies ask) makes
      // both halves again, byte for byte what the service shipped.
      const pkg = JSON.parse(dual['package.json']!) as { scripts: Record<string, string> };
      expect(pkg.scripts.build).toBe('tsc -p tsconfig.json && node scripts/postprocess-dist.mjs');
      expect(dual['scripts/postprocess-dist.mjs']).toBe(postprocessScript().content);
      expect(rebuildAsUser(join(dir, 'dual'))).toEqual(distOf(dual));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

// The step's own checkers (the pinned environment `npm install` sets up), not whatever is on PATH.
const PY_TOOLS = pythonTools().missing;
if (PY_TOOLS.length) console.warn(`SKIPPED Python custom-code checks: ${PY_TOOLS.join(', ')} not installed`);

describe.skipIf(PY_TOOLS.length > 0)('Python: src/<package>/lib is carried and checked by mypy and pyright', () => {
  it('a helper that type-checks passes; one that calls a missing method fails naming the file', async () => {
    const good = `"""Our team's helper."""\n\nfrom ..types.models import Note\nfrom .._client import Notes\n\n\ndef first_note(client: Notes) -> Note:\n    return client.notes.list()[0]\n`;
    const bad = `from .._client import Notes\n\n\ndef archive(client: Notes) -> None:\n    client.notes.archive("n1")\n`;
    const fresh = tree(emitPythonSdk(await model(V1)));
    expect(Object.keys(fresh)).toContain('src/notes/_client.py');
    const [passed, failed] = await Promise.all([
      pythonSdkStep.run(
        stepContext(V1, {
          oldSdkText: joined({ 'src/notes/lib/__init__.py': '', 'src/notes/lib/first.py': good }, '#'),
        }),
      ),
      pythonSdkStep.run(
        stepContext(V1, {
          oldSdkText: joined({ 'src/notes/lib/__init__.py': '', 'src/notes/lib/archive.py': bad }, '#'),
        }),
      ),
    ]);
    expect(passed.summary).toContain('mypy --strict and pyright (strict) pass');
    expect(filesOf(passed)['src/notes/lib/first.py']).toBe(good);
    expect(failed.status).toBe('failed');
    expect(failed.summary).toMatch(/src\/notes\/lib\/archive\.py:5: error: .*archive/);
    expect(failed.summary).toContain('custom code that fails the check: src/notes/lib/archive.py');
  }, 240_000);
});

describe.skipIf(PY_TOOLS.length > 0)('Python: every file is compiled, as compileall compiles it', () => {
  it('a carried file that does not compile fails the compile check, named as compileall names it', async () => {
    // `return` outside a function parses (ast.parse accepts it); CPython's compiler refuses it.
    const broken = `"""Not Python that compiles."""\n\nreturn 1\n`;
    const failed = await pythonSdkStep.run(
      stepContext(V1, {
        oldSdkText: joined({ 'src/notes/lib/__init__.py': '', 'src/notes/lib/broken.py': broken }, '#'),
      }),
    );
    expect(failed.status).toBe('failed');
    expect(failed.summary).toMatch(/failed: python3 compile \(every file\)/);
    expect(failed.summary).toContain(
      "*** Error compiling 'src/notes/lib/broken.py'... | SyntaxError: 'return' outside function",
    );
  }, 240_000);
});

const GO_MISSING = findGoToolchain().missing;
if (GO_MISSING.length) console.warn(`SKIPPED Go custom-code checks: ${GO_MISSING.join(', ')} not installed`);

describe.skipIf(GO_MISSING.length > 0)('Go: lib/ is carried and checked by go vet, go build and staticcheck', () => {
  it('a helper package that builds passes; one that calls a missing method fails naming the file', async () => {
    const good = `// Package lib is our team's helpers.\npackage lib\n\nimport (\n\t"context"\n\n\tnotes "github.com/notes/notes-go"\n)\n\n// FirstNote returns the first note.\nfunc FirstNote(ctx context.Context, client *notes.Client) (*notes.Note, error) {\n\tall, err := client.Notes.List(ctx)\n\tif err != nil || len(*all) == 0 {\n\t\treturn nil, err\n\t}\n\treturn &(*all)[0], nil\n}\n`;
    const bad = `// Package lib is our team's helpers.\npackage lib\n\nimport (\n\t"context"\n\n\tnotes "github.com/notes/notes-go"\n)\n\n// Archive archives a note.\nfunc Archive(ctx context.Context, client *notes.Client) error {\n\treturn client.Notes.Archive(ctx, "n1")\n}\n`;
    const [passed, failed] = await Promise.all([
      goSdkStep.run(stepContext(V1, { oldSdkText: joined({ 'lib/first.go': good, 'note.go': '// theirs\n' }) })),
      goSdkStep.run(stepContext(V1, { oldSdkText: joined({ 'lib/archive.go': bad }) })),
    ]);
    expect(passed.status, passed.summary).toBe('passed');
    expect(passed.summary).toContain('custom code: 1 custom files carried');
    expect(filesOf(passed)['lib/first.go']).toBe(good);
    // note.go is generated: without a base, their edit is listed, not carried.
    expect(filesOf(passed)['note.go']).not.toBe('// theirs\n');
    expect(failed.status).toBe('failed');
    expect(failed.summary).toMatch(/lib\/archive\.go:\d+:\d+: .*Archive/);
    expect(failed.summary).toContain('custom code that fails the check: lib/archive.go');
  }, 240_000);
});
