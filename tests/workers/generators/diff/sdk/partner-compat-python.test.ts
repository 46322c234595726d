// Our own compatibility diff (the `compat_diff` step's SDK-surface diff) of a partner_compatible
// Python SDK against the Python SDK a migration triple ships (issue #29; letta-2024 and luma-ai
// ship one): no breaking change but the ones listed here, each with its reason.

import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../../workers/generators/analyze.ts';
import { diffSdkSurface, extractPythonSurface } from '../../../../../workers/generators/diff/index.ts';
import type { SdkDiffReport } from '../../../../../workers/generators/diff/types.ts';
import type { ApiModel } from '../../../../../workers/generators/model/types.ts';
import { emitPythonSdk } from '../../../../../workers/generators/python/index.ts';
import { MYPY, PYTHON, run, runMypy, runPyright, writeFiles } from '../../python/helpers.ts';

const MIGRATION = path.resolve(import.meta.dirname, '../../../../../../shared/corpus/migration');
const HAS_CORPUS = existsSync(MIGRATION);
if (!HAS_CORPUS) console.warn(`!!! The partner Python compatibility suite is SKIPPED: no corpus at ${MIGRATION}`);

/** Breaking changes allowed per triple, each with why the generator does not (and should not) make
 * it: none left. `http_client`, `_strict_response_validation` and `APIResponseValidationError` are
 * real now (tests/workers/generators/python/transport-strict.test.ts). */
const ALLOWED: Record<string, Record<string, string>> = {
  'letta-2024': {},
  'luma-ai': {},
};

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/** Every breaking change of an SDK diff as one line. */
function breakingLines(report: SdkDiffReport): string[] {
  const lines: string[] = [];
  for (const m of report.methods) {
    if (m.status === 'removed' || m.status === 'renamed') lines.push(`method ${m.status}: ${m.oldId}`);
    for (const c of m.changes.filter((change) => change.breaking))
      lines.push(`method ${m.oldId}: ${c.kind}${c.param !== undefined ? ` ${c.param}` : ''}`);
  }
  for (const name of report.models.removed) lines.push(`model removed: ${name}`);
  for (const changed of report.models.changed)
    for (const c of changed.changes.filter((change) => change.breaking))
      lines.push(`model ${changed.name}: ${c.kind}${c.param !== undefined ? ` ${c.param}` : ''}`);
  for (const name of report.errors.removed) lines.push(`error class removed: ${name}`);
  for (const name of report.clientOptions.removed) lines.push(`client option removed: ${name}`);
  for (const name of report.pagination.removed) lines.push(`pagination type removed: ${name}`);
  for (const name of report.streaming.removed) lines.push(`streaming type removed: ${name}`);
  for (const name of report.resources.removed) lines.push(`resource removed: ${name}`);
  return lines;
}

const triples = HAS_CORPUS
  ? readdirSync(MIGRATION)
      .filter((name) => existsSync(path.join(MIGRATION, name, 'sdk-python')))
      .sort()
  : [];

async function partnerModel(name: string): Promise<ApiModel> {
  const dir = path.join(MIGRATION, name);
  const description = ['openapi.yaml', 'openapi.json'].map((f) => path.join(dir, f)).find(existsSync) as string;
  const result = await analyzeSpec({
    openapiText: readFileSync(description, 'utf8'),
    configText: readFileSync(path.join(dir, 'stainless.yml'), 'utf8'),
    mode: 'partner_compatible',
  });
  return result.model as ApiModel;
}

/** A user's code written against the shipped SDKs' module layout (their api.md's imports), type-checked against ours. */
const USER_CODE: Record<string, string> = {
  'luma-ai': `from lumaai import LumaAI
from lumaai.types import CreditGetResponse, Generation, GenerationCreateParams, GenerationListResponse
from lumaai.types.generation import RequestGenerationRequest
from lumaai.types.generations import ImageCreateParams, VideoCreateParams
from lumaai.types.generations.video_create_params import Keyframes, KeyframesFrame0GenerationReference


def create(client: LumaAI) -> Generation:
    frame: KeyframesFrame0GenerationReference = {"type": "generation", "id": "0"}
    keyframes: Keyframes = {"frame0": frame}
    params: VideoCreateParams = {"model": "ray-2", "prompt": "a bear", "keyframes": keyframes}
    return client.generations.video.create(**params)


def image(client: LumaAI) -> Generation:
    params: ImageCreateParams = {"model": "photon-1", "prompt": "a bear"}
    return client.generations.image.create(**params)


def generic(client: LumaAI) -> Generation:
    params: GenerationCreateParams = {"model": "ray-2", "prompt": "a bear"}
    return client.generations.create(**params)


def listed(client: LumaAI) -> GenerationListResponse:
    return client.generations.list(limit=1)


def credits(client: LumaAI) -> CreditGetResponse:
    return client.credits.get()


def request_of(generation: Generation) -> object:
    request = generation.request
    return request if isinstance(request, RequestGenerationRequest) else None
`,
  'letta-2024': `from letta import Letta, LettaError
from letta.types import AgentListResponse, AgentState
from letta.types.agents import MessageCreateParams, MessageCreateResponse, MessageListResponse, MessageUpdateResponse
from letta.types.agents.message_create_params import Message


def send(client: Letta, agent_id: str) -> MessageCreateResponse:
    message: Message = {"role": "user", "text": "hi"}
    params: MessageCreateParams = {"messages": [message]}
    return client.agents.messages.create(agent_id, **params)


def agents(client: Letta) -> AgentListResponse:
    return client.agents.list()


def first(client: Letta) -> AgentState:
    return client.agents.list()[0]


def history(client: Letta, agent_id: str) -> MessageListResponse:
    return client.agents.messages.list(agent_id)


def edit(client: Letta) -> MessageUpdateResponse:
    # Stainless's Python shape: the last path parameter positional, the others keyword-only.
    return client.agents.messages.update("message-1", agent_id="agent-1", text="hi")


def lookup(client: Letta) -> str:
    try:
        client.agents.retrieve("missing")
    except LettaError as error:
        return type(error).__name__
    return "no error"


if __name__ == "__main__":
    # On the wire, against a server on 127.0.0.1: the request path and the base error class.
    import json
    import threading
    from http.server import BaseHTTPRequestHandler, HTTPServer

    seen: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def _answer(self) -> None:
            seen.append(self.command + " " + self.path)
            length = int(self.headers.get("Content-Length") or 0)
            self.rfile.read(length)
            status = 404 if self.path.endswith("/missing") else 200
            body = json.dumps({"id": "message-1", "role": "user"} if status == 200 else {"detail": "no"}).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_PATCH = _answer
        do_GET = _answer

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    client = Letta(bearer_token="t", base_url="http://127.0.0.1:%d" % server.server_address[1], max_retries=0)
    edit(client)
    print(lookup(client), " | ".join(seen))
    server.shutdown()
`,
};

describe.skipIf(!HAS_CORPUS || MYPY === undefined || PYTHON === undefined)(
  'our partner Python SDKs with the shipped layout pass the strict checks',
  () => {
    const root = mkdtempSync(path.join(tmpdir(), 'py-partner-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    it("import every types module, and pass mypy --strict and pyright strict with a user's code", async () => {
      const srcDirs: string[] = [];
      for (const name of Object.keys(USER_CODE)) {
        const files = emitPythonSdk(await partnerModel(name));
        writeFiles(path.join(root, name), files);
        const src = path.join(root, name, 'src');
        srcDirs.push(src);
        const pkg = readdirSync(src)[0] as string;
        const user = path.join(root, 'users', name, `user_${pkg}`);
        mkdirSync(user, { recursive: true });
        writeFileSync(path.join(user, '__init__.py'), '');
        writeFileSync(path.join(user, 'usage.py'), USER_CODE[name] as string);
        // Every module under types/ imports (the aliases are the classes themselves at run time).
        const imported = await run(
          PYTHON as string,
          [
            '-c',
            'import importlib, pkgutil, sys\n' +
              'pkg = importlib.import_module(sys.argv[1] + ".types")\n' +
              'for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."): importlib.import_module(m.name)\n' +
              'importlib.import_module(sys.argv[2])',
            pkg,
            `user_${pkg}.usage`,
          ],
          { env: { ...process.env, PYTHONPATH: `${src}:${path.dirname(user)}` } },
        );
        expect(imported.output).toBe('');
        expect(imported.code).toBe(0);
        srcDirs.push(path.dirname(user));
      }
      // letta's user code run against a local server: `update(message_id, *, agent_id)` builds the
      // right path, and a 404 is caught as `LettaError` (the base of every error).
      const letta = path.join(root, 'letta-2024', 'src');
      const wire = await run(PYTHON as string, ['-m', 'user_letta.usage'], {
        env: { ...process.env, PYTHONPATH: `${letta}:${path.join(root, 'users', 'letta-2024')}` },
        timeoutMs: 30_000,
      });
      expect(wire.output.trim()).toBe(
        'NotFoundError PATCH /v1/agents/agent-1/messages/message-1 | GET /v1/agents/missing',
      );
      const mypy = await runMypy(srcDirs, path.join(root, '.mypy_cache'));
      expect(mypy.output).toBe('');
      expect(mypy.code).toBe(0);
      const pyright = await runPyright(
        root,
        srcDirs.filter((d) => d.includes(`${path.sep}users${path.sep}`)),
        srcDirs.filter((d) => !d.includes(`${path.sep}users${path.sep}`)),
      );
      expect(pyright.output).toMatch(/0 errors/);
    }, 300_000);
  },
);

describe.skipIf(!HAS_CORPUS)('compat diff of our partner Python SDK against the shipped one', () => {
  it('covers the triples that ship a Python SDK', () => {
    expect(triples).toEqual(Object.keys(ALLOWED).sort());
  });
  it.each(triples)('%s: no breaking change but the listed ones', async (name) => {
    const dir = path.join(MIGRATION, name);
    const model = await partnerModel(name);
    const shippedRoot = path.join(dir, 'sdk-python');
    const shipped = listFiles(path.join(shippedRoot, 'src'))
      .filter((f) => f.endsWith('.py'))
      .sort()
      .map((f) => ({ path: path.relative(shippedRoot, f), content: readFileSync(f, 'utf8') }));
    const ours = emitPythonSdk(model)
      .filter((f) => f.path.endsWith('.py'))
      .map((f) => ({ path: f.path, content: String(f.content) }));
    const report = diffSdkSurface(await extractPythonSurface(shipped), await extractPythonSurface(ours), model);
    const breaking = breakingLines(report);
    console.log(
      `${name}: ${breaking.length} breaking change(s)${breaking.map((b) => `\n  ${b}: ${ALLOWED[name]?.[b] ?? 'NOT ALLOWED'}`).join('')}`,
    );
    expect(breaking.sort()).toEqual(Object.keys(ALLOWED[name] ?? {}).sort());
  });
});
