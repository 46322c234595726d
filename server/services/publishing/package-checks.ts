import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Artifact } from '../../../db/models/index.ts';
import type { ChecklistEntry } from '../../../db/models/publishing-action.ts';
import {
  findExecutable,
  goModuleBuilds,
  goTagOnRemote,
  npmRegistry,
  prepareGoModule,
  REGISTRY_RANGE,
  unpackArtifact,
  writeTree,
} from '../../../workers/for-api.ts';
import { parseGoModulePath } from '../../../shared/go-module-path.ts';
import { SEMVER } from './version-syntax.ts';
import { pythonTools } from '../../../workers/for-api.ts';

// The dry-run's package check: the package a registry would receive, used the way its users will
// use it, with no network (an npm package that carries a customer's dependencies gets those, and
// only those, from the registry custom code's packages come from). Every step is a child process (async spawn with a time limit), so the
// API's event loop keeps serving while it runs; at most MAX_CONCURRENT checks run at once per
// process, the others wait their turn.

const STEP_TIMEOUT_MS = 120_000;
const MAX_CONCURRENT = 2;
/** mypy's cache (typeshed's standard library), shared with the pipeline's python_sdk check on this machine. */
const MYPY_CACHE = join(tmpdir(), 'report-service-mypy-cache');
const NODE_MODULES = join(import.meta.dirname, '..', '..', '..', 'node_modules');
/** The usage file is type-checked by the native compiler (the one the pipeline's gate uses). */
const TSC = join(NODE_MODULES, 'typescript-native', 'bin', 'tsc');
/** Nothing may be fetched: an unreachable registry, no pip index, no update checks. */
const OFFLINE_ENV = {
  npm_config_registry: 'http://127.0.0.1:9/',
  npm_config_offline: 'true',
  npm_config_ignore_scripts: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  PIP_NO_INDEX: '1',
  PIP_DISABLE_PIP_VERSION_CHECK: '1',
  PYTHONDONTWRITEBYTECODE: '1',
};

/**
 * The environment of every child process: PATH and locale only, HOME in the temp folder (no user
 * .npmrc, pip config or caches), and the offline settings. The server's own variables (registry
 * tokens, DATABASE_URL) never reach a process that runs the package's code.
 */
function childEnv(home: string): Record<string, string> {
  const keep = ['PATH', 'LANG', 'LC_ALL', 'TMPDIR', 'PYENV_ROOT', 'PYENV_VERSION'].flatMap((k) =>
    process.env[k] !== undefined ? [[k, process.env[k]!] as const] : [],
  );
  return { ...Object.fromEntries(keep), HOME: home, PIP_NO_CACHE_DIR: '1', ...OFFLINE_ENV };
}

let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(body: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await body();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

interface Ran {
  ok: boolean;
  output: string;
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
  wholeEnv?: Record<string, string>,
): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, timeout: STEP_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024, env: wholeEnv ?? { ...childEnv(cwd), ...env } },
      (error, stdout, stderr) => {
        const output = `${stdout}\n${stderr}`;
        if (!error) return resolve({ ok: true, output: stdout });
        resolve({
          ok: false,
          output: error.killed ? `timed out after ${STEP_TIMEOUT_MS / 1000} s` : output.trim() || error.message,
        });
      },
    );
  });
}

/** The last lines of a tool's output that say what went wrong, the temp folder removed. */
function why(output: string, root: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.replaceAll(root, '.').trim())
    .filter((l) => l && !/^npm (warn|notice)|^\s*at |^Node\.js v/.test(l));
  const errors = lines.filter((l) => /error|cannot|not found|failed|ERR_/i.test(l));
  return (errors.length ? errors : lines).slice(-4).join(' | ').slice(0, 800);
}

/** What the package check found: one checklist entry, pass with what was done or fail with the first stage that broke. */
function entry(id: string, label: string, stages: string[], failure?: string): ChecklistEntry {
  return failure === undefined
    ? { id, label, status: 'pass', detail: stages.join('; ') + '.' }
    : { id, label, status: 'fail', detail: `${failure}${stages.length ? ` (before that: ${stages.join('; ')})` : ''}` };
}

async function withWorkdir<T>(prefix: string, body: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  try {
    return await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The artifact's files; undefined when its bytes are not a readable archive (a missing or corrupt object throws). */
async function unpack(artifact: Artifact): Promise<Map<string, Buffer> | undefined> {
  const bytes = await artifact.readContent();
  try {
    return await unpackArtifact(bytes);
  } catch {
    return undefined;
  }
}

export interface PackageTarget {
  /** The name it would be published under; the artifact's own when absent (a GitHub repository is not an npm name). */
  packageName: string | undefined;
  /** The version it would be published under; the artifact's own when absent. */
  version: string | undefined;
}

const NPM_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
const NPM_ID = 'package_installs';
const NPM_LABEL = 'The packed package installs offline, imports (ESM and CommonJS) and type-checks';
const NPM_LABEL_WITH_DEPENDENCIES =
  'The packed package installs (its dependencies from the registry), imports (ESM and CommonJS) and type-checks';
/** The fields npm installs for a package's users (devDependencies are its own). */
const RUNTIME_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'] as const;

/** `@types/x` for `x`, `@types/scope__x` for `@scope/x` (as carry-dependencies.ts carries them). */
const typesOf = (name: string): string => `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;

/**
 * The npm packages the package declares for its users, `name@range`: our generator declares none
 * (the SDK has no runtime dependencies), so these are the ones carried with a customer's code
 * (workers/pipeline/custom-code/carry-dependencies.ts), with the `@types/*` packages it carries for
 * them as devDependencies (a TypeScript user adds them; the usage file is checked against them).
 */
function declaredDependencies(pkg: Record<string, unknown>): Declared[] {
  const out = new Map<string, Declared>();
  for (const field of RUNTIME_FIELDS) {
    const deps = pkg[field];
    if (deps && typeof deps === 'object')
      for (const [name, range] of Object.entries(deps)) out.set(name, { name, range, dev: false });
  }
  const dev = pkg.devDependencies;
  if (dev && typeof dev === 'object')
    for (const name of [...out.keys()]) {
      const types = typesOf(name);
      if (!out.has(types) && Object.hasOwn(dev, types))
        out.set(types, { name: types, range: (dev as Record<string, unknown>)[types], dev: true });
    }
  return [...out.values()];
}

interface Declared {
  name: string;
  range: unknown;
  /** A devDependency (an `@types/*` package): installed beside the packed file, as its TypeScript users add it. */
  dev: boolean;
}

/**
 * How the packed file is installed: strictly offline when it declares no dependencies (today's
 * SDK), else its dependencies from the registry custom code's packages come from (npmRegistry:
 * CUSTOM_CODE_NPM_REGISTRY, else npm's own), with lifecycle scripts still off and the package
 * itself from the packed file. Only npm gets the registry's settings (its proxy, CA, the .npmrc
 * with a mirror's token); the stages that run the package's code keep the offline environment.
 */
type InstallPlan =
  | { offline: true }
  | {
      offline: false;
      /** Every dependency, `name@range`, as the checklist says them. */
      specs: string[];
      /** What npm is given beside the packed file (the typing packages). */
      beside: string[];
      where: string;
      args: string[];
      env: Record<string, string>;
      failure: (output: string) => string;
    }
  | { offline: false; error: string };

async function installPlan(npm: string, declared: Declared[], project: string): Promise<InstallPlan> {
  if (declared.length === 0) return { offline: true };
  const foreign = declared.filter(({ range }) => typeof range !== 'string' || !REGISTRY_RANGE.test(range.trim()));
  if (foreign.length)
    return {
      offline: false,
      error: `The package declares dependencies npm would fetch from elsewhere than a registry (${foreign
        .slice(0, 5)
        .map(({ name, range }) => `${name}: ${JSON.stringify(range)}`)
        .join(', ')}): the check installs dependencies from the registry only.`,
    };
  let registry: ReturnType<typeof npmRegistry>;
  try {
    registry = npmRegistry(process.env);
  } catch (error) {
    return {
      offline: false,
      error: `The registry for the package's dependencies is misconfigured: ${(error as Error).message}.`,
    };
  }
  const spec = ({ name, range }: Declared) => `${name}@${String(range).trim()}`;
  const specs = declared.map(spec);
  const { npm_config_offline: _offline, npm_config_registry: _nowhere, ...offline } = childEnv(project);
  const env = { ...offline, ...registry.env };
  let where = registry.url;
  if (!where) {
    const asked = await run(npm, ['config', 'get', 'registry'], project, {}, env);
    where = asked.ok && /^https?:\/\//.test(asked.output.trim()) ? asked.output.trim() : registry.where;
  }
  // A registry URL may hold a user and password: the checklist names the host only.
  if (/^https?:\/\//.test(where)) {
    const url = new URL(where);
    url.username = '';
    url.password = '';
    where = url.href;
  }
  return {
    offline: false,
    specs,
    beside: declared.filter((d) => d.dev).map(spec),
    where,
    args: registry.fetchArgs,
    env,
    failure: (output) =>
      `its dependencies ${specs.join(', ')} could not be installed: ${registry.failure(output, output.startsWith('timed out after'))}`,
  };
}

/**
 * The npm package as its users get it: the artifact with the name and version it would be
 * published under, `npm pack`ed (lifecycle scripts off, so only what the artifact holds ships),
 * the packed file installed into a clean temp project offline (or, when it carries a customer's
 * dependencies, with those from the registry: installPlan), imported with `import` and with
 * `require`, and a usage file type-checked against its declarations with tsc (ESM and CommonJS).
 */
export async function npmPackageCheck(artifact: Artifact, target: PackageTarget): Promise<ChecklistEntry> {
  const npm = findExecutable('npm');
  if (!npm)
    return entry(NPM_ID, NPM_LABEL, [], 'npm is not installed on this server, so the package could not be checked.');
  const files = await unpack(artifact);
  if (!files) return entry(NPM_ID, NPM_LABEL, [], `The ${artifact.kind} artifact could not be unpacked.`);
  const manifest = files.get('package.json');
  if (!manifest) return entry(NPM_ID, NPM_LABEL, [], 'The artifact has no package.json.');
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(manifest.toString('utf8')) as Record<string, unknown>;
  } catch {
    return entry(NPM_ID, NPM_LABEL, [], "The artifact's package.json is not JSON.");
  }
  const declared = declaredDependencies(pkg);
  const label = declared.length ? NPM_LABEL_WITH_DEPENDENCIES : NPM_LABEL;
  // A name npm would refuse fails the name check; the package is then checked under its own name.
  const ownName = typeof pkg.name === 'string' ? pkg.name : '';
  const packageName =
    target.packageName !== undefined && target.packageName.length <= 214 && NPM_NAME.test(target.packageName)
      ? target.packageName
      : ownName;
  files.set(
    'package.json',
    Buffer.from(
      `${JSON.stringify({ ...pkg, name: packageName, ...(target.version !== undefined && SEMVER.test(target.version) ? { version: target.version } : {}) }, null, 2)}\n`,
    ),
  );
  return await limited(() =>
    withWorkdir('report-dry-run-npm-', async (work) => {
      const stages: string[] = [];
      const source = await writeTree(
        [...files].map(([path, content]) => ({ path: `package/${path}`, content })),
        'report-dry-run-src-',
      );
      try {
        const packed = await run(npm, ['pack', '--json', '--pack-destination', work], join(source, 'package'));
        if (!packed.ok) return entry(NPM_ID, label, stages, `npm pack failed: ${why(packed.output, source)}`);
        const [info] = JSON.parse(packed.output) as Array<{
          filename: string;
          entryCount: number;
          size: number;
          files: { path: string }[];
        }>;
        if (!info) return entry(NPM_ID, label, stages, 'npm pack wrote nothing.');
        stages.push(`packed ${info.filename} (${info.entryCount} files, ${info.size} bytes)`);
        const shipped = new Set(info.files.map((f) => f.path));
        const missing = packageTargets(pkg).filter((p) => !shipped.has(p));
        if (missing.length)
          return entry(
            NPM_ID,
            label,
            stages,
            `The packed package lacks ${missing.slice(0, 5).join(', ')}, which its package.json points at: users would get ERR_MODULE_NOT_FOUND (the artifact has no built dist/).`,
          );
      } finally {
        await rm(source, { recursive: true, force: true });
      }
      const project = join(work, 'project');
      await mkdir(project);
      await writeFile(
        join(project, 'package.json'),
        JSON.stringify({ name: 'dry-run-consumer', version: '1.0.0', private: true }),
      );
      const tarball = (await readdir(work)).find((n) => n.endsWith('.tgz'))!;
      const plan = await installPlan(npm, declared, project);
      if ('error' in plan) return entry(NPM_ID, label, stages, plan.error);
      const cache = ['--cache', join(work, 'cache')];
      if (plan.offline) {
        const installed = await run(npm, ['install', ...cache, join(work, tarball)], project);
        if (!installed.ok)
          return entry(
            NPM_ID,
            label,
            stages,
            `npm install of the packed file into a clean project (offline) failed: ${why(installed.output, work)}`,
          );
        stages.push('installed offline into a clean project');
      } else {
        // The packed file and the typing packages in one install, so npm resolves them together.
        const installed = await run(
          npm,
          ['install', ...cache, ...plan.args, join(work, tarball), ...plan.beside],
          project,
          {},
          plan.env,
        );
        if (!installed.ok)
          return entry(
            NPM_ID,
            label,
            stages,
            `npm install of the packed file into a clean project failed: ${plan.failure(installed.output)}`,
          );
        stages.push(`installed into a clean project; its dependencies ${plan.specs.join(', ')} from ${plan.where}`);
      }
      const name = JSON.stringify(packageName);
      const esm = await run(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import Client from ${name};\nif (typeof Client !== 'function') throw new Error('the default export is ' + typeof Client + ', not the client class');`,
        ],
        project,
      );
      if (!esm.ok)
        return entry(
          NPM_ID,
          label,
          stages,
          `import ${packageName} (ESM, Node ${process.version}) failed: ${why(esm.output, work)}`,
        );
      const cjs = await run(
        process.execPath,
        [
          '-e',
          `const m = require(${name});\nif (typeof m.default !== 'function') throw new Error('require() gives no client class');`,
        ],
        project,
      );
      if (!cjs.ok)
        return entry(
          NPM_ID,
          label,
          stages,
          `require(${name}) (CommonJS, Node ${process.version}) failed: ${why(cjs.output, work)}`,
        );
      stages.push(`import and require work on Node ${process.version}`);
      await writeFile(
        join(project, 'usage.mts'),
        `import Client from ${name};\nexport const client: Client = new Client({ baseURL: 'http://127.0.0.1:9' });\n`,
      );
      await writeFile(
        join(project, 'usage.cts'),
        `import sdk = require(${name});\nexport const client: InstanceType<typeof sdk.default> = new sdk.default({ baseURL: 'http://127.0.0.1:9' });\n`,
      );
      await writeFile(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            module: 'nodenext',
            target: 'es2022',
            lib: ['es2022', 'dom'],
            types: [],
            noEmit: true,
            skipLibCheck: false,
          },
          files: ['usage.mts', 'usage.cts'],
        }),
      );
      const typed = await run(process.execPath, [TSC, '-p', 'tsconfig.json'], project);
      if (!typed.ok)
        return entry(
          NPM_ID,
          label,
          stages,
          `A usage file does not type-check against the installed package: ${why(typed.output, work)}`,
        );
      stages.push('a usage file type-checks against its declarations (tsc --strict, ESM and CommonJS)');
      return entry(NPM_ID, label, stages);
    }),
  );
}

/** The files a package.json points users at (main, types, bin, exports), as npm lists them (no `./`). */
function packageTargets(pkg: Record<string, unknown>): string[] {
  const out = new Set<string>();
  const add = (value: unknown): void => {
    if (typeof value === 'string') {
      if (!value.includes('*')) out.add(value.replace(/^\.\//, ''));
    } else if (value && typeof value === 'object') for (const v of Object.values(value)) add(v);
  };
  add(pkg.main);
  add(pkg.types);
  add(pkg.bin);
  add(pkg.exports);
  return [...out].sort();
}

const PY_ID = 'package_installs';
const PY_LABEL = 'The wheel installs offline into a fresh venv, imports and type-checks';

/**
 * The Python package as its users get it: the wheel and sdist the pipeline built (python -m build)
 * must be in the artifact and pass `twine check --strict`; the wheel is installed into a fresh
 * virtual environment with `pip --no-index`, imported, and a usage file is type-checked with mypy
 * against the installed package.
 */
export async function pythonPackageCheck(artifact: Artifact, target: PackageTarget): Promise<ChecklistEntry> {
  const python = findExecutable('python3');
  const { twine, mypy } = pythonTools();
  const missing = [python ? '' : 'python3', twine ? '' : 'twine', mypy ? '' : 'mypy'].filter(Boolean);
  if (!python || !twine || !mypy)
    return entry(
      PY_ID,
      PY_LABEL,
      [],
      `${missing.join(', ')} not installed on this server, so the package could not be checked.`,
    );
  const files = await unpack(artifact);
  if (!files) return entry(PY_ID, PY_LABEL, [], `The ${artifact.kind} artifact could not be unpacked.`);
  const wheel = [...files.keys()].find((p) => /^dist\/[^/]+-py3-none-any\.whl$/.test(p));
  const sdist = [...files.keys()].find((p) => /^dist\/[^/]+\.tar\.gz$/.test(p));
  if (!wheel || !sdist)
    return entry(
      PY_ID,
      PY_LABEL,
      [],
      `The artifact has no ${wheel ? '' : 'wheel'}${!wheel && !sdist ? ' and no ' : ''}${sdist ? '' : 'sdist'} in dist/ (the python_sdk step builds them with python -m build; see its summary): there is nothing to upload.`,
    );
  const moduleDir = [...files.keys()]
    .map((p) => /^src\/([A-Za-z_][A-Za-z0-9_]*)\/__init__\.py$/.exec(p)?.[1])
    .find((m) => m !== undefined);
  const init = moduleDir ? files.get(`src/${moduleDir}/__init__.py`)?.toString('utf8') : undefined;
  const clientClass = init
    ? /^from \._client import ENVIRONMENTS, ([A-Za-z_][A-Za-z0-9_]*)$/m.exec(init)?.[1]
    : undefined;
  if (!moduleDir || !clientClass)
    return entry(PY_ID, PY_LABEL, [], 'The artifact has no src/<module>/__init__.py exporting a client class.');
  return await limited(() =>
    withWorkdir('report-dry-run-py-', async (work) => {
      const stages: string[] = [];
      await mkdir(join(work, 'dist'));
      for (const path of [wheel, sdist]) await writeFile(join(work, path), files.get(path)!);
      const wheelVersion = /^dist\/[^-]+-([^-]+)-/.exec(wheel)?.[1];
      const checked = await run(twine, ['check', '--strict', wheel, sdist], work, { NO_COLOR: '1' });
      if (!checked.ok)
        return entry(
          PY_ID,
          PY_LABEL,
          stages,
          `twine check --strict refused the files: ${why(checked.output.replace(/\u001b\[[0-9;]*m/g, ''), work)}`,
        );
      stages.push(`${wheel.slice(5)} and ${sdist.slice(5)} pass twine check --strict`);
      const venv = join(work, 'venv');
      const venvPython = join(venv, 'bin', 'python');
      // The venv gets no pip of its own when python3 has one that can install into it (pip --python):
      // seeding pip into every venv takes most of the check's time.
      const hostPip = (await run(python, ['-m', 'pip', '--version'], work)).ok;
      const made = await run(python, ['-m', 'venv', ...(hostPip ? ['--without-pip'] : []), venv], work);
      if (!made.ok)
        return entry(
          PY_ID,
          PY_LABEL,
          stages,
          `python3 -m venv failed (is python3-venv installed?): ${why(made.output, work)}`,
        );
      const pip = hostPip
        ? ([python, ['-m', 'pip', '--python', venvPython]] as const)
        : ([venvPython, ['-m', 'pip']] as const);
      const installed = await run(pip[0], [...pip[1], 'install', '--no-index', '--no-deps', join(work, wheel)], work);
      if (!installed.ok)
        return entry(
          PY_ID,
          PY_LABEL,
          stages,
          `pip install of the wheel into a fresh venv (offline) failed: ${why(installed.output, work)}`,
        );
      stages.push('the wheel installs offline into a fresh venv');
      const imported = await run(
        venvPython,
        ['-I', '-c', `import ${moduleDir}\nprint(${moduleDir}.__version__)`],
        work,
      );
      if (!imported.ok)
        return entry(PY_ID, PY_LABEL, stages, `import ${moduleDir} failed: ${why(imported.output, work)}`);
      stages.push(`import ${moduleDir} works (version ${imported.output.trim()})`);
      await writeFile(
        join(work, 'usage.py'),
        `from ${moduleDir} import ${clientClass}\n\n\ndef make_client() -> ${clientClass}:\n    return ${clientClass}(base_url="http://127.0.0.1:9")\n`,
      );
      const typed = await run(
        mypy,
        [
          '--strict',
          '--cache-dir',
          MYPY_CACHE,
          '--follow-imports=silent',
          '--python-executable',
          venvPython,
          'usage.py',
        ],
        work,
      );
      if (!typed.ok)
        return entry(
          PY_ID,
          PY_LABEL,
          stages,
          `A usage file does not type-check against the installed package (mypy --strict): ${why(typed.output, work)}`,
        );
      stages.push('a usage file type-checks against it (mypy --strict)');
      if (target.version !== undefined && wheelVersion !== undefined && wheelVersion !== target.version)
        stages.push(`note: the files carry version ${wheelVersion}, not ${target.version}`);
      return entry(PY_ID, PY_LABEL, stages);
    }),
  );
}

const GO_ID = 'package_installs';
const GO_LABEL = 'The packed module builds offline (go build ./...)';

export interface GoModuleTarget {
  /** The module path it is published as (`github.com/acme/petstore-go`, `/vN` from v2). */
  modulePath: string;
  /** The version whose tag `v<version>` would be pushed. */
  version: string | undefined;
  /** The github connection: `<remoteBase><owner>/<repo>.git`, the token for https remotes. */
  remoteBase: string;
  token: string | undefined;
}

/**
 * The Go module as its users get it: the go_sdk artifact moved to the module path it is published
 * as (go.mod and every import), with the CHANGELOG the publish adds, built with `go build ./...`
 * (GOPROXY=off: the module has no dependencies to fetch); its remote is where `go get` looks for
 * that path; and the tag `v<version>` is not on the remote yet (a published Go version never moves).
 */
export async function goModuleCheck(artifact: Artifact, target: GoModuleTarget): Promise<ChecklistEntry[]> {
  const files = await unpack(artifact);
  if (!files) return [entry(GO_ID, GO_LABEL, [], `The ${artifact.kind} artifact could not be unpacked.`)];
  const parsed = parseGoModulePath(target.modulePath);
  if (!parsed) return []; // the package_name check fails already
  const prepared = prepareGoModule(files, target.modulePath);
  if (typeof prepared === 'string') return [entry(GO_ID, GO_LABEL, [], prepared)];
  prepared.set('CHANGELOG.md', Buffer.from('# Changelog\n'));
  const remote = `${target.remoteBase}${parsed.owner}/${parsed.repo}.git`;
  const entries: ChecklistEntry[] = [];
  let remoteHost: string | undefined;
  try {
    const url = new URL(remote);
    remoteHost = url.protocol === 'file:' ? undefined : url.hostname;
  } catch {
    remoteHost = undefined;
  }
  if (remoteHost !== undefined && remoteHost !== parsed.host)
    entries.push({
      id: 'go_module_remote',
      label: 'The remote is where Go looks for the module',
      status: 'fail',
      detail: `go get ${target.modulePath} fetches from ${parsed.host}, but this service pushes to ${remoteHost} (PUBLISH_GITHUB_REMOTE_BASE): use a module path on ${remoteHost}.`,
    });
  const [built, tag] = await limited(() =>
    Promise.all([
      goModuleBuilds(prepared, STEP_TIMEOUT_MS),
      target.version === undefined
        ? undefined
        : goTagOnRemote({ remote, tag: `v${target.version}`, token: target.token, timeoutMs: STEP_TIMEOUT_MS }),
    ]),
  );
  const moved = files
    .get('go.mod')
    ?.toString('utf8')
    .match(/^module\s+(\S+)/m)?.[1];
  const stages = [
    moved === target.modulePath
      ? `module ${target.modulePath}`
      : `module ${target.modulePath} (go.mod and imports moved from ${moved})`,
  ];
  entries.push(
    built.ok ? entry(GO_ID, GO_LABEL, [...stages, built.detail]) : entry(GO_ID, GO_LABEL, stages, built.detail),
  );
  entries.push(
    tag === undefined
      ? {
          id: 'go_tag',
          label: 'The version tag is free on the remote',
          status: 'warn',
          detail: 'No version given or proposed: no tag to check.',
        }
      : {
          id: 'go_tag',
          label: 'The version tag is free on the remote',
          status: tag.ok ? 'pass' : 'fail',
          detail: tag.ok ? `v${target.version} is not on ${remote} yet.` : tag.detail,
        },
  );
  return entries;
}

/** The text of a file in a stored artifact (for the dry-run's version proposal), if present. */
export async function artifactFileText(artifact: Artifact, path: string): Promise<string | undefined> {
  const files = await unpack(artifact);
  return files?.get(path)?.toString('utf8');
}
