// Defaults for the generator options, derived from the model when absent.

import { envPrefixOf, idempotencyHeaderOf } from '../core/client.ts';
import type { ApiModel } from '../model/types.ts';
import { kebabCase, snakeCase } from '../names/case.ts';
import { pyIdent } from '../names/python.ts';
import type { PythonSdkOptions, ResolvedPythonSdkOptions } from './types.ts';

/** PEP 508 / PEP 503 distribution name. */
const DIST_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
/** PEP 440 public version (the common subset). */
const PEP440 = /^(?:[0-9]+!)?[0-9]+(?:\.[0-9]+)*(?:(?:a|b|rc)[0-9]+)?(?:\.post[0-9]+)?(?:\.dev[0-9]+)?$/;

/** Top-level modules an installed package must not shadow (generated code and users import them). */
const STDLIB_SHADOWS = new Set([
  'abc',
  'base64',
  'builtins',
  'collections',
  'dataclasses',
  'email',
  'enum',
  'http',
  'io',
  'json',
  'os',
  'random',
  're',
  'socket',
  'sys',
  'time',
  'types',
  'typing',
  'urllib',
  'uuid',
]);

/**
 * Name and version are capped (100 and 64 characters) because they name files: the wheel
 * `<name>-<version>-py3-none-any.whl`, the sdist and its folder, the `.egg-info` folder the build
 * writes; past a file name's 255 bytes the standard build cannot write them.
 */
const MAX_DIST_NAME = 100;
const MAX_VERSION = 64;

export function distributionName(candidate: string | undefined, fallback: string): string {
  if (candidate !== undefined && candidate.length <= MAX_DIST_NAME && DIST_NAME.test(candidate)) return candidate;
  const derived = kebabCase(candidate ?? '') || kebabCase(fallback) || 'api';
  const name =
    candidate !== undefined && kebabCase(candidate) !== ''
      ? derived.slice(0, MAX_DIST_NAME)
      : `${derived}-sdk`.slice(0, MAX_DIST_NAME);
  return name.replace(/[._-]+$/, '') || 'api';
}

export function resolveOptions(model: ApiModel, options: PythonSdkOptions = {}): ResolvedPythonSdkOptions {
  const rawClient = options.clientName ?? model.client.name;
  const clientClass = pyIdent(rawClient === '' ? model.info.title || 'Client' : rawClient, {
    kind: 'type',
    casings: model.client.wordCasings,
  });
  const infoVersion = model.info.version;
  const version =
    options.version ?? (PEP440.test(infoVersion) && infoVersion.length <= MAX_VERSION ? infoVersion : '0.1.0');
  if (!PEP440.test(version))
    throw new Error(`Python SDK version must be a PEP 440 version, got ${JSON.stringify(version)}.`);
  const packageName = distributionName(
    options.packageName ?? (model.client.packages.python || undefined),
    rawClient || model.info.title,
  );
  const moduleRaw = options.moduleName ?? (model.client.packages.pythonModule || snakeCase(packageName));
  // Capped: it names the package directory (a file name has a byte limit).
  const moduleName = pyIdent(moduleRaw, { case: 'snake' }).slice(0, 64);
  return {
    packageName,
    moduleName: STDLIB_SHADOWS.has(moduleName) ? `${moduleName}_sdk` : moduleName,
    version,
    clientClass,
    envPrefix: envPrefixOf(model, options.envPrefix, clientClass),
    idempotencyHeader: idempotencyHeaderOf(options.idempotencyHeader),
  };
}
