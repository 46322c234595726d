// The entry of a run's own process (workers/pipeline/isolated-run.ts forks it). Like
// bin/start.mjs: the compile cache is turned on before the TypeScript modules load, so a new
// run process reuses their compiled code and never loads Node's type stripper.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./run-process.ts');
