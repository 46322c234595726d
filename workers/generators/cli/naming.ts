// The public entry of the CLI generator for the docs' CLI samples and the MCP server: the
// executable's name (and how one is made of a candidate) and the command tree (command words and
// flag names, as the generated CLI has them).

import type { ApiModel } from '../model/types.ts';
import { resolveOptions } from '../typescript/naming.ts';
import { resolveCliOptions } from './options.ts';

export { binaryName } from './options.ts';

export { planCommands, type CliFlag, type CliGroup, type CliMethod } from './plan.ts';

/** The executable's name with default options (what `emitCli(model)` names it). */
export function cliBinaryName(model: ApiModel): string {
  return resolveCliOptions(model, resolveOptions(model)).binaryName;
}
