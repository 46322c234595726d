import { access, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { changelogFile } from './changelog-file.ts';
import { runTool, toolEnv } from './run-tool.ts';

const TSC = join(import.meta.dirname, '..', '..', 'node_modules', 'typescript-native', 'bin', 'tsc');

/**
 * Names and versions the unpacked TypeScript SDK in `dir` for publishing, and builds its `dist/`
 * with the service's own `tsc` when the artifact does not carry one (artifacts of older runs):
 * the registry must receive what `main`/`exports` point at. With `changelog`, this version's entry
 * goes into the package's CHANGELOG.md. Returns a problem, or undefined.
 */
export async function prepareTypeScriptPackage(
  dir: string,
  packageName: string,
  version: string,
  timeoutMs: number,
  changelog?: { entry: string; date: Date },
): Promise<string | undefined> {
  const pkgPath = join(dir, 'package.json');
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(await readFile(pkgPath, 'utf8')) as Record<string, unknown>;
  } catch {
    return 'the artifact has no readable package.json';
  }
  pkg.name = packageName;
  pkg.version = version;
  if (changelog) {
    // The entry written from the compatibility diff ships in the package (npm packs only `files`).
    const earlier = await readFile(join(dir, 'CHANGELOG.md'), 'utf8').catch(() => undefined);
    await writeFile(join(dir, 'CHANGELOG.md'), changelogFile(version, changelog.entry, earlier, changelog.date));
    if (Array.isArray(pkg.files) && !pkg.files.includes('CHANGELOG.md'))
      pkg.files = [...(pkg.files as unknown[]), 'CHANGELOG.md'];
  }
  await writeFile(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
  const built = await access(join(dir, 'dist', 'index.js')).then(
    () => true,
    () => false,
  );
  if (built) return undefined;
  const result = await runTool(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], {
    cwd: dir,
    env: toolEnv(dir),
    timeoutMs,
    secrets: [],
  });
  if (result.code !== 0)
    return `building dist/ with tsc failed: ${`${result.stdout}\n${result.stderr}`.trim().split('\n').slice(0, 3).join(' | ').replaceAll(dir, '.')}`;
  return undefined;
}
