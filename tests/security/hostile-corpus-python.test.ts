// The hostile-description corpus (tests/fixtures/hostile/cases.ts) through the Python SDK generator
// (hostile-corpus.test.ts does TypeScript, the CLI and docs; the two files run in parallel): every
// package is written where its own paths say (safe, also once packed), passes `python3 -m
// compileall` and ONE `mypy --strict` run over all cases, has a pyproject.toml of the generator's
// making, has no injected code in its syntax tree, and imports and runs every method against a
// local HTTP server without running anything from the description.

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_FILE, HOSTILE_CASES } from '../fixtures/hostile/cases.ts';
import {
  errorsByPackage,
  MYPY,
  PYTHON,
  run,
  runMypy,
  SHARED_RUNTIME,
  shareRuntime,
} from '../workers/generators/python/helpers.ts';
import { generateAll, packedEntries, treeProblems, type CaseResult, type GeneratedFile } from './hostile-pipeline.ts';

const PER_CASE_MS = 20_000;
const reason =
  MYPY === undefined
    ? 'the pinned mypy is not set up (npm run setup:python-tools)'
    : PYTHON === undefined
      ? 'python3 is not on PATH'
      : undefined;
if (reason !== undefined)
  console.warn(`\n!!! Hostile corpus, Python SDK checks SKIPPED: ${reason}. Only paths and crashes are checked.\n`);

let results: CaseResult[] = [];
const root = mkdtempSync(join(tmpdir(), 'hostile-corpus-py-'));
/** Packages written for the tools: case name -> [src dir, module name]. */
const packages = new Map<string, [string, string]>();

beforeAll(async () => {
  rmSync(CANARY_FILE, { force: true });
  results = await generateAll(['python'], PER_CASE_MS);
}, 900_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const pythonPackages = (): [string, GeneratedFile[]][] =>
  results.flatMap((r) => (r.files.python !== undefined ? [[r.name, r.files.python] as [string, GeneratedFile[]]] : []));

/** The generated module name: the one directory under `src/`. */
const moduleOf = (files: readonly GeneratedFile[]): string =>
  files.find((f) => f.path.startsWith('src/') && f.path.endsWith('/__init__.py'))?.path.split('/')[1] ?? '';

describe('the hostile corpus, Python SDK', () => {
  it('generates a package for every case with a model, in bounded time and without a crash', () => {
    const failures: string[] = [];
    for (const c of HOSTILE_CASES) {
      const r = results.find((x) => x.name === c.name) as CaseResult;
      if (r.hung) failures.push(`${c.name}: did not finish within ${PER_CASE_MS} ms (stopped in ${r.hungIn ?? '?'})`);
      else if (r.crashes.python !== undefined || r.crashes.analyze !== undefined)
        failures.push(`${c.name}: ${r.crashes.python ?? r.crashes.analyze}`);
      else if (c.model && r.files.python === undefined) failures.push(`${c.name}: no package`);
    }
    expect(failures).toEqual([]);
    expect(pythonPackages().length).toBeGreaterThanOrEqual(40);
  });

  it('keeps every path relative, normalized and inside the package, also inside the packed .tar.gz', async () => {
    const failures: string[] = [];
    for (const [name, files] of pythonPackages()) {
      const problems = treeProblems(files);
      failures.push(...problems.map((p) => `${name}: ${p}`));
      if (problems.length > 0) continue;
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(moduleOf(files)))
        failures.push(`${name}: module ${JSON.stringify(moduleOf(files))}`);
      const entries = await packedEntries(`${name}-python`, files);
      for (const entry of entries)
        if (entry.type !== 'file' || treeProblems([{ path: entry.name, content: '' }]).length > 0)
          failures.push(`${name}: packed entry ${entry.type} ${JSON.stringify(entry.name)}`);
      expect(entries.map((e) => e.name).sort()).toEqual(files.map((f) => f.path).sort());
    }
    expect(failures).toEqual([]);
  });

  describe.skipIf(reason !== undefined)('with python3 and mypy', () => {
    beforeAll(() => {
      // Each package under its own directory; the module renamed to `hostile_<n>` so that one mypy
      // run can check them all (generated code imports its own package only relatively, and the
      // identical runtime files are checked once, as in the corpus suites).
      for (const [i, [name, files]] of pythonPackages().entries()) {
        if (treeProblems(files).length > 0) continue;
        const from = `src/${moduleOf(files)}/`;
        const module = `hostile_${i}`;
        const renamed = files.map((f) =>
          f.path.startsWith(from) ? { path: `src/${module}/${f.path.slice(from.length)}`, content: f.content } : f,
        );
        const dir = join(root, 'p', name);
        for (const file of shareRuntime(join(root, 'p'), renamed)) {
          mkdirSync(join(dir, file.path, '..'), { recursive: true });
          writeFileSync(join(dir, file.path), file.content);
        }
        // The runtime check imports the real package (with its own runtime copy) from here.
        for (const file of renamed) {
          mkdirSync(join(root, 'run', name, file.path, '..'), { recursive: true });
          writeFileSync(join(root, 'run', name, file.path), file.content);
        }
        packages.set(name, [join(dir, 'src'), module]);
      }
    });

    it('every package passes python3 -m compileall and mypy --strict (ONE mypy run for all cases)', async () => {
      const srcDirs = [...packages.values()].map(([dir]) => dir);
      const compiled = await run(PYTHON as string, ['-m', 'compileall', '-q', join(root, 'p')], { timeoutMs: 300_000 });
      const started = performance.now();
      const mypy = await runMypy([join(root, 'p', 'runtime', 'src'), ...srcDirs], join(root, '.mypy_cache'), [
        SHARED_RUNTIME,
      ]);
      const byPackage = errorsByPackage(mypy.output, srcDirs);
      const failing = [...packages].filter(([, [dir]]) => byPackage.has(dir) || compiled.output.includes(dir));
      console.log(
        `hostile corpus: ${packages.size - failing.length}/${packages.size} Python packages pass compileall + mypy --strict (mypy ${Math.round(performance.now() - started)} ms)`,
      );
      for (const [name, [dir]] of failing.slice(0, 10))
        console.log(
          `  FAIL ${name}\n    ${(byPackage.get(dir) ?? [compiled.output.slice(0, 500)]).slice(0, 5).join('\n    ')}`,
        );
      expect(compiled.code, compiled.output.slice(0, 3000)).toBe(0);
      expect(
        mypy.output
          .split('\n')
          .filter((l) => /error:/.test(l))
          .slice(0, 20),
      ).toEqual([]);
      expect(mypy.code).toBe(0);
      expect(packages.size).toBeGreaterThanOrEqual(40);
    }, 900_000);

    it('never turns description text into Python code (syntax tree check) and writes pyproject.toml as data', async () => {
      const script = join(root, 'ast_check.py');
      writeFileSync(script, AST_CHECK);
      const args = [...packages].map(([name, [dir, module]]) => `${name}=${join(dir, '..')}=${module}`);
      const result = await run(PYTHON as string, ['-I', script, ...args], { timeoutMs: 120_000 });
      expect(result.code, result.output.slice(0, 3000)).toBe(0);
      const report = JSON.parse(result.output) as { problems: string[]; files: number };
      expect(report.problems).toEqual([]);
      expect(report.files).toBeGreaterThan(packages.size * 5);
    }, 180_000);

    it('imports every package and module and calls every method against a local server: nothing from the description runs, requests stay under the base URL', async () => {
      const script = join(root, 'exercise.py');
      writeFileSync(script, EXERCISE);
      const args = [...packages].map(([name]) => `${name}=${join(root, 'run', name, 'src')}`);
      const result = await run(PYTHON as string, ['-I', script, ...args], { timeoutMs: 300_000, cwd: root });
      expect(result.code, result.output.slice(-3000)).toBe(0);
      const report = JSON.parse(result.output.slice(result.output.lastIndexOf('\n{"') + 1)) as {
        pwned: boolean;
        system: string[];
        canary: boolean;
        cases: Record<
          string,
          {
            imported: boolean;
            errors: string[];
            methods: number;
            calls: number;
            requests: { path: string; headers: string[] }[];
          }
        >;
        injectedHeaders: string[];
      };
      const failures: string[] = [];
      if (report.pwned) failures.push('builtins.__pwned was set');
      if (report.system.length > 0) failures.push(`os.system / subprocess was called: ${report.system.join(' | ')}`);
      if (report.canary || existsSync(CANARY_FILE)) failures.push(`${CANARY_FILE} was created`);
      if (report.injectedHeaders.length > 0) failures.push(`headers injected: ${report.injectedHeaders.join(', ')}`);
      for (const [name, entry] of Object.entries(report.cases)) {
        if (!entry.imported || entry.errors.length > 0) failures.push(`${name}: ${entry.errors.join(' | ')}`);
        for (const request of entry.requests) {
          const path = request.path.split('?')[0] as string;
          if (!path.startsWith('/base/') || path.split('/').some((s) => s === '..' || s === '.'))
            failures.push(`${name}: request left the base path: ${request.path}`);
        }
      }
      const calls = Object.values(report.cases).reduce((n, e) => n + e.calls, 0);
      const requests = Object.values(report.cases).reduce((n, e) => n + e.requests.length, 0);
      console.log(
        `hostile corpus: ${Object.keys(report.cases).length} Python packages exercised, ${calls} calls, ${requests} requests`,
      );
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(100);
    }, 360_000);
  });
});

/**
 * argv: `<case>=<package root>=<module>`. Parses every generated (non-runtime) .py file and reports
 * code that only an injection could produce: the canary names, `__import__`, calls of `exec`/`eval`/
 * `compile`/`getattr`/`open`, `.system(` calls, imports of subprocess; and a pyproject.toml that is not the generator's
 * shape (build backend, no scripts or entry points, no dependencies).
 */
const AST_CHECK = String.raw`
import ast, json, os, re, sys, tomllib
RUNTIME = {"_base_client.py", "_errors.py", "_models.py", "_pagination.py", "_resource.py", "_streaming.py", "_types.py"}
problems, files = [], 0
for arg in sys.argv[1:]:
    name, root, module = arg.split("=")
    for dirpath, _, names in os.walk(os.path.join(root, "src")):
        for n in names:
            if not n.endswith(".py") or n in RUNTIME:
                continue
            path = os.path.join(dirpath, n)
            files += 1
            text = open(path, encoding="utf-8").read()
            try:
                tree = ast.parse(text, path)
            except SyntaxError as e:
                problems.append(f"{name}: {path}: syntax error {e}")
                continue
            for node in ast.walk(tree):
                where = f"{name}: {os.path.relpath(path, root)}:{getattr(node, 'lineno', 0)}"
                if isinstance(node, ast.Name) and node.id in ("__pwned", "__import__"):
                    problems.append(f"{where}: name {node.id}")
                if isinstance(node, ast.Attribute) and node.attr in ("__pwned", "system", "popen", "spawnl", "execv"):
                    problems.append(f"{where}: attribute {node.attr}")
                # A field may be called eval (a TypedDict key); calling it is another matter.
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("exec", "eval", "compile", "breakpoint", "getattr", "setattr", "open"):
                    problems.append(f"{where}: call {node.func.id}()")
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                    for m in mods:
                        if m.split(".")[0] in ("subprocess", "builtins", "importlib", "ctypes", "pty", "shutil", "socket"):
                            problems.append(f"{where}: import {m}")
    try:
        project = tomllib.loads(open(os.path.join(root, "pyproject.toml"), encoding="utf-8").read())
    except Exception as e:
        problems.append(f"{name}: pyproject.toml does not parse: {e}")
        continue
    if project.get("build-system") != {"requires": ["hatchling>=1.26"], "build-backend": "hatchling.build"}:
        problems.append(f"{name}: build-system {project.get('build-system')}")
    if set(project) != {"build-system", "project", "tool"}:
        problems.append(f"{name}: pyproject tables {sorted(project)}")
    meta = project.get("project", {})
    extra = set(meta) - {"name", "version", "description", "readme", "requires-python", "dependencies", "classifiers"}
    if extra or meta.get("dependencies") != []:
        problems.append(f"{name}: [project] has {sorted(extra)} dependencies={meta.get('dependencies')}")
    # The one table hatchling reads: the package folder, a Python identifier under src/ (this
    # check moves each package to its own folder name, so the name itself is not compared).
    packages = project.get("tool", {}).get("hatch", {}).get("build", {}).get("targets", {}).get("wheel", {}).get("packages")
    if project.get("tool") != {"hatch": {"build": {"targets": {"wheel": {"packages": packages}}}}} or not (
        isinstance(packages, list) and len(packages) == 1 and re.fullmatch(r"src/[a-z_][a-z0-9_]*", packages[0])
    ):
        problems.append(f"{name}: [tool] is {project.get('tool')}")
print(json.dumps({"problems": problems, "files": files}))
`;

/**
 * argv: `<case>=<src dir>`. Serves 200 `{}` on 127.0.0.1, records request paths and header names;
 * replaces os.system / subprocess with recorders; imports every module of every package, makes a
 * client with `base_url` on that server, calls every public method of every resource with hostile
 * arguments (`..`, an encoded-traversal string, a plain value), then reports.
 */
const EXERCISE = String.raw`
import builtins, http.server, importlib, inspect, json, os, pkgutil, subprocess, sys, threading
system_calls = []
def record(*args, **kwargs):
    system_calls.append(repr(args)[:200])
    return 0
os.system = record
os.popen = record
subprocess.Popen = record
subprocess.run = record
subprocess.call = record
subprocess.check_output = record
current = {"requests": None}
injected = []
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"
    def handle_one(self):
        names = [k for k in self.headers.keys()]
        for k in names:
            if k.lower() in ("x-injected", "x-evil"):
                injected.append(k)
        length = int(self.headers.get("content-length") or 0)
        if length:
            self.rfile.read(length)
        if current["requests"] is not None:
            current["requests"].append({"path": self.path, "headers": names})
        body = b"{}"
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_TRACE = handle_one
    def log_message(self, *args):
        pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
base_url = "http://127.0.0.1:%d/base" % server.server_address[1]
ARGS = ["..", "../../evil?x=1#y", "%2e%2e%2f", "x"]
report = {"cases": {}}
for arg in sys.argv[1:]:
    name, src = arg.split("=", 1)
    entry = report["cases"][name] = {"imported": False, "errors": [], "methods": 0, "calls": 0, "requests": []}
    current["requests"] = entry["requests"]
    module_name = [n for n in os.listdir(src) if not n.startswith(".")][0]
    sys.path.insert(0, src)
    try:
        package = importlib.import_module(module_name)
        for info in pkgutil.walk_packages(package.__path__, module_name + "."):
            importlib.import_module(info.name)
        entry["imported"] = True
        base = importlib.import_module(module_name + "._base_client").BaseClient
        resource_base = importlib.import_module(module_name + "._resource").SyncAPIResource
        client_classes = [v for v in vars(package).values() if isinstance(v, type) and issubclass(v, base) and v is not base]
        client = client_classes[0](base_url=base_url, max_retries=0, timeout=5)
        resources, seen = [], set()
        def walk(obj, depth):
            for key, value in list(vars(obj).items()):
                if isinstance(value, resource_base) and id(value) not in seen and depth < 10:
                    seen.add(id(value))
                    resources.append(value)
                    walk(value, depth + 1)
        walk(client, 0)
        for resource in resources:
            for method_name, method in inspect.getmembers(resource, inspect.ismethod):
                if method_name.startswith("_"):
                    continue
                entry["methods"] += 1
                params = inspect.signature(method).parameters.values()
                for value in ARGS:
                    entry["calls"] += 1
                    args = [value for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty]
                    kwargs = {p.name: value for p in params if p.kind == p.KEYWORD_ONLY and p.name not in ("extra_headers", "extra_query", "timeout")}
                    try:
                        result = method(*args, **kwargs)
                        if hasattr(result, "__iter__") and not isinstance(result, (str, bytes, dict)):
                            for _ in zip(range(3), result):
                                pass
                    except Exception:
                        pass
    except Exception as error:
        entry["errors"].append(("%s: %s" % (type(error).__name__, error))[:500])
    finally:
        sys.path.remove(src)
current["requests"] = None
report["pwned"] = hasattr(builtins, "__pwned")
report["system"] = system_calls
report["canary"] = os.path.exists("${CANARY_FILE}")
report["injectedHeaders"] = injected
server.shutdown()
sys.stdout.write("\n" + json.dumps(report))
`;
