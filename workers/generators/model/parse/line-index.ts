// Offset -> 1-based line/column, by binary search over line starts. The starts are found on
// first use: most documents parse without an error, and their locations are read lazily.

export interface LineColumn {
  line: number;
  column: number;
}

export class LineIndex {
  readonly #text: string;
  #starts: number[] | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  #lineStarts(): number[] {
    if (this.#starts !== undefined) return this.#starts;
    const text = this.#text;
    const starts = [0];
    let i = text.indexOf('\n');
    while (i !== -1) {
      starts.push(i + 1);
      i = text.indexOf('\n', i + 1);
    }
    return (this.#starts = starts);
  }

  at(offset: number): LineColumn {
    const starts = this.#lineStarts();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  }
}
