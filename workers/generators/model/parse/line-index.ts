// Offset -> 1-based line/column, by binary search over line starts.

export interface LineColumn {
  line: number;
  column: number;
}

export class LineIndex {
  readonly #starts: number[];

  constructor(text: string) {
    const starts = [0];
    let i = text.indexOf('\n');
    while (i !== -1) {
      starts.push(i + 1);
      i = text.indexOf('\n', i + 1);
    }
    this.#starts = starts;
  }

  get lineCount(): number {
    return this.#starts.length;
  }

  at(offset: number): LineColumn {
    const starts = this.#starts;
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
