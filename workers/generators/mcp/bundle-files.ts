// The MCP server runtime copied verbatim into every package as `src/mcp/*.ts`. The files are real
// TypeScript in `bundle/`, type-checked inside generated packages by the tests.

import { join } from 'node:path';
import { bundleCopier } from '../core/files.ts';

export const MCP_BUNDLE_DIR = join(import.meta.dirname, 'bundle');

export const mcpBundleFiles = bundleCopier(MCP_BUNDLE_DIR, (name) => name.endsWith('.ts'), 'src/mcp/');
