// Where the description diff's changes are collected: each gets its level and oasdiff id from the
// rule catalogue (rules.ts) unless the check knows better, up to a cap on how many are kept.

import type { ChangeLevel, DescriptionChange } from '../types.ts';
import { levelOf, oasdiffIdOf } from './rules.ts';

export class Collector {
  readonly changes: DescriptionChange[] = [];
  truncated = 0;
  private readonly max: number;
  /** Level and oasdiff id by change id (a report repeats a few dozen ids many times). */
  private readonly rules = new Map<string, { level: ChangeLevel; oasdiff: string | undefined }>();
  constructor(max: number) {
    this.max = max;
  }
  /** The level is the catalogue's for the id unless the caller knows better (see rules.ts). */
  add(change: Omit<DescriptionChange, 'level'> & { level?: ChangeLevel }): void {
    if (this.changes.length >= this.max) {
      this.truncated++;
      return;
    }
    let rule = this.rules.get(change.id);
    if (rule === undefined) {
      rule = { level: levelOf(change.id), oasdiff: oasdiffIdOf(change.id) };
      this.rules.set(change.id, rule);
    }
    const oasdiff = rule.oasdiff;
    const level = change.level ?? rule.level;
    this.changes.push(oasdiff !== undefined ? { ...change, level, oasdiff } : { ...change, level });
  }
}
