// Base class of every generated resource: holds the client the methods call through.

import type { BaseClient } from './base-client.js';

export abstract class APIResource {
  protected readonly _client: BaseClient;

  constructor(client: BaseClient) {
    this._client = client;
  }
}
