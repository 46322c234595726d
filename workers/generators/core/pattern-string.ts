// A string that a schema's `pattern` (and its lengths) accepts, for the generated SDK tests
// (test-values.ts): generated from the regular expression by randexp, deterministically and within
// bounds. The same pattern always gives the same string (the emitted tests are byte-identical
// between runs): randexp's `randInt` is replaced by a generator seeded from the pattern, and the
// only limits are counts (steps and characters), never the clock. A pattern that randexp cannot
// read, that asks for more than the budget, or whose result the pattern itself refuses (a
// lookahead, a Unicode class randexp does not know) gives undefined: the caller keeps its own value.
// The string is plain data, printed by each language's literal printer like any other value.

import * as randexp from 'randexp';

/** A token of randexp's parse (ret's): a repetition has `min`, `max` and `value`; a group `stack` or `options`. */
interface Token {
  type: number;
  min?: number;
  max?: number;
  value?: unknown;
  stack?: unknown;
  options?: unknown;
}

/** What is used of randexp's class. */
interface RandExpLike {
  max: number;
  defaultRange: { subtract(from: number, to: number): unknown; add(from: number, to: number): unknown };
  randInt(a: number, b: number): number;
  gen(): string;
  _gen(token: Token, groups: (string | null)[]): string;
}

// randexp is CommonJS whose `module.exports` is the class, declared as an ES `default` export:
// Node's (and a bundler's) namespace holds the class as `default`, while TypeScript reads it as
// the class under Bundler resolution and as the module under NodeNext. Typed here once, by hand.
const RandExp = (randexp as unknown as { default: new (pattern: string) => RandExpLike }).default;

/** Work for one attempt: calls of randexp's generator (each character, set, group, repetition). */
const STEP_BUDGET = 4_000;
/** Characters one attempt may produce, unless `minLength` asks for more (up to MAX_LENGTH). */
const LENGTH_BUDGET = 256;
const MAX_LENGTH = 10_000;
/** A pattern longer than this is not generated from (its parse alone is work of its size). */
const MAX_PATTERN = 4_000;

/** Character sets `.` and negated classes draw from: letters and digits first, then printable ASCII. */
const ALNUM: [number, number][] = [
  [48, 57],
  [65, 90],
  [97, 122],
];
const PRINTABLE: [number, number][] = [[32, 126]];

interface Attempt {
  /** Repetitions run at most this many times past their minimum... */
  extra: number;
  /** ...and exactly that many (to reach a `minLength`) rather than a seeded number up to it. */
  full: boolean;
  range: [number, number][];
}

/** Attempts in order: repetitions as short as the pattern allows first. */
const ATTEMPTS: Attempt[] = [0, 2, 8].flatMap((extra) => [
  { extra, full: false, range: ALNUM },
  { extra, full: false, range: PRINTABLE },
]);

/** With a `minLength`, repetitions that run longer: a few lengths up to the minimum, each filled and seeded. */
function longerAttempts(min: number): Attempt[] {
  const extras = [...new Set([Math.ceil(min / 8), Math.ceil(min / 4), Math.ceil(min / 2), min])];
  return extras.flatMap((extra) =>
    [true, false].flatMap((full) => [
      { extra, full, range: ALNUM },
      { extra, full, range: PRINTABLE },
    ]),
  );
}

class OverBudget extends Error {}

/** randexp with a seeded `randInt`, repetitions capped at `min + max`, and a budget of steps and characters. */
class BoundedRandExp extends RandExp {
  private steps = 0;
  private produced = 0;
  private readonly lengthBudget: number;
  private readonly full: boolean;
  private state: number;

  constructor(pattern: string, seed: number, lengthBudget: number, full: boolean) {
    super(pattern);
    this.state = seed;
    this.lengthBudget = lengthBudget;
    this.full = full;
  }

  /** mulberry32: a small deterministic generator, the same sequence for the same seed. */
  override randInt(a: number, b: number): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return a + Math.floor(unit * (b - a + 1));
  }

  override _gen(token: Token, groups: (string | null)[]): string {
    this.steps += 1;
    if (this.steps > STEP_BUDGET) throw new OverBudget();
    // A repetition: at most `max` more than its minimum, whatever its own upper bound ({1,100000}).
    if (token.min !== undefined && token.max !== undefined && token.value !== undefined) {
      if (token.min > this.lengthBudget) throw new OverBudget();
      const max = Math.min(token.max, token.min + this.max);
      return super._gen({ ...token, min: this.full ? max : token.min, max }, groups);
    }
    const out = super._gen(token, groups);
    // Only characters, sets and back-references produce text; groups only gather it.
    if (token.stack === undefined && token.options === undefined) {
      this.produced += out.length;
      if (this.produced > this.lengthBudget) throw new OverBudget();
    }
    return out;
  }
}

/** FNV-1a of the pattern: the seed, so a pattern's string does not depend on what was generated before. */
function seedOf(pattern: string, attempt: number): number {
  let h = 0x811c9dc5 ^ attempt;
  for (let i = 0; i < pattern.length; i++) {
    h ^= pattern.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/**
 * A string `pattern` accepts (checked with the same `RegExp` as the rest of the value builder) of
 * `minLength`..`maxLength` code points, or undefined when none was found within the budget.
 */
export function patternString(pattern: string, minLength?: number, maxLength?: number): string | undefined {
  if (pattern.length > MAX_PATTERN) return undefined;
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  const min = minLength ?? 0;
  const max = maxLength ?? Number.POSITIVE_INFINITY;
  if (min > max || min > MAX_LENGTH) return undefined;
  const lengthBudget = Math.min(Math.max(LENGTH_BUDGET, min), Number.isFinite(max) ? Math.max(max, 1) : MAX_LENGTH);
  const attempts = min > 0 ? [...ATTEMPTS, ...longerAttempts(min)] : ATTEMPTS;
  for (const [index, attempt] of attempts.entries()) {
    let out: string;
    try {
      const gen = new BoundedRandExp(pattern, seedOf(pattern, index), lengthBudget, attempt.full);
      gen.max = attempt.extra;
      gen.defaultRange.subtract(0, 0x10ffff);
      for (const [from, to] of attempt.range) gen.defaultRange.add(from, to);
      out = gen.gen();
    } catch {
      // randexp could not read the pattern, or it asked for more than the budget.
      continue;
    }
    const length = [...out].length;
    if (length >= min && length <= max && re.test(out)) return out;
  }
  return undefined;
}
