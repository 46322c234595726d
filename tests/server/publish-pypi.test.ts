import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Artifact } from '../../db/models/index.ts';
import { type FakePypi, type PypiUpload, startFakePypi } from '../fakes/pypi-server.ts';
import { unpackArtifact } from '../../workers/pipeline/unpack-artifact.ts';
import { pypiUpload } from '../../workers/publishing/pypi-upload.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { finishedRun, PETSTORE_PLUS, waitForAction } from '../setup/publishing.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

const exec = promisify(execFile);
const TOKEN = 'pypi-AgEIcHlwaS5vcmc-do-not-log-0123456789';

let service: TestService;
let api: ReturnType<typeof rest>;
let runId: string;
/** A later run of the same project with one more operation (its Python sources differ). */
let runB: string;
let index: FakePypi;
let repositoryUrl: string;
let uploads: PypiUpload[];

beforeAll(async () => {
  index = await startFakePypi(TOKEN);
  ({ repositoryUrl, uploads } = index);
  service = await startTestService({
    ROLE: 'all',
    REPORT_RATE_LIMIT: '1000',
    PUBLISH_APPROVED: 'true',
    PUBLISH_PYPI_REPOSITORY_URL: repositoryUrl,
    PUBLISH_PYPI_TOKEN: TOKEN,
  });
  api = rest(service.url, (await newWorkspace(service)).token);
  [{ runId }, { runId: runB }] = await Promise.all([
    finishedRun(api, PETSTORE, 'Pet Store'),
    finishedRun(api, PETSTORE_PLUS, 'Pet Store'),
  ]);
}, 240_000);
afterAll(async () => {
  await service?.stop();
  await index?.stop();
});

/** The members of a wheel (a zip), read by Python's zipfile. */
async function wheelMembers(wheel: Buffer): Promise<Map<string, Buffer>> {
  const dir = await mkdtemp(join(tmpdir(), 'report-wheel-'));
  try {
    await writeFile(join(dir, 'x.whl'), wheel);
    const { stdout } = await exec(
      'python3',
      [
        '-I',
        '-c',
        'import base64, json, sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nprint(json.dumps({n: base64.b64encode(z.read(n)).decode() for n in z.namelist()}))',
        join(dir, 'x.whl'),
      ],
      { timeout: 30_000, maxBuffer: 64 * 1024 * 1024 },
    );
    return new Map(
      Object.entries(JSON.parse(stdout) as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64')]),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('pypi: wheel and sdist uploaded with twine to a legacy-upload index on 127.0.0.1', () => {
  it('uploads both files; the index receives them intact, with the package sources byte for byte', async () => {
    const requested = await api.post(`/runs/${runId}/publish/publish`, {
      registry: 'pypi',
      packageName: 'acme-petstore',
      version: '1.2.0',
    });
    expect(requested.status).toBe(202);
    expect(requested.body.publishAction.status, JSON.stringify(requested.body.publishAction.checklist)).toBe('ready');
    const done = await waitForAction(api, runId, requested.body.publishAction.id);
    expect(done.providerResult?.state, JSON.stringify(done.providerResult)).toBe('published');
    expect(uploads.map((u) => u.fields.filetype).sort()).toEqual(['bdist_wheel', 'sdist']);
    for (const upload of uploads)
      expect(upload.fields).toMatchObject({ name: 'acme-petstore', version: '1.2.0', protocol_version: '1' });
    // What the publisher built is what arrived (sha256 of each file, as reported in the action).
    const reported = done.providerResult?.target?.files as Array<{ file: string; sha256: string }>;
    expect(reported.map((f) => f.file).sort()).toEqual(uploads.map((u) => u.filename).sort());
    for (const upload of uploads)
      expect(createHash('sha256').update(upload.content).digest('hex')).toBe(
        reported.find((f) => f.file === upload.filename)!.sha256,
      );
    // Every Python source of the package (src/; the shipped wire tests are not part of it) is in the
    // wheel and in the sdist, byte for byte.
    const artifact = await unpackArtifact(
      await (await Artifact.findOne({ where: { runId, kind: 'python_sdk' } }))!.readContent(),
    );
    const sources = [...artifact].filter(([path]) => path.startsWith('src/') && path.endsWith('.py'));
    expect(sources.length).toBeGreaterThan(3);
    const wheel = await wheelMembers(uploads.find((u) => u.fields.filetype === 'bdist_wheel')!.content);
    const sdist = await unpackArtifact(uploads.find((u) => u.fields.filetype === 'sdist')!.content);
    for (const [path, content] of sources) {
      const inWheel = [...wheel].find(([name]) => path.endsWith(name) && name.includes('/'));
      expect(inWheel?.[1].equals(content), `${path} in the wheel`).toBe(true);
      const inSdist = [...sdist].find(([name]) => name.endsWith(`/${path}`));
      expect(inSdist?.[1].equals(content), `${path} in the sdist`).toBe(true);
    }
    // The sdist ships the CHANGELOG entry of this version.
    const changelog = [...sdist].find(([name]) => name.endsWith('/CHANGELOG.md'))?.[1].toString('utf8');
    expect(changelog).toMatch(
      /^# Changelog\n\n## 1\.2\.0 \(\d{4}-\d{2}-\d{2}\)\n\n- Generated from run run_\w+\.\n- First release, generated from the API description\.\n/,
    );
    expect(JSON.stringify(done)).not.toContain(TOKEN);
  }, 180_000);

  it('a repeated request answers the same action; the same version again is version_exists', async () => {
    const again = await api.post(`/runs/${runId}/publish/publish`, {
      registry: 'pypi',
      packageName: 'acme-petstore',
      version: '1.2.0',
    });
    expect(again.body.publishAction.providerResult.state).toBe('published');
    expect(uploads).toHaveLength(2);
    const files = await unpackArtifact(
      await (await Artifact.findOne({ where: { runId, kind: 'python_sdk' } }))!.readContent(),
    );
    const outcome = await pypiUpload({
      files,
      packageName: 'acme-petstore',
      version: '1.2.0',
      repositoryUrl,
      username: '__token__',
      token: TOKEN,
      timeoutMs: 120_000,
      resumed: false,
    });
    expect(outcome.error?.code, JSON.stringify(outcome)).toBe('version_exists');
    expect(outcome.registryResponse?.status).toBe(400);
  }, 180_000);

  it("rollback is a new version (the next patch) whose uploaded wheel and sdist carry the earlier run's sources", async () => {
    const later = await api.post(`/runs/${runB}/publish/publish`, {
      registry: 'pypi',
      packageName: 'acme-petstore',
      version: '1.3.0',
    });
    expect(later.body.publishAction.status, JSON.stringify(later.body.publishAction.checklist)).toBe('ready');
    expect((await waitForAction(api, runB, later.body.publishAction.id)).providerResult?.state).toBe('published');
    const sourcesOf = async (id: string) =>
      new Map(
        [
          ...(await unpackArtifact(
            await (await Artifact.findOne({ where: { runId: id, kind: 'python_sdk' } }))!.readContent(),
          )),
        ].filter(([path]) => path.startsWith('src/') && path.endsWith('.py')),
      );
    const [earlier, current] = [await sourcesOf(runId), await sourcesOf(runB)];
    // The two runs' packages differ (runB has pets.retrieve), so a restore is visible.
    const differing = [...current]
      .filter(([path, content]) => !earlier.get(path)?.equals(content))
      .map(([path]) => path);
    expect(differing.length).toBeGreaterThan(0);

    const rollback = await api.post(`/runs/${runB}/publish/rollback`, { registry: 'pypi' });
    expect(rollback.status).toBe(202);
    expect(rollback.body.publishAction, JSON.stringify(rollback.body.publishAction.checklist)).toMatchObject({
      action: 'rollback',
      status: 'ready',
      version: '1.3.1',
    });
    const done = await waitForAction(api, runB, rollback.body.publishAction.id);
    expect(done.providerResult?.state, JSON.stringify(done.providerResult)).toBe('published');
    expect(done.providerResult?.target).toMatchObject({ version: '1.3.1', restores: '1.2.0', rolledBack: '1.3.0' });
    const actions = (await api.get(`/runs/${runB}/publish/actions`)).body.publishActions as Array<{
      id: string;
      providerResult?: { state?: string };
    }>;
    expect(actions.find((a) => a.id === later.body.publishAction.id)?.providerResult?.state).toBe('rolled_back');

    const restored = uploads.filter((u) => u.fields.version === '1.3.1');
    expect(restored.map((u) => u.fields.filetype).sort()).toEqual(['bdist_wheel', 'sdist']);
    for (const upload of restored) expect(upload.fields.name).toBe('acme-petstore');
    const wheel = await wheelMembers(restored.find((u) => u.fields.filetype === 'bdist_wheel')!.content);
    const sdist = await unpackArtifact(restored.find((u) => u.fields.filetype === 'sdist')!.content);
    // Every source is the earlier run's, byte for byte, in both files; none of the later run's changes is left.
    for (const [path, content] of earlier) {
      expect(
        [...wheel].find(([name]) => path.endsWith(name) && name.includes('/'))?.[1].equals(content),
        `${path} in the wheel`,
      ).toBe(true);
      expect([...sdist].find(([name]) => name.endsWith(`/${path}`))?.[1].equals(content), `${path} in the sdist`).toBe(
        true,
      );
    }
    for (const path of differing) {
      if (earlier.has(path)) continue;
      expect(
        [...wheel].some(([name]) => path.endsWith(name) && name.includes('/')),
        `${path} (only in the later run) in the wheel`,
      ).toBe(false);
    }
    const changelog = [...sdist].find(([name]) => name.endsWith('/CHANGELOG.md'))?.[1].toString('utf8');
    expect(changelog).toMatch(
      /## 1\.3\.1 [^\n]*\n\n- Rollback: restores 1\.2\.0 \(run run_\w+\), replacing 1\.3\.0 \(run run_\w+\)\./,
    );
    expect(JSON.stringify(done)).not.toContain(TOKEN);
  }, 300_000);

  it('an artifact generated before hatchling (a setuptools pyproject) still ships its CHANGELOG in the sdist', async () => {
    const files = await unpackArtifact(
      await (await Artifact.findOne({ where: { runId, kind: 'python_sdk' } }))!.readContent(),
    );
    // The pyproject the generator wrote until 2026-11-29: setuptools takes only what MANIFEST.in names.
    const pyproject = files.get('pyproject.toml')!.toString('utf8');
    files.set(
      'pyproject.toml',
      Buffer.from(
        pyproject
          .replace(
            /\[build-system\][\s\S]*?\n\n/,
            '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n\n',
          )
          .replace(/\[tool\.hatch[\s\S]*$/, '[tool.setuptools.packages.find]\nwhere = ["src"]\n'),
      ),
    );
    expect(files.get('pyproject.toml')!.toString('utf8')).toContain('setuptools.build_meta');
    const before = uploads.length;
    const outcome = await pypiUpload({
      files,
      packageName: 'acme-petstore-legacy',
      version: '0.9.0',
      repositoryUrl,
      username: '__token__',
      token: TOKEN,
      timeoutMs: 120_000,
      resumed: false,
      changelog: { entry: '- Published from an older run.', date: new Date('2026-11-20T00:00:00Z') },
    });
    expect(outcome.error, JSON.stringify(outcome)).toBeUndefined();
    const sdist = uploads.slice(before).find((u) => u.fields.filetype === 'sdist');
    const members = await unpackArtifact(sdist!.content);
    const changelog = [...members].find(([name]) => name.endsWith('/CHANGELOG.md'))?.[1].toString('utf8');
    expect(changelog).toContain('## 0.9.0 (2026-11-20)');
    expect(changelog).toContain('- Published from an older run.');
  }, 180_000);

  it('bad credentials: registry_forbidden with the status, the password nowhere', async () => {
    const files = await unpackArtifact(
      await (await Artifact.findOne({ where: { runId, kind: 'python_sdk' } }))!.readContent(),
    );
    const wrong = 'pypi-wrong-password-do-not-echo-987654321';
    const outcome = await pypiUpload({
      files,
      packageName: 'acme-petstore',
      version: '9.9.9',
      repositoryUrl,
      username: '__token__',
      token: wrong,
      timeoutMs: 120_000,
      resumed: false,
    });
    expect(outcome.error?.code, JSON.stringify(outcome)).toBe('registry_forbidden');
    expect(outcome.error?.status).toBe(403);
    expect(JSON.stringify(outcome)).not.toContain(wrong);
  }, 180_000);
});
