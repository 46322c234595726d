// Prism's mock server as `prism mock` starts it (prism-cli 5.16.0's `createPrismServerWithLogger`,
// through prism-cli's own copies of Prism's packages), with two differences that cost CPU and
// checked nothing the wire tests read (docs/wire-tests.md, "Speed"):
// - Prism does not validate the answers it generates itself (`validateResponse: false`). With
//   `errors: false`, as `prism mock` runs, a response violation only adds to the `sl-violations`
//   header of an answer that is sent anyway, and to the log; the SDKs' tests read that header on
//   a refused request only. Every request is still validated (path, query, header, body) and its
//   security checked, as before.
// - No request log: nothing reads it, and writing it (pino, then prism-cli's `jsonrepair` and
//   `signale` per line) cost more than answering. Errors before listening go to stderr.
// And two that give the same answers for less: Prism's own router sees only the operations whose
// path could match the request (`prism-route-narrowing.ts`), through `createInstance`'s `route`
// component; its request validators are compiled without ajv's optimisation pass (`prism-ajv.ts`).
// Usage (workers/pipeline/mock-server.ts): node prism-mock-main.ts <port> <description file>, or
// node prism-mock-main.ts --stdin: Prism's modules are loaded first (0.6-0.7 CPU-s), then the port
// and the file are read as one JSON line on stdin (`{"port":…,"file":…}`), so a run can load Prism
// while it is still reading its description (mock-server.ts, `preloadMockServer`). Its stdin
// closing before that line ends it: the run that loaded it is gone or did not need it.
// It prints `Prism is listening on http://127.0.0.1:<port>` once it listens.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compileWithoutOptimizing } from './prism-ajv.ts';
import { narrowedRoute, type RouteRequest } from './prism-route-narrowing.ts';

interface PrismHttpServer {
  listen(port: number, host: string): Promise<string>;
}

// prism-cli's own dependencies, as `prism mock` loads them (not separate copies of ours).
const prismCli = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json'));
// Before prism-http's validators load: they make their ajv instances as they load.
compileWithoutOptimizing(createRequire(prismCli.resolve('@stoplight/prism-http/package.json')));
const { getHttpOperationsFromSpec } = prismCli('@stoplight/prism-http') as {
  getHttpOperationsFromSpec(file: string): Promise<unknown[]>;
};
const { createServer } = prismCli('@stoplight/prism-http-server') as {
  createServer(operations: unknown[], options: unknown): PrismHttpServer;
};
const { createLogger } = prismCli('@stoplight/prism-core') as {
  createLogger(name: string, options: { level: string }): { child(bindings: { name: string }): unknown };
};
const prismRouter = prismCli('@stoplight/prism-http/dist/router') as {
  default(request: RouteRequest<{ url: { path: string; baseUrl?: string } }>): unknown;
};
const { configureExtensionsUserProvided } = prismCli('./dist/extensions.js') as {
  configureExtensionsUserProvided(file: string, options: Record<string, unknown>): Promise<void>;
};

/** The port and the file to serve: from the arguments, or from the first line on stdin (`--stdin`). */
async function target(): Promise<[string | undefined, string | undefined]> {
  const args = process.argv.slice(2);
  if (args[0] !== '--stdin') return [args[0], args[1]];
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    const end = text.indexOf('\n');
    if (end < 0) continue;
    const given = JSON.parse(text.slice(0, end)) as { port?: unknown; file?: unknown };
    return [String(given.port), typeof given.file === 'string' ? given.file : undefined];
  }
  // Stdin closed with nothing to serve.
  process.exit(0);
}

const [portText, file] = await target();
if (portText === undefined || file === undefined) {
  console.error('usage: prism-mock-main.ts <port> <description file> | --stdin');
  process.exit(2);
}

try {
  const operations = await getHttpOperationsFromSpec(file);
  // `x-json-schema-faker` settings of the description, as `prism mock` reads them (it dereferences
  // the whole description a second time for that, so only when the description has them).
  if (readFileSync(file, 'utf8').includes('"x-json-schema-faker"'))
    await configureExtensionsUserProvided(file, { fillProperties: undefined });
  if (operations.length === 0) throw new Error('No operations found in the current file.');
  const logger = createLogger('CLI', { level: 'silent' });
  const server = createServer(operations, {
    cors: true,
    config: {
      validateRequest: true,
      validateResponse: false,
      checkSecurity: true,
      errors: false,
      upstreamProxy: undefined,
      mock: { dynamic: false, ignoreExamples: false, seed: null },
      isProxy: false,
    },
    components: { logger: logger.child({ name: 'HTTP SERVER' }), route: narrowedRoute(prismRouter.default) },
  });
  const address = await server.listen(Number(portText), '127.0.0.1');
  console.log(`Prism is listening on ${address}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
