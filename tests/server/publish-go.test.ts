// Publishing a Go module: the contract's `github` registry with a Go module path as the package
// name (docs/publishing.md). The dry-run moves the go_sdk artifact to that path, builds it with
// `go build ./...` offline and checks the tag on the remote; the publish commits the module tree
// and pushes the tag `v<version>` to a real bare repository on disk (file transport).
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../workers/generators/analyze.ts';
import { emitGoSdk } from '../../workers/generators/go/index.ts';
import { findExecutable } from '../../workers/pipeline/check-with-tool.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { finishedRun, PETSTORE_PLUS, waitForAction, type ActionBody, git } from '../setup/publishing.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

const MODULE = 'github.com/acme/petstore-go';
const HAS_GO = findExecutable('go') !== undefined;
if (!HAS_GO) console.warn('\n!!! Go module publishing SKIPPED: go is not installed.\n');

let root: string;
let service: TestService;
let api: ReturnType<typeof rest>;
let runA: string;
/** A run whose report compared the Go SDK the customer ships (0.4.0, with `Pets.Get`): the diff removes a method. */
let runC: string;

/** The Go module a customer ships, as oldSdkText: our module of PETSTORE_PLUS with a Stainless version file. */
async function shippedGoSdkText(version: string): Promise<string> {
  const model = (await analyzeSpec({ openapiText: PETSTORE_PLUS, mode: 'flagship' })).model!;
  return [
    ...emitGoSdk(model)
      .filter((f) => f.path.endsWith('.go'))
      .map((f) => `// File: ${f.path}\n${String(f.content)}`),
    `// File: internal/version.go\npackage internal\n\nconst PackageVersion = "${version}" // x-release-please-version\n`,
  ].join('\n');
}

const check = (action: ActionBody, id: string) => action.checklist.find((c) => c.id === id);

beforeAll(async () => {
  if (!HAS_GO) return;
  root = await mkdtemp(join(tmpdir(), 'report-go-remote-'));
  await mkdir(join(root, 'acme'));
  await git(['init', '-q', '--bare', join(root, 'acme', 'petstore-go.git')], root);
  service = await startTestService({
    ROLE: 'all',
    REPORT_RATE_LIMIT: '1000',
    PUBLISH_APPROVED: 'true',
    PUBLISH_GITHUB_REMOTE_BASE: `file://${root}/`,
    PUBLISH_GITHUB_BRANCH: 'main',
  });
  api = rest(service.url, (await newWorkspace(service)).token);
  const oldSdkText = await shippedGoSdkText('0.4.0');
  [{ runId: runA }, { runId: runC }] = await Promise.all([
    finishedRun(api, PETSTORE, 'Pet Store'),
    finishedRun(api, PETSTORE, 'Pet Store Go', undefined, { oldSdkText }),
  ]);
}, 300_000);
afterAll(async () => {
  await service?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

async function clone(): Promise<string> {
  const dir = await mkdtemp(join(root, 'clone-'));
  await git(['clone', '-q', '--branch', 'main', `file://${root}/acme/petstore-go.git`, 'work'], dir);
  return join(dir, 'work');
}

describe.skipIf(!HAS_GO)(
  'github registry with a Go module path: tag dry-run, go build, push to a bare repository',
  () => {
    it('the dry-run moves the module to its path and builds it; a v2 tag on a path without /v2 is blocked', async () => {
      const dry = await api.post(`/runs/${runA}/publish/dry-run`, {
        registry: 'github',
        packageName: MODULE,
        version: '2.0.0',
      });
      expect(dry.status).toBe(200);
      const action = dry.body.publishAction as ActionBody;
      expect(action.registry).toBe('github');
      expect(check(action, 'artifact_present')?.status).toBe('pass');
      expect(check(action, 'artifact_present')?.detail).toMatch(/^go-sdk/);
      expect(check(action, 'package_name')).toMatchObject({ status: 'pass', detail: MODULE });
      expect(check(action, 'package_installs'), JSON.stringify(action.checklist)).toMatchObject({ status: 'pass' });
      expect(check(action, 'package_installs')?.detail).toMatch(
        /^module github\.com\/acme\/petstore-go \(go\.mod and imports moved from github\.com\/[\w-]+\/[\w-]+\); go build \.\/\.\.\. passes \(go1\.\d+/,
      );
      expect(check(action, 'go_tag')).toMatchObject({ status: 'pass' });
      // Go's major-version rule: v2.0.0 must be published as …/v2.
      expect(action.status).toBe('blocked');
      expect(check(action, 'go_module_version')).toMatchObject({
        status: 'fail',
        detail: expect.stringContaining(`needs the module path ${MODULE}/v2`),
      });
    }, 120_000);

    it('publishes 1.0.0: the module tree on main and the tag v1.0.0; the tag is then taken', async () => {
      const requested = await api.post(`/runs/${runA}/publish/publish`, {
        registry: 'github',
        packageName: MODULE,
        version: '1.0.0',
      });
      expect(requested.status).toBe(202);
      expect(requested.body.publishAction.status, JSON.stringify(requested.body.publishAction.checklist)).toBe('ready');
      const done = await waitForAction(api, runA, requested.body.publishAction.id);
      expect(done.providerResult?.state, JSON.stringify(done.providerResult)).toBe('published');
      expect(done.providerResult?.target).toMatchObject({
        repository: 'acme/petstore-go',
        tag: 'v1.0.0',
        module: MODULE,
        goGet: `go get ${MODULE}@v1.0.0`,
      });
      const work = await clone();
      expect(await readFile(join(work, 'go.mod'), 'utf8')).toMatch(/^module github\.com\/acme\/petstore-go\n/);
      const client = await readFile(join(work, 'client.go'), 'utf8');
      expect(client).toContain(`"${MODULE}/option"`);
      expect(client).not.toMatch(/"github\.com\/(?!acme\/petstore-go)[^"]+\/option"/);
      expect((await git(['cat-file', '-t', 'v1.0.0'], work)).trim()).toBe('tag');
      expect((await git(['rev-parse', 'v1.0.0^{commit}'], work)).trim()).toBe(done.providerResult?.target?.commit);
      expect(await readFile(join(work, 'CHANGELOG.md'), 'utf8')).toMatch(/^# Changelog\n\n## 1\.0\.0 /);

      const again = await api.post(`/runs/${runA}/publish/dry-run`, {
        registry: 'github',
        packageName: MODULE,
        version: '1.0.0',
      });
      expect(again.body.publishAction.status).toBe('blocked');
      expect(check(again.body.publishAction, 'go_tag')).toMatchObject({
        status: 'fail',
        detail: expect.stringMatching(/^The tag v1\.0\.0 already exists on the remote \([0-9a-f]{12}\)/),
      });
    }, 180_000);

    it('proposes the next version from the Go compatibility diff against the shipped Go SDK (0.4.0 → 0.5.0)', async () => {
      const dry = await api.post(`/runs/${runC}/publish/dry-run`, { registry: 'github', packageName: MODULE });
      const action = dry.body.publishAction as ActionBody;
      expect(action.version).toBe('0.5.0');
      expect(check(action, 'version_proposal')?.detail).toMatch(/^0\.5\.0\. /);
      expect(check(action, 'changelog')?.detail).toContain(
        '- Removed `Pets.Get` (The endpoint get /pets/{} is not in the new description).',
      );
      expect(check(action, 'go_module_version')).toMatchObject({ status: 'pass' });
      expect(check(action, 'go_tag')).toMatchObject({ status: 'pass' });
      expect(action.status, JSON.stringify(action.checklist)).toBe('ready');
    }, 120_000);
  },
);
