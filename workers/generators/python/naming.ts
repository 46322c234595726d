// The public entry of the Python SDK generator for the generators that spell calls into the SDK
// (the docs' code samples): the SDK's plan (client, resource and method names), each method's
// shape (keyword arguments, body, response, pagination) and the Python writer's spellers.
// Nothing else of the emitter is read from outside it.

import type { ApiModel } from '../model/types.ts';
import { methodShape, type MethodShape } from './method-shape.ts';
import type { MethodPlan, SdkPlan } from './plan.ts';
import { TypeEmitter, TypeModule } from './schema-types.ts';

export { resolveOptions } from './options.ts';
export { planSdk, type MethodPlan, type ResourcePlan, type SdkPlan } from './plan.ts';
export type { Arg, MethodShape } from './method-shape.ts';
export { id, join, num, py, type Py, PyWriter, str } from '../printers/python-writer.ts';

/**
 * Method shapes of a planned SDK, outside any generated module: the inline types a shape declares
 * go to a scratch module that is never written. Names are claimed in `plan.scope`.
 */
export class MethodShapes {
  readonly #model: ApiModel;
  readonly #types: TypeEmitter;
  readonly #scratch = new TypeModule('\u0000docs');

  constructor(model: ApiModel, plan: SdkPlan) {
    this.#model = model;
    this.#types = new TypeEmitter(model, plan.scope);
  }

  of(method: MethodPlan): MethodShape {
    return methodShape(this.#model, this.#types, this.#scratch, method);
  }
}
