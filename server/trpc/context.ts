import type { Request, Response } from 'express';
import type { Deps } from '../services/deps.ts';

export interface Context {
  req: Request;
  res: Response;
  deps: Deps;
  requestId: string;
  /**
   * Which door the request came through: `trpc` (/trpc, where the web app's session cookie is
   * honoured) or `rest` (/api, bearer tokens only: a cookie never authorizes it).
   */
  transport: 'trpc' | 'rest';
}
