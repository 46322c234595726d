// The public entry of the TypeScript SDK generator for the generators that spell calls into the
// SDK (the CLI's commands, the docs' code samples): the SDK's plan (client, resource and method
// names), each method's shape (params keys, body, response, pagination) and the spellers of
// identifiers and literals. Nothing else of the emitter is read from outside it.

export { npmPackageName, resolveOptions } from './options.ts';
export { planSdk, type MethodPlan, type ResourcePlan, type SdkPlan } from './plan.ts';
export { methodShape, type Field, type MethodShape } from './method-shape.ts';
export { id, num, objKey, str } from '../printers/ts-source.ts';
