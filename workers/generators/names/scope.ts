// Collision handling within one naming scope (a module's exports, an object's members, a
// function's parameters): the first claimant keeps the name, later ones get `2`, `3`, ...

export class NameScope {
  readonly #taken = new Set<string>();
  readonly #byRaw = new Map<string, string>();

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.#taken.add(name);
  }

  /** Returns a name unique in this scope for `raw` (the same raw name always gets the same result). */
  claim(raw: string, candidate: string): string {
    const existing = this.#byRaw.get(raw);
    if (existing !== undefined) return existing;
    let name = candidate;
    for (let n = 2; this.#taken.has(name); n++) name = `${candidate}${n}`;
    this.#taken.add(name);
    this.#byRaw.set(raw, name);
    return name;
  }

  has(name: string): boolean {
    return this.#taken.has(name);
  }
}
