// The descriptions the shared-parse and shared-model tests run on, and the freezing they share: a
// run's process shares one parse and one model between readers, and each reader must leave them as
// they are (an ES module is strict: a write to a frozen object throws).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripeLikeDescription } from '../../../../bench/synthetic-stripe-like.ts';

const FIXTURES = join(import.meta.dirname, '../../../fixtures');

/** A fixture's text. */
export const readFixture = (path: string): string => readFileSync(join(FIXTURES, path), 'utf8');

/** [label, description, the previous description the diff compares it with] */
export const SHARED_CASES: [string, string, string][] = [
  ['the feature zoo', readFixture('specs/zoo-3.1.yaml'), readFixture('specs/legacy-3.0.json')],
  ['a revision', readFixture('diff/families-revision.yaml'), readFixture('diff/families-base.yaml')],
  ['Stripe-like, 12 resources', stripeLikeDescription(12), stripeLikeDescription(10)],
];

export function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
