// One module per resource under `resources/` (a package when it has subresources): the resource
// class with one method per operation (snake_case keyword arguments, typed), and the request /
// response types it needs in `types/<resource>.py`.

import { compareCodeUnits, type GeneratedFile } from '../core/files.ts';
import { isEventStream, pathTemplateParts, responseAccept } from '../core/method.ts';
import type { ApiModel, Operation, PaginationScheme } from '../model/types.ts';
import { methodShape, type Arg, type MethodShape } from './method-shape.ts';
import type { MethodPlan, ResourcePlan, SdkPlan } from './plan.ts';
import { MODELS_MODULE, type TypeEmitter, TypeModule } from './schema-types.ts';
import {
  bool,
  fromImport,
  fwd,
  id,
  join,
  py,
  type Py,
  pyNamesUsed,
  PyWriter,
  relModule,
  str,
} from '../printers/python-writer.ts';

export function dotsTo(plan: ResourcePlan): number {
  return plan.modulePath.length + 1 + (plan.isPackage ? 1 : 0);
}

function schemeLiteral(scheme: PaginationScheme): Py {
  const entries: [string, string | undefined][] = [
    ['style', scheme.style],
    ['cursor_kind', scheme.cursorKind],
    ['cursor_param', scheme.request.cursor],
    ['limit_param', scheme.request.limit],
    ['offset_param', scheme.request.offset],
    ['page_param', scheme.request.page],
    ['page_size_param', scheme.request.pageSize],
    ['items', scheme.response.items],
    ['next_cursor', scheme.response.nextCursor],
    ['has_more', scheme.response.hasMore],
    ['total', scheme.response.total],
  ];
  return py`{${join(entries.filter((e): e is [string, string] => e[1] !== undefined).map(([k, v]) => py`${str(k)}: ${str(v)}`))}}`;
}

function pathExpr(op: Operation, args: { ident: string; key: string }[]): Py {
  const byName = new Map(args.map((a) => [a.key, a.ident]));
  const parts = pathTemplateParts(op.path, (name) => byName.has(name)).map((part) =>
    part.kind === 'literal' ? str(part.text) : py`encode_path(${id(byName.get(part.name) as string)})`,
  );
  return join(parts.length > 0 ? parts : [str('')], ' + ');
}

export function methodDoc(method: MethodPlan, shape: MethodShape): string {
  const op = method.op;
  const lines: string[] = [];
  const head = [op.summary, op.description].filter((s): s is string => s !== undefined && s.trim() !== '');
  lines.push(head.length > 0 ? head.join('\n\n') : `${op.method.toUpperCase()} ${op.path}`);
  if (method.deprecated !== undefined && method.deprecated !== false)
    lines.push(
      '',
      `Deprecated: ${typeof method.deprecated === 'string' ? method.deprecated : 'do not use in new code.'}`,
    );
  else if (op.deprecated)
    lines.push('', `Deprecated${op.deprecationMessage !== undefined ? `: ${op.deprecationMessage}` : '.'}`);
  const documented: Arg[] = [
    ...shape.pathKeywords,
    ...shape.pathArgs,
    ...shape.query,
    ...shape.headers,
    ...shape.cookies,
  ];
  if (shape.body?.mode === 'fields') documented.push(...shape.body.fields);
  else if (shape.body) documented.push(shape.body.arg);
  const withDocs = documented.filter((a) => a.doc !== undefined && a.doc.trim() !== '');
  if (withDocs.length > 0) {
    lines.push('', 'Args:');
    for (const a of withDocs) lines.push(`    ${a.ident}: ${(a.doc as string).trim().replace(/\s*\n\s*/g, ' ')}`);
  }
  return lines.join('\n');
}

export function signatureArg(arg: Arg): Py {
  return arg.required
    ? py`${id(arg.ident)}: ${arg.type}`
    : py`${id(arg.ident)}: Union[${arg.type}, NotGiven] = NOT_GIVEN`;
}

function mapping(args: Arg[]): Py {
  return py`{${join(args.map((a) => py`${str(a.key)}: ${id(a.ident)}`))}}`;
}

/**
 * `security=[["scheme", ...], ...]`: the operation's security alternatives, so the request carries
 * only the credentials its operation accepts (the client's `_auth_schemes`); none when the
 * description states no security at all (then every configured credential is sent). Mutual TLS is
 * left out: the transport carries it.
 */
function securityArg(model: ApiModel, op: Operation): Py | undefined {
  if (model.security.length === 0 && !model.operations.some((o) => o.security.length > 0)) return undefined;
  const mutualTls = new Set(model.authSchemes.filter((s) => s.type === 'mutualTLS').map((s) => s.key));
  const alternatives = op.security.map(
    (requirement) =>
      py`[${join(requirement.schemes.filter((s) => !mutualTls.has(s.scheme)).map((s) => str(s.scheme)))}]`,
  );
  return py`security=[${join(alternatives)}]`;
}

function emitMethod(w: PyWriter, method: MethodPlan, shape: MethodShape, security: Py | undefined): void {
  const returnType = shape.pagination
    ? py`SyncPage[${shape.pagination.item}]`
    : isEventStream(shape.response.kind)
      ? py`Stream[${shape.response.type}]`
      : shape.response.type;
  writeSignature(w, method, shape);
  w.block(py`) -> ${returnType}:`, () => {
    w.doc(methodDoc(method, shape));
    w.line(py`_path = ${pathExpr(method.op, [...shape.pathKeywords, ...shape.pathArgs])}`);
    const request = requestArguments(w, shape);
    if (security !== undefined) request.push(security);
    writeCall(w, method.op, shape, request, returnType);
  });
}

/** `def name(self, <path args>, *, <keyword args: required first>, extra_headers=…, extra_query=…, timeout=…` (the caller closes it). */
function writeSignature(w: PyWriter, method: MethodPlan, shape: MethodShape): void {
  const kwargs: Arg[] = [...shape.pathKeywords, ...shape.query, ...shape.headers, ...shape.cookies];
  if (shape.body?.mode === 'fields') kwargs.push(...shape.body.fields);
  else if (shape.body) kwargs.push(shape.body.arg);
  // Required keyword-only arguments first (readability; Python allows any order after `*`).
  const ordered = [...kwargs.filter((a) => a.required), ...kwargs.filter((a) => !a.required)];
  w.line(py`def ${id(method.name)}(`);
  w.indented(() => {
    w.line(py`self,`);
    for (const a of shape.pathArgs) w.line(py`${id(a.ident)}: ${a.type},`);
    w.line(py`*,`);
    for (const a of ordered) w.line(py`${signatureArg(a)},`);
    w.line(py`extra_headers: Optional[Mapping[str, str]] = None,`);
    w.line(py`extra_query: Optional[Mapping[str, object]] = None,`);
    w.line(py`timeout: Optional[float] = None,`);
  });
}

/** The keyword arguments of the client call (query, styles, headers, cookies, body, extras); writes the statements that build the body. */
function requestArguments(w: PyWriter, shape: MethodShape): Py[] {
  const request: Py[] = [];
  if (shape.query.length > 0) request.push(py`query=${mapping(shape.query)}`);
  const styled = shape.query.filter((a) => a.param.style !== 'form' || !a.param.explode);
  if (styled.length > 0)
    request.push(
      py`query_styles={${join(styled.map((a) => py`${str(a.key)}: (${str(a.param.style)}, ${bool(a.param.explode)})`))}}`,
    );
  if (shape.headers.length > 0) request.push(py`headers=${mapping(shape.headers)}`);
  if (shape.cookies.length > 0) request.push(py`cookies=${mapping(shape.cookies)}`);
  const body = shape.body;
  if (body?.mode === 'fields') {
    const required = body.fields.filter((f) => f.required);
    const optional = body.fields.filter((f) => !f.required);
    const bodyType = body.typedDict !== undefined ? fwd(body.typedDict) : py`Dict[str, object]`;
    w.line(py`_body: ${bodyType} = ${mapping(required)}`);
    for (const f of optional) {
      w.block(py`if not isinstance(${id(f.ident)}, NotGiven):`, () =>
        w.line(py`_body[${str(f.key)}] = ${id(f.ident)}`),
      );
    }
    request.push(
      body.kind === 'json' ? py`json_body=_body` : body.kind === 'multipart' ? py`multipart=_body` : py`form=_body`,
    );
  } else if (body) {
    const value = id(body.arg.ident);
    if (body.kind === 'json') request.push(py`json_body=${value}`);
    else if (body.kind === 'multipart' || body.kind === 'form') {
      w.line(py`_fields: Dict[str, object] = {}`);
      // The cast: pyright narrows a non-dict type by `isinstance(x, dict)` to a subclass of both.
      w.block(py`if isinstance(${value}, dict):`, () => w.line(py`_fields.update(cast(Dict[str, object], ${value}))`));
      request.push(body.kind === 'multipart' ? py`multipart=_fields` : py`form=_fields`);
    } else {
      const guard = body.arg.required ? value : py`None if isinstance(${value}, NotGiven) else ${value}`;
      request.push(py`content=${guard}`, py`content_type=${str(body.mediaType)}`);
    }
  }
  request.push(py`extra_headers=extra_headers`, py`extra_query=extra_query`, py`timeout=timeout`);
  return request;
}

/** The call and its return: a page, a stream of events, or one response (cast to the return type). */
function writeCall(w: PyWriter, op: Operation, shape: MethodShape, request: Py[], returnType: Py): void {
  const method_ = str(op.method.toUpperCase());
  if (shape.pagination) {
    const pageArgs = request.filter((r) =>
      /^(query|query_styles|headers|extra_headers|extra_query|timeout|security)=/.test(r.text),
    );
    w.line(py`return SyncPage(`);
    w.indented(() => {
      w.line(py`self._client,`);
      w.line(py`${method_},`);
      w.line(py`_path,`);
      w.line(py`scheme=${schemeLiteral(shape.pagination?.scheme as PaginationScheme)},`);
      if (shape.pagination?.conv !== undefined) w.line(py`item=${shape.pagination.conv},`);
      // The media types the operation declares, as its other calls send them (vendor `+json` types).
      const accept = responseAccept(op, 'json');
      if (accept !== undefined) w.line(py`accept=${str(accept)},`);
      for (const r of pageArgs) w.line(py`${r},`);
    });
    w.line(py`)`);
    return;
  }
  if (isEventStream(shape.response.kind)) {
    w.line(py`_response = self._client.send(`);
    w.indented(() => {
      w.line(py`${method_},`);
      w.line(py`_path,`);
      w.line(py`accept="text/event-stream",`);
      for (const r of request) w.line(py`${r},`);
    });
    w.line(py`)`);
    w.line(
      shape.response.kind === 'event-stream' && shape.response.conv !== undefined
        ? py`return Stream(_response, decode_json=True, item=${shape.response.conv})`
        : py`return Stream(_response, decode_json=${bool(shape.response.kind === 'event-stream')})`,
    );
    return;
  }
  const kind = shape.response.kind === 'none' ? 'none' : shape.response.kind;
  const accept = responseAccept(op, kind);
  const call = (prefix: Py, suffix: Py): void => {
    w.line(py`${prefix}self._client.request(`);
    w.indented(() => {
      w.line(py`${method_},`);
      w.line(py`_path,`);
      if (kind !== 'json') w.line(py`response_kind=${str(kind)},`);
      if (accept !== undefined) w.line(py`accept=${str(accept)},`);
      for (const r of request) w.line(py`${r},`);
    });
    w.line(py`)${suffix}`);
  };
  if (kind === 'none') call(py``, py``);
  else if (returnType.text === 'object') call(py`return `, py``);
  else if (kind === 'json' && shape.response.conv !== undefined) {
    // The client builds the models (`cast_to`), checking the body first in strict mode.
    request.push(py`cast_to=${shape.response.conv}`);
    call(py`return cast(${returnType}, `, py`)`);
  } else call(py`return cast(${returnType}, `, py`)`);
}

export function emitResourceModule(
  model: ApiModel,
  _plan: SdkPlan,
  types: TypeEmitter,
  resource: ResourcePlan,
): { files: GeneratedFile[]; typesModule: TypeModule; shapes: MethodShape[] } {
  const typesModule = new TypeModule(resource.typesModule);
  const shapes: MethodShape[] = [];
  const bodyText = resourceClass(model, types, typesModule, resource, shapes);
  const content = resourceModuleHead(resource, typesModule, pyNamesUsed(bodyText)) + '\n\n' + bodyText;
  const file = 'resources/' + resource.modulePath.join('/') + (resource.isPackage ? '/__init__.py' : '.py');
  const files: GeneratedFile[] = [{ path: file, content }];
  if (typesModule.declared > 0)
    files.push({
      path: `types/${resource.typesModule}.py`,
      content: typesModuleText(
        typesModule,
        `Request and response types of the ${resource.resource.path.join(' / ')} resource.`,
      ),
    });
  return { files, typesModule, shapes };
}

/** The resource class: subresource attributes, their constructor, a method per operation (its types go to `typesModule`, its shape to `shapes`). */
function resourceClass(
  model: ApiModel,
  types: TypeEmitter,
  typesModule: TypeModule,
  resource: ResourcePlan,
  shapes: MethodShape[],
): string {
  const body = new PyWriter();
  body.block(py`class ${id(resource.className)}(SyncAPIResource):`, () => {
    const description = resource.resource.path.join(' / ');
    body.doc(`Operations on ${description}.`);
    for (const child of resource.children) body.line(py`${id(child.attr)}: ${id(child.className)}`);
    if (resource.children.length > 0) {
      body.blank();
      body.block(py`def __init__(self, client: BaseClient) -> None:`, () => {
        body.line(py`super().__init__(client)`);
        for (const child of resource.children) body.line(py`self.${id(child.attr)} = ${id(child.className)}(client)`);
      });
    }
    for (const method of resource.methods) {
      body.blank();
      const shape = methodShape(model, types, typesModule, method);
      shapes.push(shape);
      emitMethod(body, method, shape, securityArg(model, method.op));
    }
  });
  body.blank(2);
  rawResourceClass(body, resource);
  return body.toString();
}

/** `client.with_raw_response.<chain>`: the resource's methods wrapped to return a `RawResponse` (same call path). */
function rawResourceClass(w: PyWriter, resource: ResourcePlan): void {
  w.block(py`class ${id(resource.rawClassName)}:`, () => {
    w.doc(
      `The ${resource.resource.path.join(' / ')} methods, each returning a RawResponse (status, headers, body; parse() gives the usual value).`,
    );
    w.blank();
    w.block(py`def __init__(self, resource: ${id(resource.className)}) -> None:`, () => {
      w.line(py`self._resource = resource`);
      for (const method of resource.methods)
        w.line(py`self.${id(method.name)} = to_raw_response_wrapper(resource.${id(method.name)})`);
      for (const child of resource.children)
        w.line(py`self.${id(child.attr)} = ${id(child.rawClassName)}(resource.${id(child.attr)})`);
    });
  });
}

/** The module's docstring, imports (only the names the class body uses) and `__all__`. */
function resourceModuleHead(resource: ResourcePlan, typesModule: TypeModule, used: ReadonlySet<string>): string {
  const dots = dotsTo(resource);
  const w = new PyWriter();
  w.doc(`The ${resource.resource.path.join(' / ')} resource.`);
  w.blank();
  w.line(py`from __future__ import annotations`);
  w.blank();
  fromImport(w, py`typing`, ['IO', 'Any', 'Dict', 'List', 'Literal', 'Mapping', 'Optional', 'Union', 'cast'], used);
  w.blank();
  const up = (module: string): Py => relModule(dots, module);
  fromImport(w, up('_base_client'), ['BaseClient', 'encode_path'], used);
  fromImport(w, up('_models'), ['DictOf', 'ListOf', 'UnionOf', 'construct'], used);
  fromImport(w, up('_pagination'), ['SyncPage'], used);
  fromImport(w, up('_resource'), ['SyncAPIResource'], used);
  fromImport(w, up('_response'), ['to_raw_response_wrapper'], used);
  fromImport(w, up('_streaming'), ['Stream'], used);
  fromImport(w, up('_types'), ['NOT_GIVEN', 'FileTypes', 'NotGiven'], used);
  importNames(w, relModule(dots, 'types', MODELS_MODULE), typesModule.imports.get(MODELS_MODULE), used);
  for (const [module, names] of [...typesModule.imports].sort(([a], [b]) => compareCodeUnits(a, b))) {
    if (module !== MODELS_MODULE) importNames(w, relModule(dots, 'types', module), names, used);
  }
  if (typesModule.exports.length > 0)
    importNames(w, relModule(dots, 'types', typesModule.name), new Set(typesModule.exports), used);
  for (const child of resource.children)
    w.line(
      py`from .${id(child.modulePath[child.modulePath.length - 1] as string)} import ${id(child.className)}, ${id(child.rawClassName)}`,
    );
  w.blank(2);
  w.line(py`__all__ = [${str(resource.className)}, ${str(resource.rawClassName)}]`);
  w.blank(2);
  return w.toString();
}

/** A parenthesised `from <from> import (...)` of the names (those `used` has, when given), sorted. */
export function importNames(w: PyWriter, from: Py, names: Set<string> | undefined, used?: ReadonlySet<string>): void {
  if (names === undefined) return;
  const sorted = [...names].filter((name) => used === undefined || used.has(name)).sort();
  if (sorted.length === 0) return;
  w.line(py`from ${from} import (`);
  w.indented(() => {
    for (const name of sorted) w.line(py`${id(name)},`);
  });
  w.line(py`)`);
}

/**
 * A `types/` module: imports, `__all__`, the declarations, then the models' field tables. The
 * tables are run-time data (`register_fields` calls) under `if not TYPE_CHECKING:` with the
 * imports only they use: neither checker reads them (pyright's bidirectional inference over a
 * Stripe-sized module of tables took a minute of CPU); importing the package runs them, which the
 * tests do.
 */
/** What a `types/` module may import from `typing` (each only when used). */
export const TYPES_TYPING_NAMES = [
  'TYPE_CHECKING',
  'Any',
  'Dict',
  'List',
  'Literal',
  'Optional',
  'TypeAlias',
  'TypedDict',
  'Union',
];

/** A module's `__all__`, its names sorted. */
export function writeAll(w: PyWriter, names: readonly string[]): void {
  w.line(py`__all__: list[str] = [`);
  w.indented(() => {
    for (const name of [...names].sort()) w.line(py`${str(name)},`);
  });
  w.line(py`]`);
}

export function typesModuleText(module: TypeModule, title: string): string {
  const w = new PyWriter();
  w.doc(title);
  w.blank();
  w.line(py`from __future__ import annotations`);
  w.blank();
  const registry = module.registry.toString();
  const hasRegistry = registry.trim() !== '';
  const declarations = module.writer.toString();
  const used = pyNamesUsed(declarations);
  if (hasRegistry) used.add('TYPE_CHECKING');
  const runtimeOnly = new Set([...pyNamesUsed(registry)].filter((name) => !used.has(name)));
  const imports = (out: PyWriter, names: ReadonlySet<string>): void => {
    fromImport(out, relModule(2, '_models'), ['BaseModel', 'DictOf', 'ListOf', 'UnionOf', 'register_fields'], names);
    if (module.name !== MODELS_MODULE) {
      importNames(out, relModule(1, MODELS_MODULE), module.imports.get(MODELS_MODULE), names);
      for (const [other, from] of [...module.imports].sort(([a], [b]) => compareCodeUnits(a, b))) {
        if (other !== MODELS_MODULE) importNames(out, relModule(1, other), from, names);
      }
    }
  };
  fromImport(w, py`typing`, TYPES_TYPING_NAMES, used);
  w.blank();
  imports(w, used);
  w.blank(2);
  writeAll(w, module.exports);
  if (!hasRegistry) return w.toString() + declarations;
  // The registry is written one level in (`declareModel`), to sit in this block.
  const tail = new PyWriter();
  tail.blank(2);
  tail.block(py`if not TYPE_CHECKING:`, () => {
    tail.comment('The field tables the models are built from (run-time data; the checkers skip them).');
    imports(tail, runtimeOnly);
  });
  return w.toString() + declarations + tail.toString() + '\n' + registry;
}
