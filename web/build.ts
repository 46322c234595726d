// Builds the web app into web/dist when it is missing or stale. Run by `npm install`/`npm ci`
// (the `prepare` script) and by `npm start` before listening, so no extra command is needed.
// Stale means: the digest of the app's sources and the lockfile differs from the one recorded
// at the last build (web/dist/.build-stamp).
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';

const WEB = import.meta.dirname;
const ROOT = join(WEB, '..');
const DIST = join(WEB, 'dist');
const STAMP = join(DIST, '.build-stamp');
/** Held while one process builds: service processes started together (tests, ROLE=api ×N) build once. */
const LOCK = join(WEB, '.build-lock');
const STALE_LOCK_MS = 5 * 60_000;

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });
}

/** A digest of everything the build reads: app sources, the router types it imports, the lockfile. */
export function webSourceDigest(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...files(join(WEB, 'src')),
    ...files(join(WEB, 'public')),
    join(WEB, 'index.html'),
    join(WEB, 'vite.config.ts'),
    join(ROOT, 'shared', 'scopes.ts'), // the roles and scopes the workspace page lists
    join(ROOT, 'package-lock.json'),
  ];
  for (const file of inputs) {
    if (!existsSync(file)) continue;
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export function webBuildIsFresh(): boolean {
  return (
    existsSync(join(DIST, 'index.html')) &&
    existsSync(STAMP) &&
    readFileSync(STAMP, 'utf8').trim() === webSourceDigest()
  );
}

function takeLock(): boolean {
  try {
    closeSync(openSync(LOCK, 'wx'));
    return true;
  } catch {
    // Another process builds; a lock left by a crashed build is taken over after a while.
    if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { force: true });
    return false;
  }
}

/** Builds with Vite unless the last build is still fresh. Returns true when it built. */
export async function ensureWebBuilt(
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<boolean> {
  if (webBuildIsFresh()) return false;
  while (!takeLock()) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (webBuildIsFresh()) return false;
  }
  try {
    if (webBuildIsFresh()) return false;
    return await build(log);
  } finally {
    rmSync(LOCK, { force: true });
  }
}

async function build(log: (line: string) => void): Promise<boolean> {
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    log(
      existsSync(join(DIST, 'index.html'))
        ? 'web app sources changed but Vite is not installed (npm install --omit=dev?): serving the previous build'
        : 'web app not built and Vite is not installed: run `npm install`',
    );
    return false;
  }
  const digest = webSourceDigest();
  const started = Date.now();
  log('building the web app (web/ → web/dist)…');
  await vite.build({ configFile: join(WEB, 'vite.config.ts'), logLevel: 'warn' });
  mkdirSync(DIST, { recursive: true });
  writeFileSync(STAMP, `${digest}\n`);
  log(`web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (import.meta.main) {
  await ensureWebBuilt();
}
