// Base class of every generated resource: holds the client the methods call through.

import type { BaseClient } from './base-client.js';

export abstract class APIResource {
  protected readonly _client: BaseClient;

  constructor(client: BaseClient) {
    this._client = client;
  }
}

/**
 * The caller's own properties of `params`, on an object without a prototype: a parameter named
 * like an `Object.prototype` member (`constructor`, `toString`, `valueOf`, `__proto__`) reads as
 * undefined when it was not given, never as the inherited member.
 */
export function ownParams<T extends object>(params: T): T {
  const own = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(params)) own[key] = (params as Record<string, unknown>)[key];
  return own as T;
}
