#!/usr/bin/env node
// `npm install` (postinstall, after the Python tools) and `npm run setup:go-tools`: the pinned
// staticcheck the go_sdk step and the Go wire tests run (honnef.co/go/tools, required by
// tools/staticcheck), built with the machine's `go` through the Go module proxy into
// `.tools/go/bin/staticcheck-sdk`, where workers/pipeline/go-tools.ts looks for it. It is built
// again only when tools/staticcheck or the Go version changed (their SHA-256 is stamped beside it).
// Then it warms the build cache the checks share (the standard library a generated module imports,
// and what its tests add), so a first report does not compile it inside a step's time limit.
// Never fails `npm install`: without `go`, or without the module proxy, it says what is missing and
// the go_sdk step says `skipped` until `npm run setup:go-tools` succeeds.
// Plain JavaScript: it runs while node_modules is being set up.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE = join(ROOT, 'tools', 'staticcheck');
const BIN = join(ROOT, '.tools', 'go', 'bin');
const STATICCHECK = join(BIN, 'staticcheck-sdk');
const STAMP = join(ROOT, '.tools', 'go', 'staticcheck-sdk.sha256');
const RUNTIME = join(ROOT, 'workers', 'generators', 'go', 'bundle');
// The same folder and settings as goEnv() in workers/pipeline/go-tools.ts, so the warm cache is
// the one the checks read (tests/bin/setup-go-tools.test.ts compares the two).
const CACHE = process.env.GO_CACHE_DIR || join(tmpdir(), 'report-service-go-cache');
export const CHECK_ENV = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? tmpdir(),
  GOCACHE: join(CACHE, 'build'),
  GOPATH: join(CACHE, 'path'),
  GOMODCACHE: join(CACHE, 'path', 'pkg', 'mod'),
  STATICCHECK_CACHE: join(CACHE, 'staticcheck'),
  GOPROXY: 'off',
  GOTOOLCHAIN: 'local',
  GOFLAGS: '',
  GOWORK: 'off',
  GOTELEMETRY: 'off',
  CGO_ENABLED: '0',
};

function say(message) {
  console.log(`go tools: ${message}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

function lastLines(text, count = 3) {
  return text.split('\n').slice(-count).join(' ');
}

function build(goVersion) {
  const hash = createHash('sha256').update(goVersion);
  for (const file of ['go.mod', 'go.sum', 'main.go']) hash.update(readFileSync(join(SOURCE, file)));
  const wanted = hash.digest('hex');
  if (existsSync(STATICCHECK) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === wanted) {
    say(`staticcheck-sdk up to date in ${BIN}`);
    return true;
  }
  say(`building staticcheck-sdk from tools/staticcheck (${goVersion})`);
  mkdirSync(BIN, { recursive: true });
  rmSync(STAMP, { force: true });
  const built = run('go', ['build', '-trimpath', '-o', STATICCHECK, '.'], { cwd: SOURCE });
  if (!built.ok) {
    say(
      `building staticcheck-sdk failed (is the Go module proxy reachable?): ${lastLines(built.output)}. The go_sdk step will be skipped; run \`npm run setup:go-tools\` again once it is.`,
    );
    return false;
  }
  writeFileSync(STAMP, `${wanted}\n`);
  return true;
}

/** Compiles the standard library a generated module and its tests use into the shared cache. */
function warm() {
  const dir = mkdtempSync(join(tmpdir(), 'go-tools-warm-'));
  try {
    cpSync(RUNTIME, dir, { recursive: true });
    writeFileSync(
      join(dir, 'warm_test.go'),
      'package warm\n\nimport (\n\t"net/http/httptest"\n\t"testing"\n)\n\nfunc TestWarm(t *testing.T) { _ = httptest.NewRecorder() }\n',
    );
    for (const [command, args] of [
      ['go', ['vet', './...']],
      ['go', ['test', '-count=1', './...']],
      [STATICCHECK, ['./...']],
    ]) {
      const result = run(command, args, { cwd: dir, env: CHECK_ENV });
      if (!result.ok) {
        say(`warming the Go caches failed at \`${command} ${args.join(' ')}\`: ${lastLines(result.output)}`);
        return;
      }
    }
    say(`caches warm in ${CACHE}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main() {
  if (process.env.REPORT_SKIP_GO_TOOLS === '1') {
    say('REPORT_SKIP_GO_TOOLS=1: not set up');
    return;
  }
  const go = run('go', ['version']);
  if (!go.ok) {
    say('go not found: the go_sdk step will be skipped. Install Go, then run `npm run setup:go-tools`.');
    return;
  }
  if (build(go.output)) warm();
}

// Run as a script (npm's postinstall, `npm run setup:go-tools`), not when a test imports CHECK_ENV.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    say(`not set up: ${error instanceof Error ? error.message : String(error)}`);
  }
}
