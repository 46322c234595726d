// `npm start` (and every service process the tests and benchmarks spawn). Node's on-disk compile
// cache is turned on before the service's module graph is loaded, so a restarted API or worker
// process reuses the compiled code of our modules and of the TypeScript compiler (module loading
// drops from ~0.8 s to ~0.4 s here). The graph is imported afterwards, dynamically, because a
// static import would be compiled before this line runs. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./run-service.ts');
