import type { Request, Response } from 'express';
import type { Deps } from '../services/deps.ts';

export interface Context {
  req: Request;
  res: Response;
  deps: Deps;
  requestId: string;
}
