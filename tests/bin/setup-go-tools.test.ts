// `npm install`'s Go step (bin/setup-go-tools.mjs), run in a copy of the parts of the tree it reads:
// it builds the pinned staticcheck where the go_sdk step looks, stamps it, builds it again only when
// its source changes, warms the cache the checks share, and without `go` says so and still exits 0.

import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { goEnv } from '../../workers/pipeline/go-tools.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const hasGo = spawnSync('go', ['version']).status === 0;
const work = mkdtempSync(join(tmpdir(), 'setup-go-tools-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
// The cache the checks share (goEnv in workers/pipeline/go-tools.ts): warming it again is cheap.
const cache = process.env.GO_CACHE_DIR || join(tmpdir(), 'report-service-go-cache');

function copyTree(): string {
  const root = join(work, `tree-${Math.random().toString(36).slice(2)}`);
  for (const part of ['bin/setup-go-tools.mjs', 'tools/staticcheck', 'workers/generators/go/bundle']) {
    mkdirSync(join(root, part, '..'), { recursive: true });
    cpSync(join(ROOT, part), join(root, part), { recursive: true });
  }
  return root;
}

function setup(root: string, env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, [join(root, 'bin', 'setup-go-tools.mjs')], {
    encoding: 'utf8',
    env: { ...process.env, REPORT_SKIP_GO_TOOLS: '', ...env },
    timeout: 600_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('npm install sets up the Go tools', () => {
  it('warms the cache the checks read: the same environment as the go_sdk step', async () => {
    const script = pathToFileURL(join(ROOT, 'bin', 'setup-go-tools.mjs')).href;
    const { CHECK_ENV } = (await import(script)) as { CHECK_ENV: NodeJS.ProcessEnv };
    expect(CHECK_ENV).toEqual(goEnv());
  });

  it.skipIf(!hasGo)(
    'builds staticcheck-sdk into .tools/go/bin, warms the shared cache, and rebuilds only on a change',
    () => {
      const root = copyTree();
      const first = setup(root);
      expect(first.status).toBe(0);
      expect(first.output).toContain('building staticcheck-sdk from tools/staticcheck');
      expect(first.output).toContain(`caches warm in ${cache}`);
      const binary = join(root, '.tools', 'go', 'bin', 'staticcheck-sdk');
      const version = spawnSync(binary, ['-version'], { encoding: 'utf8' });
      expect(version.stdout).toContain('(0.8.2)');
      expect(existsSync(join(cache, 'build'))).toBe(true);

      const again = setup(root);
      expect(again.output).toContain('staticcheck-sdk up to date');
      expect(again.output).not.toContain('building');

      appendFileSync(join(root, 'tools', 'staticcheck', 'main.go'), '\n// changed\n');
      const changed = setup(root);
      expect(changed.output).toContain('building staticcheck-sdk');
      expect(readFileSync(join(root, '.tools', 'go', 'staticcheck-sdk.sha256'), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    },
    900_000,
  );

  it('without go on PATH it says the go_sdk step will be skipped and does not fail npm install', () => {
    const root = copyTree();
    const result = setup(root, { PATH: '/nonexistent' });
    expect(result.status).toBe(0);
    expect(result.output).toContain('go not found: the go_sdk step will be skipped');
    expect(existsSync(join(root, '.tools'))).toBe(false);
  });

  it('REPORT_SKIP_GO_TOOLS=1 leaves it out', () => {
    const root = copyTree();
    const result = setup(root, { REPORT_SKIP_GO_TOOLS: '1' });
    expect(result.status).toBe(0);
    expect(result.output).toContain('REPORT_SKIP_GO_TOOLS=1: not set up');
    expect(existsSync(join(root, '.tools'))).toBe(false);
  });
});
