// The dry-run tells the truth: it uses the real package (packed, installed offline into a clean
// project or venv, imported, a usage file type-checked) and blocks a package its users could not
// use, with the reason; it proposes the next version from the compatibility diff against the SDK
// the customer ships and writes the CHANGELOG entry from the same diff. Diffs here are real: the
// old SDK is our generator's output for an older description, compared by the diff engine.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishingAction, Run } from '../../db/models/index.ts';
import { diffSdkSurface, extractTypeScriptSurface } from '../../workers/generators/diff/index.ts';
import { analyzeSpec } from '../../workers/generators/analyze.ts';
import { emitPythonSdk } from '../../workers/generators/python/index.ts';
import { emitTypeScriptSdk } from '../../workers/generators/typescript/index.ts';
import { proposeVersion, shippedVersion } from '../../server/services/publishing/propose-version.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { PETSTORE_PLUS, shippedSdkText } from '../setup/publishing.ts';
import { storeArtifact, storeStepArtifacts } from '../setup/sdk-artifacts.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

/** PETSTORE_PLUS where `getPet` also needs a required query parameter: its method changes incompatibly. */
const PETSTORE_PLUS_REQUIRED = PETSTORE_PLUS.replace(
  `          schema: { type: string }
      responses:`,
  `          schema: { type: string }
        - name: include
          in: query
          required: true
          schema: { type: string }
      responses:`,
);

async function model(text: string) {
  return (await analyzeSpec({ openapiText: text, mode: 'flagship' })).model!;
}

async function realDiff(oldDescription: string, newDescription: string) {
  const newModel = await model(newDescription);
  const old = extractTypeScriptSurface(await shippedSdkText(oldDescription, '0.0.0'));
  const now = extractTypeScriptSurface(
    emitTypeScriptSdk(newModel)
      .filter((f) => f.path.endsWith('.ts'))
      .map((f) => ({ path: f.path, content: String(f.content) })),
  );
  return diffSdkSurface(old, now, newModel);
}

describe('the next version from the compatibility diff (proposeVersion on real diffs)', () => {
  it('a removed method is breaking: major from 1.x, minor below 1.0; the CHANGELOG entry names it', async () => {
    const diff = await realDiff(PETSTORE_PLUS, PETSTORE);
    expect(diff.counts.removed).toBe(1);
    const stable = proposeVersion({ diff, shipped: '1.4.2', packageVersion: '1.0.0' });
    expect(stable).toMatchObject({ version: '2.0.0', bump: 'major', base: { version: '1.4.2' } });
    expect(stable.source).toMatch(
      /^From the compatibility diff of this run's SDK against the shipped SDK \(oldSdkText, typescript\): 1 breaking, 0 additive changes .* → major of 1\.4\.2/,
    );
    expect(stable.changelog).toMatch(
      /^## 2\.0\.0\n\n### Breaking changes\n\n- Removed `pets\.retrieve` \(The endpoint get \/pets\/\{petId\} is not in the new description\)\.\n/,
    );
    const early = proposeVersion({ diff, shipped: '0.3.1', packageVersion: '1.0.0' });
    expect(early).toMatchObject({ version: '0.4.0', bump: 'minor' });
    expect(early.source).toContain('below 1.0.0 a breaking change bumps the minor');
  });

  it('an added method is minor (patch below 1.0); no change is a patch', async () => {
    const added = await realDiff(PETSTORE, PETSTORE_PLUS);
    expect(added.counts).toMatchObject({ removed: 0, added: 1 });
    const proposal = proposeVersion({ diff: added, shipped: '1.4.2', packageVersion: '1.0.0' });
    expect(proposal).toMatchObject({ version: '1.5.0', bump: 'minor' });
    expect(proposal.changelog).toMatch(/### Added\n\n- Added `pets\.retrieve` \(get \/pets\/\{petId\}\)\./);
    expect(proposeVersion({ diff: added, shipped: '0.3.1', packageVersion: '1.0.0' }).version).toBe('0.3.2');
    const same = proposeVersion({
      diff: await realDiff(PETSTORE, PETSTORE),
      shipped: '1.4.2',
      packageVersion: '1.0.0',
    });
    expect(same).toMatchObject({ version: '1.4.3', bump: 'patch' });
    expect(same.changelog).toContain('No change to the SDK surface');
  });

  it('a changed method (a required parameter added) is breaking: major from 1.x, minor below 1.0; the CHANGELOG entry says what changed', async () => {
    expect(PETSTORE_PLUS_REQUIRED).not.toBe(PETSTORE_PLUS);
    const diff = await realDiff(PETSTORE_PLUS, PETSTORE_PLUS_REQUIRED);
    expect(diff.counts).toMatchObject({ removed: 0, added: 0, renamed: 0, changed: 1 });
    const changed = diff.methods.find((m) => m.status === 'changed');
    expect(
      changed?.changes.some((c) => c.breaking),
      JSON.stringify(changed),
    ).toBe(true);
    const stable = proposeVersion({ diff, shipped: '1.4.2', packageVersion: '1.0.0' });
    expect(stable).toMatchObject({ version: '2.0.0', bump: 'major' });
    expect(stable.source).toMatch(/: 1 breaking, 0 additive changes .*1 changed.* → major of 1\.4\.2/);
    expect(stable.changelog).toMatch(
      /^## 2\.0\.0\n\n### Breaking changes\n\n- Changed `pets\.retrieve`: [^\n]*include[^\n]*\.\n/,
    );
    expect(stable.changelog).not.toContain('### Added');
    expect(proposeVersion({ diff, shipped: '0.3.1', packageVersion: '1.0.0' })).toMatchObject({
      version: '0.4.0',
      bump: 'minor',
    });
    // The same parameter as optional is an addition, not a break: minor.
    const optional = await realDiff(
      PETSTORE_PLUS,
      PETSTORE_PLUS_REQUIRED.replace(
        '          required: true\n          schema: { type: string }\n      responses:',
        '          required: false\n          schema: { type: string }\n      responses:',
      ),
    );
    expect(proposeVersion({ diff: optional, shipped: '1.4.2', packageVersion: '1.0.0' })).toMatchObject({
      version: '1.5.0',
      bump: 'minor',
    });
  });

  it("without a diff: a first release at the package's own version, and the checklist text says so; a shipped version without its SDK surface gets a patch", () => {
    const first = proposeVersion({ diff: undefined, shipped: undefined, packageVersion: '1.0.0' });
    expect(first).toMatchObject({ version: '1.0.0' });
    expect(first.source).toMatch(/No shipped SDK was compared .* first release/);
    expect(proposeVersion({ diff: undefined, shipped: '2.3.4', packageVersion: '1.0.0' }).version).toBe('2.3.5');
  });

  it('reads the shipped version from package.json, version.ts or __version__ in the old SDK text', () => {
    expect(shippedVersion('// File: package.json\n{ "name": "x", "version": "4.0.0" }')).toBe('4.0.0');
    expect(
      shippedVersion("// File: src/version.ts\nexport const VERSION = '4.104.0'; // x-release-please-version"),
    ).toBe('4.104.0');
    expect(shippedVersion('# File: src/openai/_version.py\n__version__ = "1.0.0"  # x-release-please-version')).toBe(
      '1.0.0',
    );
    expect(shippedVersion('export const VERSION = "not a version";')).toBeUndefined();
    expect(shippedVersion(null)).toBeUndefined();
  });
});

describe('POST /api/runs/{runId}/publish/dry-run: the real package', () => {
  let service: TestService;
  let api: ReturnType<typeof rest>;
  let orgId = '';

  beforeAll(async () => {
    // Approved, so a publish request here is blocked only by its own checks (ROLE api: a queued job waits, no worker takes it).
    service = await startTestService({
      ROLE: 'api',
      REPORT_RATE_LIMIT: '1000',
      PUBLISH_APPROVED: 'true',
      PUBLISH_NPM_TOKEN: 'npm_test_token_not_real',
      PUBLISH_PYPI_TOKEN: 'pypi_test_token_not_real',
    });
    const ws = await newWorkspace(service);
    orgId = ws.organization.id;
    api = rest(service.url, ws.token);
  });
  afterAll(async () => service?.stop());

  async function finishedRun(body: Record<string, unknown> = { openapiText: PETSTORE }): Promise<string> {
    const started = await api.post('/reports/start', { projectName: 'Pet Store', ...body });
    const runId = started.body.run.id as string;
    await Run.update({ status: 'ready', verdict: 'ready', completedAt: new Date() }, { where: { id: runId } });
    return runId;
  }

  const byId = (checklist: { id: string }[], id: string) =>
    checklist.find((c) => c.id === id) as { id: string; status: string; detail: string } | undefined;

  it('npm: a package without its built dist/ (what the artifact used to be) is blocked: users would get ERR_MODULE_NOT_FOUND', async () => {
    const runId = await finishedRun();
    await storeArtifact(orgId, runId, {
      kind: 'typescript_sdk',
      name: 'typescript-sdk',
      files: emitTypeScriptSdk(await model(PETSTORE)),
    });
    const res = await api.post(`/runs/${runId}/publish/dry-run`, {
      registry: 'npm',
      packageName: '@acme/petstore',
      version: '1.0.0',
    });
    expect(res.status).toBe(200);
    expect(res.body.publishAction.status).toBe('blocked');
    const check = byId(res.body.publishAction.checklist, 'package_installs');
    expect(check?.status).toBe('fail');
    expect(check?.detail).toMatch(/lacks dist\/index\.d\.ts, dist\/index\.js.*ERR_MODULE_NOT_FOUND/);
    expect(res.body.publishAction.providerResult.summary).toContain('package_installs');
  });

  it("npm: the step's package (dist/ built by the gate) packs, installs offline, imports from ESM and CommonJS and type-checks", async () => {
    const runId = await finishedRun();
    await storeStepArtifacts(orgId, runId, PETSTORE, ['typescript_sdk']);
    let settled = false;
    const pending = api
      .post(`/runs/${runId}/publish/dry-run`, { registry: 'npm', packageName: '@acme/petstore' })
      .finally(() => (settled = true));
    // The package check runs in child processes: the API keeps answering while it runs.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let i = 0; i < 3; i++) expect((await fetch(`${service.url}/api/health`)).status).toBe(200);
    expect(settled).toBe(false);
    const res = await pending;
    expect(res.body.publishAction.status).toBe('ready');
    const check = byId(res.body.publishAction.checklist, 'package_installs');
    expect(check).toMatchObject({ status: 'pass' });
    expect(check!.detail).toMatch(
      /^packed acme-petstore-1\.0\.0\.tgz \(\d+ files, \d+ bytes\); installed offline into a clean project; import and require work on Node v\d+/,
    );
    expect(check!.detail).toContain(
      'a usage file type-checks against its declarations (tsc --strict, ESM and CommonJS)',
    );
    // No oldSdkText: the first release is the package's own version, and the checklist says where it came from.
    expect(res.body.publishAction.version).toBe('1.0.0');
    expect(byId(res.body.publishAction.checklist, 'version_proposal')?.detail).toMatch(
      /^1\.0\.0\. No shipped SDK was compared/,
    );
  });

  it("pypi: a python_sdk artifact without a wheel is blocked with the reason; the step's artifact passes twine check, installs into a fresh venv, imports and type-checks", async () => {
    const bare = await finishedRun();
    await storeArtifact(orgId, bare, {
      kind: 'python_sdk',
      name: 'python-sdk',
      files: emitPythonSdk(await model(PETSTORE)),
    });
    const blocked = await api.post(`/runs/${bare}/publish/dry-run`, { registry: 'pypi', packageName: 'petstore' });
    expect(blocked.body.publishAction.status).toBe('blocked');
    expect(byId(blocked.body.publishAction.checklist, 'package_installs')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/no wheel and no sdist in dist\/.*nothing to upload/),
    });

    const runId = await finishedRun();
    const summaries = await storeStepArtifacts(orgId, runId, PETSTORE, ['python_sdk']);
    expect(summaries.python_sdk).toMatch(
      /^passed: .*built petstore-1\.0\.0-py3-none-any\.whl and petstore-1\.0\.0\.tar\.gz \(twine check passes\)/,
    );
    const res = await api.post(`/runs/${runId}/publish/dry-run`, { registry: 'pypi', packageName: 'petstore' });
    expect(res.body.publishAction.status).toBe('ready');
    const check = byId(res.body.publishAction.checklist, 'package_installs');
    expect(check?.status, check?.detail).toBe('pass');
    expect(check!.detail).toBe(
      'petstore-1.0.0-py3-none-any.whl and petstore-1.0.0.tar.gz pass twine check --strict; the wheel installs offline into a fresh venv; import petstore works (version 1.0.0); a usage file type-checks against it (mypy --strict).',
    );
  }, 120_000);

  it('with the shipped SDK in oldSdkText: 2.0.0 proposed from the diff (a method removed) with its CHANGELOG entry; a request for 1.5.0 is blocked', async () => {
    const oldSdkText = await shippedSdkText(PETSTORE_PLUS, '1.4.0');
    const runId = await finishedRun({ openapiText: PETSTORE, oldSdkText });
    await storeStepArtifacts(orgId, runId, PETSTORE, ['typescript_sdk', 'compat_diff'], oldSdkText);
    const res = await api.post(`/runs/${runId}/publish/dry-run`, { registry: 'npm', packageName: '@acme/petstore' });
    expect(res.body.publishAction).toMatchObject({ status: 'ready', version: '2.0.0' });
    expect(byId(res.body.publishAction.checklist, 'version_proposal')?.detail).toMatch(
      /^2\.0\.0\. From the compatibility diff .* → major of 1\.4\.0 \(the version the shipped SDK declares in oldSdkText\)/,
    );
    expect(byId(res.body.publishAction.checklist, 'changelog')?.detail).toMatch(
      /^## 2\.0\.0\n\n### Breaking changes\n\n- Removed `pets\.retrieve` \(The endpoint get \/pets\/\{petId\} is not in the new description\)\.\n/,
    );
    expect(byId(res.body.publishAction.checklist, 'package_installs')?.detail).toMatch(
      /^packed acme-petstore-2\.0\.0\.tgz/,
    );

    const low = await api.post(`/runs/${runId}/publish/dry-run`, {
      registry: 'npm',
      packageName: '@acme/petstore',
      version: '1.5.0',
    });
    expect(low.body.publishAction.status).toBe('blocked');
    expect(byId(low.body.publishAction.checklist, 'version_order')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/^1\.5\.0 is below the proposed 2\.0\.0: the diff needs a major release/),
    });
    const old = await api.post(`/runs/${runId}/publish/dry-run`, {
      registry: 'npm',
      packageName: '@acme/petstore',
      version: '1.4.0',
    });
    expect(byId(old.body.publishAction.checklist, 'version_order')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/^1\.4\.0 is not newer than the shipped 1\.4\.0/),
    });
    // Not a version at all: the version check says so, and there is no order to pass or fail.
    const invalid = await api.post(`/runs/${runId}/publish/dry-run`, {
      registry: 'npm',
      packageName: '@acme/petstore',
      version: 'not-a-version',
    });
    expect(invalid.status).toBe(200);
    expect(invalid.body.publishAction.status).toBe('blocked');
    expect(byId(invalid.body.publishAction.checklist, 'version')).toMatchObject({
      status: 'fail',
      detail: '"not-a-version" is not a valid version.',
    });
    expect(byId(invalid.body.publishAction.checklist, 'version_order')).toBeUndefined();
    // The package is still checked, under the version its files carry: the invalid one is never written into it.
    expect(byId(invalid.body.publishAction.checklist, 'package_installs')?.detail).not.toMatch(/not-a-version/);
    expect(byId(invalid.body.publishAction.checklist, 'package_installs')?.detail).toMatch(/^packed acme-petstore-/);
  }, 120_000);

  it("a publish uses the same plan: without a version it is the proposed 2.0.0 (not 0.1.0) with the diff's CHANGELOG entry stored; a version not newer than the shipped one or below the proposal is blocked and nothing is queued", async () => {
    const oldSdkText = await shippedSdkText(PETSTORE_PLUS, '1.4.0');
    const runId = await finishedRun({ openapiText: PETSTORE, oldSdkText });
    await storeStepArtifacts(orgId, runId, PETSTORE, ['typescript_sdk', 'compat_diff'], oldSdkText);
    const dry = await api.post(`/runs/${runId}/publish/dry-run`, { registry: 'npm', packageName: '@acme/petstore' });
    const res = await api.post(`/runs/${runId}/publish/publish`, { registry: 'npm', packageName: '@acme/petstore' });
    expect(res.status).toBe(202);
    expect(res.body.publishAction, JSON.stringify(res.body.publishAction.checklist)).toMatchObject({
      action: 'publish',
      status: 'ready',
      version: dry.body.publishAction.version,
    });
    expect(res.body.publishAction.version).toBe('2.0.0');
    expect(res.body.publishAction.providerResult.state).toBe('queued');
    expect(byId(res.body.publishAction.checklist, 'version_proposal')?.detail).toMatch(
      /^2\.0\.0\. From the compatibility diff .* → major of 1\.4\.0/,
    );
    expect(byId(res.body.publishAction.checklist, 'package_installs')?.detail).toMatch(
      /^packed acme-petstore-2\.0\.0\.tgz/,
    );
    // The worker publishes the entry written from the diff (without its heading: it writes its own).
    const row = await PublishingAction.findByPk(res.body.publishAction.id as string);
    expect(row?.jobId).toBeTruthy();
    expect(row?.providerResult?.changelog).toMatch(
      /^### Breaking changes\n\n- Removed `pets\.retrieve` \(The endpoint get \/pets\/\{petId\} is not in the new description\)\./,
    );

    for (const [version, reason] of [
      ['1.5.0', /^1\.5\.0 is below the proposed 2\.0\.0: the diff needs a major release/],
      ['1.4.0', /^1\.4\.0 is not newer than the shipped 1\.4\.0.*Use 2\.0\.0\./],
      ['1.3.9', /^1\.3\.9 is not newer than the shipped 1\.4\.0/],
    ] as const) {
      const blocked = await api.post(`/runs/${runId}/publish/publish`, {
        registry: 'npm',
        packageName: '@acme/petstore',
        version,
      });
      expect(blocked.status).toBe(202);
      expect(blocked.body.publishAction).toMatchObject({ status: 'blocked', version });
      expect(byId(blocked.body.publishAction.checklist, 'version_order')).toMatchObject({
        status: 'fail',
        detail: expect.stringMatching(reason),
      });
      expect(blocked.body.publishAction.providerResult.summary).toBe('Blocked by: version_order.');
      expect((await PublishingAction.findByPk(blocked.body.publishAction.id as string))?.jobId).toBeNull();
    }
  }, 180_000);
});
