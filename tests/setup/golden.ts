// Generated files on disk, and golden files: what a generator writes, compared file by file with a folder under
// tests/fixtures/. UPDATE_GOLDEN=1 rewrites the folder from the output first (then review the
// change with git diff).

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect } from 'vitest';

export const UPDATE_GOLDEN = process.env.UPDATE_GOLDEN === '1';

export interface GoldenFile {
  path: string;
  content: string;
}

/** Every file under `dir`, as sorted `/`-separated paths relative to it; none when it is absent. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** Writes `files` under `dir` (folders made as needed); a path that would leave `dir` throws. */
export function writeFiles(dir: string, files: readonly GoldenFile[]): void {
  for (const file of files) {
    if (file.path.startsWith('/') || file.path.split('/').includes('..'))
      throw new Error(`unsafe generated path ${file.path}`);
    const target = join(dir, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
}

/**
 * `files` are exactly the files of the golden folder `dir`, byte for byte (with UPDATE_GOLDEN=1
 * the folder is replaced by them first). A missing, extra or different file fails, named.
 */
export function expectGoldenFiles(dir: string, files: readonly GoldenFile[]): void {
  if (UPDATE_GOLDEN) {
    rmSync(dir, { recursive: true, force: true });
    writeFiles(dir, files);
  }
  expect(listFiles(dir)).toEqual(files.map((f) => f.path).sort());
  for (const file of files) expect(file.content, file.path).toBe(readFileSync(join(dir, file.path), 'utf8'));
}

/** One golden file: `content` is the file's text (with UPDATE_GOLDEN=1 it is written first). */
export function expectGoldenText(file: string, content: string): void {
  if (UPDATE_GOLDEN) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  expect(existsSync(file), `${file} is missing (UPDATE_GOLDEN=1 writes it)`).toBe(true);
  expect(content).toBe(readFileSync(file, 'utf8'));
}
