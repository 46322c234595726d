// Strings generated from a schema's `pattern` for the generated SDK tests
// (workers/generators/core/pattern-string.ts): accepted by the pattern and the lengths, the same on
// every call, and bounded: a hostile pattern gives undefined (the caller keeps its own value) at once.
import { describe, expect, it } from 'vitest';
import { patternString } from '../../../../workers/generators/core/pattern-string.ts';

/** tomtom routing's `locations` (apis-guru/tomtom.com): none of the builder's plain candidates match it. */
const TOMTOM = '^((\\d+\\.?\\d*,\\d+\\.?\\d*):?)+$';

describe('patternString', () => {
  it('gives a string the pattern accepts, within minLength and maxLength', () => {
    for (const [pattern, min, max] of [
      [TOMTOM, undefined, undefined],
      [TOMTOM, 12, 16],
      ['^AC[0-9a-fA-F]{32}$', undefined, undefined],
      ['^[a-z]+$', 20, 30],
      ['^[^\\w]+$', 3, 3],
      ['^(?:[a-z]+-)*[a-z]+$', 10, undefined],
      ['^.{5,}$', undefined, 5],
    ] as const) {
      const out = patternString(pattern, min, max);
      expect(out, `${pattern} ${min}..${max}`).toBeDefined();
      expect(new RegExp(pattern, 'u').test(out as string), `${pattern}: ${out}`).toBe(true);
      expect([...(out as string)].length).toBeGreaterThanOrEqual(min ?? 0);
      expect([...(out as string)].length).toBeLessThanOrEqual(max ?? Number.POSITIVE_INFINITY);
    }
  });

  it('is deterministic: the same string for the same pattern, whatever was generated before', () => {
    const first = patternString(TOMTOM);
    patternString('^[a-z]{3}-\\d+$');
    patternString(TOMTOM, 12, 16);
    expect(patternString(TOMTOM)).toBe(first);
    // Pinned: a change of randexp or of the seeding would change every generated test file.
    expect(first).toBe('8,3');
  });

  it('gives undefined for what it cannot or should not generate, without hanging', () => {
    const started = performance.now();
    for (const [pattern, min, max] of [
      // Unreadable, or a lookahead randexp ignores (its result does not match).
      ['(', undefined, undefined],
      ['^(?=x)y$', undefined, undefined],
      // Sizes: a huge repetition, nested repetitions, back-references doubling the text.
      ['^x{99999999}$', undefined, undefined],
      ['^(a{1000}){1000}$', undefined, undefined],
      [`^(a)${Array.from({ length: 9 }, (_, i) => `(\\${i + 1}\\${i + 1})`).join('')}$`, undefined, undefined],
      [`^${'(a|b)'.repeat(2000)}$`, undefined, undefined],
      // Lengths the pattern cannot meet, or that contradict each other.
      ['^[a-z]{2}$', 5, undefined],
      ['^[a-z]+$', 4, 2],
      ['^[a-z]+$', 1_000_000, undefined],
    ] as const)
      expect(patternString(pattern, min, max), pattern.slice(0, 60)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
