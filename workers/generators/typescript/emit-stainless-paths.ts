// Partner runs: the modules a Stainless SDK's users import by subpath, at Stainless's paths, over
// this SDK's own modules (`package.json` `exports` makes every module a subpath): `core/error`,
// `error`, `resources` and `resources/index`, `resources/shared`, `core` (the older SDKs'
// `<pkg>/core`), `version`. Custom code carried from the shipped SDK imports them too.

import { flattenResources } from '../core/resources.ts';
import type { GeneratedFile } from '../core/files.ts';
import type { SdkPlan } from './plan.ts';
import { block, printModule, str, withDoc } from '../printers/ts-source.ts';

const reexport = (from: string): string => `export * from ${str(from)};`;

export function emitStainlessPaths(plan: SdkPlan): GeneratedFile[] {
  const client = plan.options.clientClass;
  const file = (path: string, about: string, statements: string[]): GeneratedFile => ({
    path,
    content: printModule(about, statements),
  });
  const resourceModules = flattenResources(plan.resources).map((r) => r.module);
  const core = ['api-promise', 'base-client', 'errors', 'pagination', 'streaming', 'uploads'];
  return [
    file('src/core/error.ts', `The error classes of the ${client} SDK (Stainless's \`core/error\`).`, [
      reexport('./errors.js'),
    ]),
    file('src/error.ts', `The error classes of the ${client} SDK (Stainless's \`error\`).`, [
      reexport('./core/errors.js'),
    ]),
    file('src/core.ts', `The runtime of the ${client} SDK (the older Stainless SDKs' \`core\`).`, [
      ...core.map((m) => reexport(`./core/${m}.js`)),
      'export const Headers = globalThis.Headers;',
      withDoc(
        block('export function safeJSON(text: string): any ', [
          block('try ', ['return JSON.parse(text);'], ` catch ${block('', ['return undefined;'])}`),
        ]),
        ['`text` parsed as JSON, or undefined when it is not JSON.'],
      ),
    ]),
    file(
      'src/resources/index.ts',
      `Every resource of the ${client} SDK with its params and response types (Stainless's \`resources/index\`).`,
      resourceModules.map((m) => reexport(`./${m.slice('resources/'.length)}.js`)),
    ),
    file('src/resources.ts', `Every resource of the ${client} SDK (Stainless's \`resources\`).`, [
      reexport('./resources/index.js'),
    ]),
    file('src/resources/shared.ts', `The models of the ${client} SDK (Stainless's \`resources/shared\`).`, [
      reexport('../models.js'),
    ]),
    file('src/version.ts', `The version of the ${client} SDK.`, [
      `export const VERSION = ${str(plan.options.version)};`,
    ]),
  ];
}
