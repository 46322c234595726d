import { findExecutable } from './pipeline/check-with-tool.ts';
import { findGoToolchain, GO_TOOLS_SETUP } from './pipeline/go-tools.ts';
import { PYTHON_TOOLS_SETUP, pythonTools } from './pipeline/python-tools.ts';

/** A checker tool the report runs that is not there, and the one command that installs it. */
export interface MissingChecker {
  tool: string;
  /** What goes without it. */
  effect: string;
  install: string;
}

/**
 * Tools the project's install cannot bring (not on npm or PyPI): found on PATH, each with the one
 * command that installs it on Debian. One line per tool.
 */
const SYSTEM_TOOLS: readonly { tool: string; effect: string; install: string }[] = [
  { tool: 'python3', effect: 'the Python SDK is not checked', install: 'sudo apt-get install python3 python3-venv' },
  { tool: 'go', effect: 'the Go SDK is not checked', install: 'sudo apt-get install golang-go' },
];

/**
 * The checker tools a report runs that this worker lacks, each with the one command that installs
 * it: the pinned Python tools of the project's environment (`npm install` makes it), then tools
 * only the system can give. Printed once when the worker starts; a step that needs a missing tool
 * still says `skipped` in its summary.
 */
export function missingCheckers(): MissingChecker[] {
  const missing: MissingChecker[] = [];
  for (const system of SYSTEM_TOOLS) if (!findExecutable(system.tool)) missing.push(system);
  // staticcheck is built into the project (`tools/staticcheck` → `.tools/go/bin`): named once go itself is there.
  if (!missing.some((m) => m.tool === 'go') && findGoToolchain().missing.some((t) => t.startsWith('staticcheck')))
    missing.push({
      tool: "staticcheck (pinned, in the project's .tools/go/bin)",
      effect: 'the Go SDK is not checked',
      install: GO_TOOLS_SETUP,
    });
  const python = missing.some((m) => m.tool === 'python3');
  for (const tool of pythonTools().missing) {
    missing.push({
      tool: `${tool} (pinned, in the project's .python-tools environment)`,
      effect: tool === 'pyproject-build' || tool === 'twine' ? 'no wheel or sdist' : 'the Python SDK is not checked',
      install: python ? `sudo apt-get install python3 python3-venv && ${PYTHON_TOOLS_SETUP}` : PYTHON_TOOLS_SETUP,
    });
  }
  return missing;
}
