// Starts a benchmark's child process as `bin/start.mjs` starts the service: Node's compile cache
// on, then the TypeScript script imported, so a warm run type-strips and compiles nothing (an entry
// written in TypeScript would load Node's type stripper first, ~0.13 s). The script sees the argv
// it would see if run directly: `node bench/launch.mjs bench/docs.ts --child a b` runs bench/docs.ts
// with process.argv = [node, bench/docs.ts, --child, a, b]. BENCH_COMPILE_CACHE=off measures without the cache.
import { enableCompileCache } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

if (process.env.BENCH_COMPILE_CACHE !== 'off') enableCompileCache();
const script = process.argv[2];
if (script === undefined) throw new Error('usage: node bench/launch.mjs <script.ts> [args...]');
process.argv.splice(1, 2, resolve(script));
await import(pathToFileURL(resolve(script)).href);
