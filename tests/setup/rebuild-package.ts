// A downloaded TypeScript package rebuilt as its user does: what its devDependencies ask for
// installed (TypeScript 7 for a CommonJS partner package, else 5.9, and Node's types, linked from
// this repository's node_modules: no registry), any further packages it imports, then `npm run
// build` from a clean `dist/`. Returns the rebuilt `dist/` files by path.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { expect } from 'vitest';

const REPO_NODE_MODULES = resolve(import.meta.dirname, '../../node_modules');

export function rebuildAsUser(dir: string, packages: Record<string, string> = {}): Record<string, string> {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  expect(pkg.devDependencies).toMatchObject({ '@types/node': expect.any(String) });
  const typescript = pkg.devDependencies.typescript?.startsWith('^7') ? 'typescript-native' : 'typescript';
  const links: Record<string, string> = {
    typescript: join(REPO_NODE_MODULES, typescript),
    '@types/node': join(REPO_NODE_MODULES, '@types', 'node'),
    ...packages,
  };
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  for (const [name, target] of Object.entries(links)) {
    mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(target, join(dir, 'node_modules', name));
  }
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync('../typescript/bin/tsc', join(dir, 'node_modules', '.bin', 'tsc'));
  const build = spawnSync('npm', ['run', 'build'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  expect(build.status, `${build.stdout}${build.stderr}`).toBe(0);
  expect(existsSync(join(dir, '.esm-build'))).toBe(false);
  return Object.fromEntries(
    readdirSync(join(dir, 'dist'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
      .sort()
      .map((path) => [path, readFileSync(join(dir, path), 'utf8')]),
  );
}
