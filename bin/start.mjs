// `npm start` (and every API/worker process the tests and benchmarks spawn). Node's on-disk compile
// cache is turned on before the service's module graph is loaded, so a restarted API or worker
// process reuses the compiled code (and the type-stripped sources) of our modules (module loading
// drops from ~0.8 s to ~0.4 s here). The graph is imported afterwards, dynamically, because a
// static import would be compiled before this line runs. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
//
// The one JavaScript file of the service: an entry written in TypeScript has to be type-stripped
// before it runs, which loads Node's stripper (amaro) even when every other module comes from the
// cache, about 0.13 s per process start. Everything it imports is TypeScript.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./start.ts');
