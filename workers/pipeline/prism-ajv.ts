// Prism's request validators compiled without ajv's code-optimisation pass (prism-mock-main.ts).
//
// Prism (@stoplight/prism-http 5.x, validator/validators/utils.js) compiles one ajv validator per
// operation's request body, query and headers the first time a request reaches it, with ajv's
// default options, and ajv's default runs one optimisation pass over each generated function
// (constant folding, dead branches removed). That pass is half of the compile: on OpenAI's
// description, whose request bodies are large, the mock's first suite cost 4.2-4.4 CPU-s with it
// and 2.7-2.8 without it (every later suite 0.5-0.7 either way; Stripe-sized: 2.2-2.6 against
// 1.9-2.0). The pass only rewrites code that computes the same result, so every request is
// validated as before: the same violations, in the same words.
//
// Prism takes no ajv options, so its modules are given subclasses: the `default` export of `ajv`,
// `ajv/dist/2019` and `ajv/dist/2020`, as prism-http resolves them, is replaced before prism-http is
// loaded by one that passes `code: {optimize: 0}` (ajv's own option) to the constructor.

import type { createRequire } from 'node:module';

type AjvClass = new (options?: { code?: Record<string, unknown> }) => object;

/** The ajv entry points prism-http's validators construct their instances from. */
const AJV_MODULES = ['ajv', 'ajv/dist/2019', 'ajv/dist/2020'];

/**
 * Makes every ajv instance prism-http creates from now on compile without the optimisation pass.
 * Must run before prism-http's validators are loaded (they construct their instances on load).
 * Returns how many instances were made that way (prism-http makes two per draft: six).
 */
export function compileWithoutOptimizing(prismHttp: ReturnType<typeof createRequire>): () => number {
  let made = 0;
  for (const id of AJV_MODULES) {
    const exported = prismHttp(id) as { default: AjvClass };
    const Ajv = exported.default;
    exported.default = class extends Ajv {
      constructor(options: { code?: Record<string, unknown> } = {}) {
        super({ ...options, code: { ...options.code, optimize: 0 } });
        made++;
      }
    };
  }
  return () => made;
}
