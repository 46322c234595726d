import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Artifact } from '../../../db/models/index.ts';
import type { ChecklistEntry } from '../../../db/models/publishing-action.ts';
import { findExecutable, writeTree } from '../../../workers/pipeline/check-with-tool.ts';
import { unpackArtifact } from '../../../workers/pipeline/unpack-artifact.ts';

const TIMEOUT_MS = 60_000;

function run(command: string, args: string[], cwd: string): Promise<{ ok: boolean; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, npm_config_ignore_scripts: 'true', npm_config_audit: 'false', npm_config_fund: 'false' } }, (error, stdout, stderr) =>
      resolve({ ok: !error, stdout, stderr }),
    );
  });
}

async function withPackage(artifact: Artifact, id: string, label: string, body: (dir: string) => Promise<ChecklistEntry>): Promise<ChecklistEntry> {
  let files: Map<string, Buffer>;
  try {
    files = await unpackArtifact(artifact.content!);
  } catch {
    return { id, label, status: 'fail', detail: `The ${artifact.kind} artifact could not be unpacked.` };
  }
  const dir = await writeTree(
    [...files].map(([path, content]) => ({ path, content })),
    'report-publish-',
  );
  try {
    return await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `npm pack --dry-run` of the generated TypeScript package (lifecycle scripts off): files and size. */
export async function npmPackCheck(artifact: Artifact): Promise<ChecklistEntry> {
  const npm = findExecutable('npm');
  if (!npm) return { id: 'npm_pack', label: 'npm pack --dry-run', status: 'fail', detail: 'npm is not installed on this server.' };
  return await withPackage(artifact, 'npm_pack', 'npm pack --dry-run', async (dir) => {
    const result = await run(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], dir);
    if (!result.ok) return { id: 'npm_pack', label: 'npm pack --dry-run', status: 'fail', detail: result.stderr.split('\n').filter(Boolean).slice(-3).join(' ') || 'npm pack failed' };
    try {
      const [pack] = JSON.parse(result.stdout) as Array<{ name: string; version: string; size: number; unpackedSize: number; entryCount: number; files: Array<{ path: string }> }>;
      if (!pack) throw new Error('empty answer');
      const listed = pack.files.map((f) => f.path).sort();
      return {
        id: 'npm_pack',
        label: 'npm pack --dry-run',
        status: 'pass',
        detail: `${pack.name}@${pack.version}: ${pack.entryCount} files, ${pack.size} bytes packed (${pack.unpackedSize} unpacked): ${listed.slice(0, 20).join(', ')}${listed.length > 20 ? ', …' : ''}`,
      };
    } catch (error) {
      return { id: 'npm_pack', label: 'npm pack --dry-run', status: 'fail', detail: `npm pack answered something unreadable (${(error as Error).message}).` };
    }
  });
}

/** Builds an sdist of the generated Python package with the standard library only (tarfile, tomllib) and lists it. */
const SDIST_SCRIPT = String.raw`
import json, os, sys, tarfile, tomllib
root = sys.argv[1]
with open(os.path.join(root, "pyproject.toml"), "rb") as f:
    project = tomllib.load(f)["project"]
name, version = project["name"], project["version"]
base = f"{name.replace('-', '_')}-{version}"
os.makedirs(os.path.join(root, "dist"), exist_ok=True)
target = os.path.join(root, "dist", base + ".tar.gz")
members = []
with tarfile.open(target, "w:gz") as tar:
    info = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode()
    import io
    entry = tarfile.TarInfo(base + "/PKG-INFO"); entry.size = len(info); tar.addfile(entry, io.BytesIO(info))
    members.append("PKG-INFO")
    for folder, _, names in os.walk(root):
        for n in sorted(names):
            path = os.path.join(folder, n)
            rel = os.path.relpath(path, root)
            if rel.startswith("dist"):
                continue
            tar.add(path, arcname=base + "/" + rel)
            members.append(rel)
print(json.dumps({"file": os.path.basename(target), "size": os.path.getsize(target), "members": sorted(members)}))
`;

export async function sdistCheck(artifact: Artifact): Promise<ChecklistEntry> {
  const python = findExecutable('python3');
  if (!python) return { id: 'sdist', label: 'sdist (standard library)', status: 'fail', detail: 'python3 is not installed on this server.' };
  return await withPackage(artifact, 'sdist', 'sdist (standard library)', async (dir) => {
    const result = await run(python, ['-I', '-c', SDIST_SCRIPT, dir], join(dir));
    if (!result.ok) return { id: 'sdist', label: 'sdist (standard library)', status: 'fail', detail: result.stderr.split('\n').filter(Boolean).slice(-2).join(' ') || 'the sdist build failed' };
    const built = JSON.parse(result.stdout.trim().split('\n').pop()!) as { file: string; size: number; members: string[] };
    return {
      id: 'sdist',
      label: 'sdist (standard library)',
      status: 'pass',
      detail: `${built.file}: ${built.members.length} files, ${built.size} bytes: ${built.members.slice(0, 20).join(', ')}${built.members.length > 20 ? ', …' : ''}`,
    };
  });
}
