import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GeneratedFile } from './step.ts';

/**
 * Checks that passed on this worker, remembered between runs: a checker that reads only the files
 * it is given (a pinned tool version, its configuration and the package; no network, no clock)
 * gives the same verdict on the same bytes, so a package it passed before need not be checked
 * again. The key is the SHA-256 of the tool's identity (name, pinned version, arguments) and of
 * every file of the checked tree, path and bytes; only passes are remembered (a failure is checked
 * again and reports its own problems). `REPORT_CHECK_CACHE_DIR` overrides where they are kept.
 */
export class CheckPassCache {
  readonly #dir: string;
  readonly #tree: string;

  constructor(files: readonly GeneratedFile[]) {
    this.#dir = process.env.REPORT_CHECK_CACHE_DIR ?? join(tmpdir(), 'report-service-check-passes');
    const hash = createHash('sha256');
    for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
      const content = Buffer.from(file.content);
      hash.update(`${file.path}\0${content.length}\0`).update(content);
    }
    this.#tree = hash.digest('hex');
  }

  #marker(identity: string): string {
    return join(this.#dir, createHash('sha256').update(`${identity}\0${this.#tree}`).digest('hex'));
  }

  passedBefore(identity: string): boolean {
    return existsSync(this.#marker(identity));
  }

  remember(identity: string): void {
    try {
      mkdirSync(this.#dir, { recursive: true });
      writeFileSync(this.#marker(identity), '');
    } catch {
      // Not remembered: the next run checks again.
    }
  }
}
