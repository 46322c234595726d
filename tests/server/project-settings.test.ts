// A project's settings (docs/web-app.md: Project settings) through the API and the real worker:
// saved with PATCH /api/projects/{projectId} by roles that may edit the project, and used by its
// runs: package names over the run's config (flagship and partner), the names of the first run
// kept when the description's title changes, targets turned off skipped, the default config, and
// the name and version a publishing dry-run checks. Runs here turn the generating targets off so
// that they take seconds: the names come from the API model, which every run builds.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Project, type Run, RunInput } from '../../db/models/index.ts';
import { newId } from '../../shared/ids.ts';
import type { CreatedWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { PETSTORE, expectTrpcError, rest, trpc } from '../setup/http.ts';
import { waitForRun } from '../setup/runs.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { addMember, newWorkspace } from '../setup/workspace.ts';

let service: TestService;
let ws: CreatedWorkspace;

/** Every generating target off: a run validates, builds the model and skips the rest. */
const ALL_OFF = { typescript: false, python: false, go: false, cli: false, mcp: false, docs: false };

const STAINLESS = `organization:
  name: acme
targets:
  typescript:
    package_name: '@acme-corp/petstore'
  python:
    project_name: acme-petstore
    package_name: acme_petstore
resources:
  pets:
    methods:
      list: get /pets
`;

async function start(body: Record<string, unknown>): Promise<{ runId: string; projectId: string }> {
  const res = await rest(service.url, ws.token).post('/reports/start', { openapiText: PETSTORE, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return { runId: res.body.run.id, projectId: res.body.project.id };
}

async function finished(runId: string): Promise<Run> {
  const run = await waitForRun(runId, 120_000);
  expect(['ready', 'complete'], `${run.status}: ${JSON.stringify(run.steps)}`).toContain(run.status);
  return run;
}

/** A project whose runs skip every generating target (written directly, as tests/setup/workspace.ts writes members). */
async function quietProject(name: string, mode: 'flagship' | 'partner_compatible' = 'flagship'): Promise<string> {
  const project = await Project.create({
    id: newId('proj'),
    orgId: ws.organization.id,
    name,
    mode,
    status: 'created',
    settings: { targets: ALL_OFF },
  });
  return project.id;
}

async function patchSettings(projectId: string, settings: unknown, token = ws.token) {
  return await rest(service.url, token).patch(`/projects/${projectId}`, { settings });
}

beforeAll(async () => {
  service = await startTestService({ REPORT_RATE_LIMIT: '1000' });
  ws = await newWorkspace(service);
});
afterAll(async () => service?.stop());

describe('PATCH /api/projects/{projectId} settings', () => {
  it('saves, reads back (REST and tRPC), validates names and is left out of lists', async () => {
    const projectId = await quietProject('Saved settings');
    const settings = {
      packages: { typescript: '@acme/pets', python: 'acme-pets', go: 'github.com/acme/pets-go', mcp: '@acme/pets-mcp' },
      versions: { typescript: '1.2.0', python: '1.2.0' },
      targets: { go: false, docs: true },
      defaultConfigText: 'client_name: Pets\n',
    };
    const saved = await patchSettings(projectId, settings);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.project.settings).toEqual(settings);
    expect((await rest(service.url, ws.token).get(`/projects/${projectId}`)).body.project.settings).toEqual(settings);
    const viaTrpc = await trpc(service.url, ws.token).projects.get.query({ projectId });
    expect(viaTrpc.project.settings).toEqual(settings);
    const list = await rest(service.url, ws.token).get('/projects');
    expect(list.body.projects.find((p: { id: string }) => p.id === projectId)).not.toHaveProperty('settings');

    const bad = await patchSettings(projectId, { packages: { typescript: 'Not A Name' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_request');
    expect(bad.body.message).toContain('settings.packages.typescript');
    expect((await patchSettings(projectId, { targets: { rust: true } })).status).toBe(400);
    expect((await patchSettings(projectId, { versions: { python: 'soon' } })).status).toBe(400);

    // `{}` clears them.
    const cleared = await patchSettings(projectId, {});
    expect(cleared.status).toBe(200);
    expect(cleared.body.project).not.toHaveProperty('settings');
  });

  it('only roles that may edit the project change settings: a viewer gets 403, an editor 200', async () => {
    const projectId = await quietProject('Roles');
    const viewer = await addMember(ws.organization.id, 'viewer');
    const editor = await addMember(ws.organization.id, 'editor');
    const refused = await patchSettings(projectId, { targets: { go: false } }, viewer.token);
    expect(refused.status).toBe(403);
    await expectTrpcError(
      trpc(service.url, viewer.token).projects.update.mutate({ projectId, settings: { targets: { go: false } } }),
      'insufficient_scope',
      403,
    );
    expect((await patchSettings(projectId, { targets: { go: false } }, editor.token)).status).toBe(200);
    // Another workspace's project does not exist for this one.
    const other = await newWorkspace(service, 'Other');
    expect((await patchSettings(projectId, { targets: { go: false } }, other.token)).status).toBe(404);
  });
});

describe('runs use the settings', () => {
  it("a flagship project keeps its first run's names when the title changes; settings override; targets off are skipped", async () => {
    const projectId = await quietProject('Stable names');
    const first = await start({ projectId });
    const run1 = await finished(first.runId);
    expect(run1.inputSummary.packages).toMatchObject({ typescript: 'petstore', python: 'petstore' });
    for (const step of ['typescript_sdk', 'python_sdk', 'go_sdk', 'cli', 'mcp_server', 'docs'])
      expect(run1.steps.find((s) => s.name === step)).toMatchObject({
        status: 'skipped',
        summary: "turned off in the project's settings",
      });
    expect(run1.steps.find((s) => s.name === 'validate')?.status).toBe('passed');
    const project = await rest(service.url, ws.token).get(`/projects/${projectId}`);
    expect(project.body.project.packagesInUse).toMatchObject({ python: 'petstore', pythonModule: 'petstore' });

    // The description's title changes: the Python package does not.
    const renamed = await start({
      projectId,
      openapiText: PETSTORE.replace('title: Petstore', 'title: Pet Shop Deluxe'),
    });
    const run2 = await finished(renamed.runId);
    expect(run2.inputSummary.packages).toMatchObject({
      typescript: 'petstore',
      python: 'petstore',
      pythonModule: 'petstore',
    });

    // Settings name the packages: they win, and the npm dry-run checks that name and version.
    expect(
      (
        await patchSettings(projectId, {
          targets: ALL_OFF,
          packages: { typescript: '@acme/pets', python: 'acme-pets' },
          versions: { typescript: '2.0.0' },
        })
      ).status,
    ).toBe(200);
    const named = await start({ projectId });
    const run3 = await finished(named.runId);
    expect(run3.inputSummary.packages).toMatchObject({
      typescript: '@acme/pets',
      python: 'acme-pets',
      pythonModule: 'acme_pets',
    });
    const dry = await rest(service.url, ws.token).post(`/runs/${run3.id}/publish/dry-run`, { registry: 'npm' });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.publishAction).toMatchObject({ packageName: '@acme/pets', version: '2.0.0' });
    const pypi = await rest(service.url, ws.token).post(`/runs/${run3.id}/publish/dry-run`, { registry: 'pypi' });
    expect(pypi.body.publishAction.packageName).toBe('acme-pets');
  });

  it('a partner run takes the names of its stainless.yml (the dry-run checks the scoped name) unless the project overrides', async () => {
    const projectId = await quietProject('Partner names', 'partner_compatible');
    const first = await start({ projectId, mode: 'partner_compatible', configText: STAINLESS });
    const run1 = await finished(first.runId);
    expect(run1.inputSummary.packages).toMatchObject({ typescript: '@acme-corp/petstore', python: 'acme-petstore' });
    const dry = await rest(service.url, ws.token).post(`/runs/${run1.id}/publish/dry-run`, { registry: 'npm' });
    expect(dry.body.publishAction.packageName).toBe('@acme-corp/petstore');

    expect(
      (await patchSettings(projectId, { targets: ALL_OFF, packages: { typescript: '@acme-corp/petstore-next' } }))
        .status,
    ).toBe(200);
    const second = await start({ projectId, mode: 'partner_compatible', configText: STAINLESS });
    const run2 = await finished(second.runId);
    expect(run2.inputSummary.packages).toMatchObject({
      typescript: '@acme-corp/petstore-next',
      python: 'acme-petstore',
    });
  });

  it("a partner run builds the SDKs its stainless.yml lists under targets; the project's settings turn another on", async () => {
    // The stainless.yml lists typescript and python: Go is not built; the CLI, not listed either,
    // is turned on by the project. Turned-off steps are not applicable: they ask for no review.
    const projectId = await quietProject('Partner targets', 'partner_compatible');
    expect(
      (
        await patchSettings(projectId, {
          targets: { typescript: false, python: false, mcp: false, docs: false, cli: true },
        })
      ).status,
    ).toBe(200);
    const started = await start({ projectId, mode: 'partner_compatible', configText: STAINLESS });
    const run = await finished(started.runId);
    const step = (name: string) => run.steps.find((s) => s.name === name);
    expect(step('go_sdk')).toMatchObject({ status: 'skipped', counts: { notApplicable: 1 } });
    expect(step('go_sdk')?.summary).toMatch(/does not list `go` under targets \(it lists typescript, python\)/);
    expect(step('python_sdk')).toMatchObject({ status: 'skipped', summary: "turned off in the project's settings" });
    expect(step('cli')?.status, JSON.stringify(step('cli'))).toBe('passed');
    // wire_tests ran the one SDK built: the CLI.
    const wire = step('wire_tests');
    expect(wire?.counts, JSON.stringify(wire)).toHaveProperty('cliPassed');
    expect(Object.keys(wire?.counts ?? {}).filter((k) => k.endsWith('Passed'))).toEqual(['cliPassed']);
    expect(wire?.summary).toMatch(/not tested, not built in this run: typescript, mcp, python, go$/);
  }, 240_000);

  it("a dry-run of a run recorded before runs kept their names checks the name in the run's package, not <slug>-sdk", async () => {
    const projectId = await quietProject('Old names', 'partner_compatible');
    expect(
      (await patchSettings(projectId, { targets: { python: false, go: false, cli: false, mcp: false, docs: false } }))
        .status,
    ).toBe(200);
    const started = await start({ projectId, mode: 'partner_compatible', configText: STAINLESS });
    const run = await finished(started.runId);
    expect(run.steps.find((s) => s.name === 'typescript_sdk')?.status).toBe('passed');
    // As such a run was recorded: no names on the run, none on the project, no settings naming them.
    await run.update({ inputSummary: { ...run.inputSummary, packages: undefined } });
    await Project.update({ packagesInUse: null, settings: {} }, { where: { id: projectId } });
    const dry = await rest(service.url, ws.token).post(`/runs/${run.id}/publish/dry-run`, { registry: 'npm' });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.publishAction.packageName).toBe('@acme-corp/petstore');
  }, 240_000);

  it("a flagship start without a config uses the project's default config", async () => {
    const projectId = await quietProject('Default config');
    const defaultConfigText = 'client_name: Menagerie\npackages:\n  typescript: menagerie-js\n';
    expect((await patchSettings(projectId, { targets: ALL_OFF, defaultConfigText })).status).toBe(200);
    const second = await start({ projectId });
    const run = await finished(second.runId);
    expect(run.inputSummary).toMatchObject({ projectDefaultConfig: true });
    expect(run.inputSummary.packages?.typescript).toBe('menagerie-js');
    const input = await RunInput.findByPk(run.inputId as string);
    expect((await input!.readTexts()).configText).toBe(defaultConfigText);
    // A start that sends its own config keeps it.
    const own = await start({ projectId, configText: 'client_name: Own\npackages:\n  typescript: own-js\n' });
    const ownRun = await finished(own.runId);
    expect(ownRun.inputSummary.projectDefaultConfig).toBeUndefined();
    expect(ownRun.inputSummary.packages?.typescript).toBe('own-js');
  });
});
