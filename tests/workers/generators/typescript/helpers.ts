// Shared by the TypeScript SDK generator tests: fixtures -> model, writing a package to disk,
// and running the repository's own `tsc` (one compiler run for many packages).

import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { fixtureModelOf } from '../helpers.ts';
import type { ApiModel } from '../../../../workers/generators/model/types.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
export const FIXTURES = join(REPO_ROOT, 'tests/fixtures/typescript');
export const BUNDLE_DIR = join(REPO_ROOT, 'workers/generators/typescript/bundle');
const TSC = join(REPO_ROOT, 'node_modules/typescript/lib/tsc.js');

/** name -> [description file, config file] */
export const FIXTURE_FILES: Record<string, [string, string | undefined]> = {
  live: ['live.openapi.yaml', 'live.config.yaml'],
  shapes: ['shapes.openapi.yaml', 'shapes.config.yaml'],
  hostile: ['hostile.openapi.json', undefined],
  wire: ['wire.openapi.yaml', 'wire.config.yaml'],
  'oauth-hooks': ['oauth-hooks.openapi.yaml', 'oauth-hooks.config.yaml'],
  'hostile-hooks': ['hostile-hooks.openapi.json', undefined],
};

export function fixtureModel(name: string): Promise<ApiModel> {
  return fixtureModelOf(FIXTURES, name, FIXTURE_FILES[name]);
}

export { writeFiles } from '../../../setup/golden.ts';

/** The compiler options of a generated package, strict, for a multi-package check. */
export function checkOptions(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    types: [],
    ...extra,
  };
}

/** Runs the repository's tsc on a project; resolves with the exit code and output. */
export async function runTsc(project: string, timeoutMs = 240_000): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [TSC, '-p', project, '--pretty', 'false'], {
      maxBuffer: 256 * 1024 * 1024,
      timeout: timeoutMs,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof e.code === 'number' ? e.code : 1,
      output: `${e.stdout ?? ''}${e.stderr ?? ''}` || String(error),
    };
  }
}

/** tsc diagnostics grouped by the first path segment under `root` (one package per directory). */
export function errorsByPackage(output: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of output.split('\n')) {
    const match = /^([^/(]+)\/.*\(\d+,\d+\): error TS\d+/.exec(line);
    if (!match) continue;
    const list = out.get(match[1] as string) ?? [];
    list.push(line);
    out.set(match[1] as string, list);
  }
  return out;
}

/**
 * The ```ts code blocks of a generated README, each as a module to type-check. A block that uses
 * `client` without declaring it continues the README's setup (the first block that declares
 * `client`), so that block is put in front of it.
 */
export function readmeExamples(readme: string): string[] {
  const blocks: string[] = [];
  const lines = readme.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})ts$/.exec(lines[i] as string);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line === open[1]);
    if (end < 0) throw new Error(`unclosed code block at README line ${i + 1}`);
    blocks.push(lines.slice(i + 1, end).join('\n'));
    i = end;
  }
  const declares = (code: string): boolean => /\bconst client\b/.test(code);
  const setup = blocks.find(declares);
  return blocks.map((code) =>
    setup !== undefined && !declares(code) && /\bclient\b/.test(code) ? `${setup}\n\n${code}` : code,
  );
}
