// The Go toolchain the go_sdk step checks modules with: `go` and `gofmt` from PATH, `staticcheck-sdk`
// (the pinned staticcheck built from `tools/staticcheck` by `npm install` into the project's
// `.tools/go/bin`, or found on PATH), and the environment every run uses: no network (GOPROXY=off), the installed toolchain only
// (GOTOOLCHAIN=local), and build and module caches in one worker-local folder.

import { accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findExecutable } from './check-with-tool.ts';

/**
 * The staticcheck the project pins: `tools/staticcheck` (a module requiring this version) registers
 * cmd/staticcheck's analyzers and adds `-unused=false` (go-staticcheck-runs.ts); `npm install` builds it (bin/setup-go-tools.mjs).
 */
export const STATICCHECK_VERSION = 'honnef.co/go/tools v0.8.2';

/** The one command that installs the pinned Go tools (package.json `setup:go-tools`). */
export const GO_TOOLS_SETUP = 'npm run setup:go-tools';

/** Where `npm install` (bin/setup-go-tools.mjs) installs Go tools: `<repo>/.tools/go/bin`. */
export const GO_TOOLS_BIN = resolve(import.meta.dirname, '../../.tools/go/bin');

/**
 * Build, module and staticcheck caches shared by the checks on this machine (`GO_CACHE_DIR`, by
 * default `<tmpdir>/report-service-go-cache`). The standard library is compiled into it once.
 */
export const GO_CACHE_DIR = process.env.GO_CACHE_DIR || join(tmpdir(), 'report-service-go-cache');

function executable(path: string): string | undefined {
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return undefined;
  }
}

export interface GoToolchain {
  go: string;
  gofmt: string;
  staticcheck: string;
}

/** The tools, or the names of those missing. */
export function findGoToolchain(): { tools?: GoToolchain; missing: string[] } {
  const go = findExecutable('go');
  const gofmt = findExecutable('gofmt');
  const staticcheck = executable(join(GO_TOOLS_BIN, 'staticcheck-sdk')) ?? findExecutable('staticcheck-sdk');
  const missing = [
    go ? undefined : 'go',
    gofmt ? undefined : 'gofmt',
    staticcheck ? undefined : `staticcheck (${STATICCHECK_VERSION}, built from tools/staticcheck by ${GO_TOOLS_SETUP})`,
  ].filter((m): m is string => m !== undefined);
  return go && gofmt && staticcheck ? { tools: { go, gofmt, staticcheck }, missing } : { missing };
}

/** The environment of every Go tool run: offline, local toolchain, worker-local caches. */
export function goEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    GOCACHE: join(GO_CACHE_DIR, 'build'),
    GOPATH: join(GO_CACHE_DIR, 'path'),
    GOMODCACHE: join(GO_CACHE_DIR, 'path', 'pkg', 'mod'),
    STATICCHECK_CACHE: join(GO_CACHE_DIR, 'staticcheck'),
    GOPROXY: 'off',
    GOTOOLCHAIN: 'local',
    GOFLAGS: '',
    GOWORK: 'off',
    GOTELEMETRY: 'off',
    CGO_ENABLED: '0',
    ...extra,
  };
}
