// The async client: `_async_client.py` (`Async<Client>`) and `_async_resources/`, one module per
// resource mirroring `resources/`. Each async method has the sync method's signature and runs it
// in the client's worker pool (`_async_base.py`: a ThreadPoolExecutor per client, requests aborted
// on cancellation), so both clients share one HTTP stack: retries, auth, errors.
// List methods return an `AsyncPage` at once (`async for item in client.x.list()`, the
// openai-python style); streaming methods return an `AsyncStream` read in the pool.

import type { GeneratedFile } from '../core/files.ts';
import { isEventStream } from '../core/method.ts';
import type { ApiModel } from '../model/types.ts';
import type { Arg, MethodShape } from './method-shape.ts';
import type { MethodPlan, ResourcePlan, SdkPlan } from './plan.ts';
import { dotsTo, importNames, methodDoc, signatureArg } from './emit-resources.ts';
import { emitClientParams } from './emit-client.ts';
import { MODELS_MODULE, type TypeModule } from './schema-types.ts';
import { fromImport, id, join, py, type Py, pyNamesUsed, PyWriter, relModule, str } from '../printers/python-writer.ts';
import { compareCodeUnits } from '../core/files.ts';

export const ASYNC_RESOURCES_DIR = '_async_resources';

/** Keyword arguments in the order of the sync signature: required first. */
function keywordArgs(shape: MethodShape): Arg[] {
  const kwargs: Arg[] = [...shape.pathKeywords, ...shape.query, ...shape.headers, ...shape.cookies];
  if (shape.body?.mode === 'fields') kwargs.push(...shape.body.fields);
  else if (shape.body) kwargs.push(shape.body.arg);
  return [...kwargs.filter((a) => a.required), ...kwargs.filter((a) => !a.required)];
}

function emitAsyncMethod(w: PyWriter, method: MethodPlan, shape: MethodShape): void {
  const paged = shape.pagination !== undefined;
  const streamed = !paged && isEventStream(shape.response.kind);
  const returnType = shape.pagination
    ? py`AsyncPage[${shape.pagination.item}]`
    : streamed
      ? py`AsyncStream[${shape.response.type}]`
      : shape.response.type;
  const kwargs = keywordArgs(shape);
  // A list method returns its AsyncPage at once (no request is made until it is iterated).
  w.line(paged ? py`def ${id(method.name)}(` : py`async def ${id(method.name)}(`);
  w.indented(() => {
    w.line(py`self,`);
    for (const a of shape.pathArgs) w.line(py`${id(a.ident)}: ${a.type},`);
    w.line(py`*,`);
    for (const a of kwargs) w.line(py`${signatureArg(a)},`);
    w.line(py`extra_headers: Optional[Mapping[str, str]] = None,`);
    w.line(py`extra_query: Optional[Mapping[str, object]] = None,`);
    w.line(py`timeout: Optional[float] = None,`);
  });
  w.block(py`) -> ${returnType}:`, () => {
    w.doc(methodDoc(method, shape));
    const target = py`self._sync_resource.${id(method.name)}`;
    const args: Py[] = [
      ...shape.pathArgs.map((a) => id(a.ident)),
      ...kwargs.map((a) => py`${id(a.ident)}=${id(a.ident)}`),
      py`extra_headers=extra_headers`,
      py`extra_query=extra_query`,
      py`timeout=timeout`,
    ];
    const call = (head: Py, first: Py[]): void => {
      w.line(py`${head}(`);
      w.indented(() => {
        for (const a of [...first, ...args]) w.line(py`${a},`);
      });
    };
    if (paged) {
      w.line(py`return AsyncPage(`);
      w.indented(() => {
        w.line(py`self._async_runner,`);
        call(target, []);
        w.line(py`),`);
      });
      w.line(py`)`);
      return;
    }
    const runner = streamed ? py`self._async_runner.stream` : py`self._async_runner.call`;
    call(shape.response.kind === 'none' ? py`await ${runner}` : py`return await ${runner}`, [target]);
    w.line(py`)`);
  });
}

function asyncResourceClass(resource: ResourcePlan, shapes: MethodShape[]): string {
  const w = new PyWriter();
  w.block(py`class ${id(resource.asyncClassName)}(AsyncAPIResource):`, () => {
    w.doc(
      `Operations on ${resource.resource.path.join(' / ')}, awaitable: each runs ${resource.className}'s method in the client's worker pool.`,
    );
    w.blank();
    w.line(py`_sync_resource: ${id(resource.className)}`);
    for (const child of resource.children) w.line(py`${id(child.attr)}: ${id(child.asyncClassName)}`);
    w.blank();
    w.block(py`def __init__(self, runner: AsyncRunner, sync_resource: ${id(resource.className)}) -> None:`, () => {
      w.line(py`super().__init__(runner)`);
      w.line(py`self._sync_resource = sync_resource`);
      for (const child of resource.children)
        w.line(py`self.${id(child.attr)} = ${id(child.asyncClassName)}(runner, sync_resource.${id(child.attr)})`);
    });
    resource.methods.forEach((method, i) => {
      w.blank();
      emitAsyncMethod(w, method, shapes[i] as MethodShape);
    });
  });
  return w.toString();
}

/** `_async_resources/<path>.py` (or `/__init__.py`): the async twin of the resource's module. */
export function emitAsyncResourceModule(
  resource: ResourcePlan,
  typesModule: TypeModule,
  shapes: MethodShape[],
): GeneratedFile {
  const body = asyncResourceClass(resource, shapes);
  const used = pyNamesUsed(body);
  const dots = dotsTo(resource);
  const w = new PyWriter();
  w.doc(`The ${resource.resource.path.join(' / ')} resource, async.`);
  w.blank();
  w.line(py`from __future__ import annotations`);
  w.blank();
  fromImport(w, py`typing`, ['IO', 'Any', 'Dict', 'List', 'Literal', 'Mapping', 'Optional', 'Union'], used);
  w.blank();
  fromImport(w, relModule(dots, '_async_base'), ['AsyncAPIResource', 'AsyncPage', 'AsyncRunner', 'AsyncStream'], used);
  fromImport(w, relModule(dots, '_types'), ['NOT_GIVEN', 'FileTypes', 'NotGiven'], used);
  importNames(w, relModule(dots, 'types', MODELS_MODULE), typesModule.imports.get(MODELS_MODULE), used);
  for (const [module, names] of [...typesModule.imports].sort(([a], [b]) => compareCodeUnits(a, b))) {
    if (module !== MODELS_MODULE) importNames(w, relModule(dots, 'types', module), names, used);
  }
  if (typesModule.exports.length > 0)
    importNames(w, relModule(dots, 'types', typesModule.name), new Set(typesModule.exports), used);
  w.line(py`from ${relModule(dots, 'resources', ...resource.modulePath)} import ${id(resource.className)}`);
  for (const child of resource.children)
    w.line(py`from .${id(child.modulePath[child.modulePath.length - 1] as string)} import ${id(child.asyncClassName)}`);
  w.blank(2);
  w.line(py`__all__ = [${str(resource.asyncClassName)}]`);
  w.blank(2);
  const path = `${ASYNC_RESOURCES_DIR}/${resource.modulePath.join('/')}${resource.isPackage ? '/__init__.py' : '.py'}`;
  return { path, content: w.toString() + '\n\n' + body };
}

export function emitAsyncResourcesInit(plan: SdkPlan): string {
  const w = new PyWriter();
  w.doc('Async resource classes.');
  w.blank();
  for (const r of plan.resources)
    w.line(py`from ${relModule(1, ...r.modulePath)} import ${id(r.asyncClassName)} as ${id(r.asyncClassName)}`);
  w.blank();
  w.line(py`__all__: list[str] = [${join(plan.resources.map((r) => str(r.asyncClassName)))}]`);
  return w.toString();
}

/** `_async_client.py`: `Async<Client>`, taking the sync client's arguments plus `max_workers`. */
export function emitAsyncClient(model: ApiModel, plan: SdkPlan): string {
  const { options } = plan;
  const client = id(options.clientClass);
  const asyncClient = id(plan.asyncClientClass);
  const { oauth, webhooks } = plan;
  const w = new PyWriter();
  w.line(py`__all__ = [${str(plan.asyncClientClass)}, ${str(plan.asyncRawClientClass)}]`);
  w.blank(2);
  w.block(py`class _SyncClient(AbortableClient, ${client}):`, () =>
    w.doc(
      `The ${options.clientClass} an ${plan.asyncClientClass} runs in its worker pool (its requests can be aborted).`,
    ),
  );
  w.blank(2);
  w.block(py`class ${asyncClient}:`, () => {
    w.doc(
      [
        `Async client: the resources of ${options.clientClass}, with awaitable methods.`,
        '',
        'Each call runs the sync method in a pool of worker threads owned by this client, so the',
        'event loop never blocks; cancelling the awaiting task (or asyncio.wait_for timing out)',
        'aborts the request and frees its thread. Close the client (or use `async with`) to stop the pool.',
        '',
        'Args:',
        `    The arguments of ${options.clientClass}, and:`,
        '    max_workers: Worker threads, i.e. requests in flight at once (default 16).',
      ].join('\n'),
    );
    w.blank();
    for (const resource of plan.resources) w.line(py`${id(resource.attr)}: ${id(resource.asyncClassName)}`);
    if (webhooks !== undefined) w.line(py`${id(webhooks.attr)}: ${id(webhooks.className)}`);
    w.blank();
    w.line(py`def __init__(`);
    w.indented(() => {
      w.line(py`self,`);
      w.line(py`*,`);
      emitClientParams(w, model, plan);
      w.line(py`max_workers: int = DEFAULT_MAX_WORKERS,`);
    });
    w.block(py`) -> None:`, () => {
      w.line(py`self._sync_client = _SyncClient(`);
      w.indented(() => {
        for (const ident of [...plan.authIdents, ...plan.serverVarIdents]) w.line(py`${id(ident)}=${id(ident)},`);
        for (const name of [
          'base_url',
          'environment',
          'timeout',
          'max_retries',
          'default_headers',
          'default_query',
          'idempotency_header',
          'http_client',
          '_strict_response_validation',
          ...(oauth !== undefined ? [oauth.clientIdIdent, oauth.clientSecretIdent] : []),
          ...(webhooks !== undefined ? ['webhook_secret'] : []),
        ])
          w.line(py`${id(name)}=${id(name)},`);
      });
      w.line(py`)`);
      w.line(py`self._async_runner = AsyncRunner(max_workers)`);
      for (const resource of plan.resources)
        w.line(
          py`self.${id(resource.attr)} = ${id(resource.asyncClassName)}(self._async_runner, self._sync_client.${id(resource.attr)})`,
        );
      // Verifying a webhook reads no network: the sync helper serves both clients.
      if (webhooks !== undefined) w.line(py`self.${id(webhooks.attr)} = self._sync_client.${id(webhooks.attr)}`);
    });
    w.blank();
    w.line(py`@cached_property`);
    w.block(py`def with_raw_response(self) -> ${id(plan.asyncRawClientClass)}:`, () => {
      w.doc(
        'The same resources, with every method awaiting a `RawResponse` (status, headers, body) whose `parse()` gives the usual value.',
      );
      w.line(py`return ${id(plan.asyncRawClientClass)}(self._async_runner, self._sync_client.with_raw_response)`);
    });
    w.blank();
    w.block(py`async def close(self) -> None:`, () => {
      w.doc('Aborts the requests in flight and shuts the worker pool down.');
      w.line(py`self._async_runner.close()`);
    });
    w.blank();
    w.block(py`async def __aenter__(self) -> ${asyncClient}:`, () => w.line(py`return self`));
    w.blank();
    w.block(py`async def __aexit__(self, *args: object) -> None:`, () => w.line(py`await self.close()`));
  });
  emitAsyncRawClasses(w, plan);
  const body = w.toString();
  const used = pyNamesUsed(body);
  const head = new PyWriter();
  head.doc(`The ${plan.asyncClientClass} client.`);
  head.blank();
  head.line(py`from __future__ import annotations`);
  head.blank();
  head.line(py`from functools import cached_property`);
  fromImport(head, py`typing`, ['Literal', 'Mapping', 'Optional'], used);
  head.blank();
  fromImport(
    head,
    py`._async_base`,
    ['DEFAULT_MAX_WORKERS', 'AbortableClient', 'AsyncRunner', 'to_async_raw_response_wrapper'],
    used,
  );
  fromImport(head, py`._base_client`, ['HttpClient'], used);
  head.line(py`from ._client import ${client}, ${id(plan.rawClientClass)}`);
  if (webhooks !== undefined)
    head.line(py`from ${relModule(1, 'resources', webhooks.module)} import ${id(webhooks.className)}`);
  for (const resource of plan.resources)
    head.line(
      py`from ${relModule(1, ASYNC_RESOURCES_DIR, ...resource.modulePath)} import ${id(resource.asyncClassName)}`,
    );
  for (const resource of flattenPlans(plan.resources))
    head.line(py`from ${relModule(1, 'resources', ...resource.modulePath)} import ${id(resource.rawClassName)}`);
  head.blank(2);
  return head.toString() + '\n\n' + body;
}

function flattenPlans(plans: readonly ResourcePlan[]): ResourcePlan[] {
  return plans.flatMap((p) => [p, ...flattenPlans(p.children)]);
}

/** `Async<Client>.with_raw_response`: the sync raw methods, each awaited in the worker pool. */
function emitAsyncRawClasses(w: PyWriter, plan: SdkPlan): void {
  w.blank(2);
  w.block(py`class ${id(plan.asyncRawClientClass)}:`, () => {
    w.doc(
      `\`${plan.asyncClientClass}.with_raw_response\`: its resources with every method awaiting a \`RawResponse\`.`,
    );
    w.blank();
    w.block(py`def __init__(self, runner: AsyncRunner, raw: ${id(plan.rawClientClass)}) -> None:`, () => {
      w.line(py`self._runner = runner`);
      for (const resource of plan.resources)
        w.line(py`self.${id(resource.attr)} = ${id(resource.asyncRawClassName)}(runner, raw.${id(resource.attr)})`);
    });
  });
  for (const resource of flattenPlans(plan.resources)) {
    w.blank(2);
    w.block(py`class ${id(resource.asyncRawClassName)}:`, () => {
      w.doc(`The ${resource.resource.path.join(' / ')} methods, each awaiting a RawResponse (run in the worker pool).`);
      w.blank();
      w.block(py`def __init__(self, runner: AsyncRunner, raw: ${id(resource.rawClassName)}) -> None:`, () => {
        w.line(py`self._runner = runner`);
        for (const method of resource.methods)
          w.line(py`self.${id(method.name)} = to_async_raw_response_wrapper(runner, raw.${id(method.name)})`);
        for (const child of resource.children)
          w.line(py`self.${id(child.attr)} = ${id(child.asyncRawClassName)}(runner, raw.${id(child.attr)})`);
      });
    });
  }
}
