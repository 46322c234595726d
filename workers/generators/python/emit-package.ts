// Package scaffolding: pyproject.toml, the package `__init__.py`, `resources/__init__.py`,
// `types/__init__.py` and `py.typed`.

import { compareCodeUnits, type GeneratedFile } from '../core/files.ts';
import type { ApiModel } from '../model/types.ts';
import { flattenResources } from '../core/resources.ts';
import type { SdkPlan } from './plan.ts';
import type { ResolvedPythonSdkOptions } from './types.ts';
import { id, py, PyWriter, relModule, str } from '../printers/python-writer.ts';

/** A TOML basic string. */
export function tomlStr(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 || code === 0x85)
      out += '\\u' + code.toString(16).padStart(4, '0');
    else out += ch;
  }
  return `"${out}"`;
}

export function emitPyproject(model: ApiModel, options: ResolvedPythonSdkOptions): GeneratedFile {
  const description = (model.info.title !== '' ? `Python client for ${model.info.title}` : 'Python API client')
    .replace(/\s+/g, ' ')
    .slice(0, 200);
  const lines = [
    '[build-system]',
    // hatchling, as Stainless's Python SDKs use: its wheel and sdist are reproducible on their own
    // (SOURCE_DATE_EPOCH, or a fixed date) and it builds both in a third of setuptools' CPU.
    'requires = ["hatchling>=1.26"]',
    'build-backend = "hatchling.build"',
    '',
    '[project]',
    `name = ${tomlStr(options.packageName)}`,
    `version = ${tomlStr(options.version)}`,
    `description = ${tomlStr(description)}`,
    'readme = "README.md"',
    'requires-python = ">=3.10"',
    'dependencies = []',
    'classifiers = [',
    '    "Programming Language :: Python :: 3",',
    '    "Typing :: Typed",',
    ']',
    '',
    '[tool.hatch.build.targets.wheel]',
    `packages = [${tomlStr(`src/${options.moduleName}`)}]`,
    '',
  ];
  return { path: 'pyproject.toml', content: lines.join('\n') };
}

const ERRORS = [
  'APIError',
  'APIStatusError',
  'APIConnectionError',
  'APITimeoutError',
  'APIResponseValidationError',
  'BadRequestError',
  'AuthenticationError',
  'PermissionDeniedError',
  'NotFoundError',
  'ConflictError',
  'UnprocessableEntityError',
  'RateLimitError',
  'InternalServerError',
  'OAuthError',
  'WebhookVerificationError',
];

export function emitPackageInit(plan: SdkPlan): string {
  const { options } = plan;
  const w = new PyWriter();
  w.doc(`${options.packageName} ${options.version}: the ${options.clientClass} client.`);
  w.blank();
  w.line(py`from . import types`);
  w.line(py`from ._async_base import AsyncPage, AsyncStream`);
  w.line(py`from ._async_client import ${id(plan.asyncClientClass)}`);
  w.line(py`from ._client import ENVIRONMENTS, ${id(options.clientClass)}`);
  const errors = plan.baseErrorClass !== undefined ? [plan.baseErrorClass, ...ERRORS] : ERRORS;
  w.line(py`from ._errors import (`);
  w.indented(() => errors.forEach((e) => w.line(py`${id(e)},`)));
  w.line(py`)`);
  w.line(py`from ._models import BaseModel`);
  w.line(py`from ._pagination import PageResult, SyncPage`);
  w.line(py`from ._response import RawResponse`);
  w.line(py`from ._streaming import ServerSentEvent, Stream`);
  w.line(py`from ._types import NOT_GIVEN, FileTypes, NotGiven`);
  w.blank();
  w.line(py`__version__ = ${str(options.version)}`);
  w.blank();
  const names = [
    options.clientClass,
    plan.asyncClientClass,
    'ENVIRONMENTS',
    ...errors,
    'AsyncPage',
    'AsyncStream',
    'BaseModel',
    'FileTypes',
    'NOT_GIVEN',
    'NotGiven',
    'PageResult',
    'RawResponse',
    'ServerSentEvent',
    'Stream',
    'SyncPage',
    'types',
    '__version__',
  ];
  w.line(py`__all__ = [`);
  w.indented(() => names.forEach((n) => w.line(py`${str(n)},`)));
  w.line(py`]`);
  return w.toString();
}

export function emitResourcesInit(plan: SdkPlan): string {
  const w = new PyWriter();
  w.doc('Resource classes.');
  w.blank();
  for (const r of plan.resources)
    w.line(py`from ${relModule(1, ...r.modulePath)} import ${id(r.className)} as ${id(r.className)}`);
  w.blank();
  w.line(py`__all__: list[str] = [`);
  w.indented(() =>
    flattenResources(plan.resources)
      .filter((r) => r.modulePath.length === 1)
      .forEach((r) => w.line(py`${str(r.className)},`)),
  );
  w.line(py`]`);
  return w.toString();
}

/** `types/__init__.py`: every generated type, re-exported (`modules` maps module name -> exported names). */
export function emitTypesInit(modules: Map<string, string[]>): string {
  const w = new PyWriter();
  w.doc('Types of requests and responses (TypedDicts and aliases).');
  w.blank();
  const all: string[] = [];
  for (const [module, names] of [...modules].sort(([a], [b]) => compareCodeUnits(a, b))) {
    if (names.length === 0) continue;
    w.line(py`from ${relModule(1, module)} import (`);
    w.indented(() => [...names].sort().forEach((n) => w.line(py`${id(n)} as ${id(n)},`)));
    w.line(py`)`);
    all.push(...names);
  }
  w.blank();
  w.line(py`__all__: list[str] = [`);
  w.indented(() => [...all].sort().forEach((n) => w.line(py`${str(n)},`)));
  w.line(py`]`);
  return w.toString();
}
