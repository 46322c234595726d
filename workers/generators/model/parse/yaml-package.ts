// The `yaml` package, loaded on first use. Most descriptions are JSON or plain YAML (read by the
// js-yaml fast path), so a process that only builds models and sites need not load it (~40 ms of
// module loading per process start). `require`, not `import()`: parsing is synchronous. It is the
// same module instance an `import` of 'yaml' would give.

import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

const require = createRequire(import.meta.url);
let loaded: typeof Yaml | undefined;

export function yamlPackage(): typeof Yaml {
  return (loaded ??= require('yaml') as typeof Yaml);
}
