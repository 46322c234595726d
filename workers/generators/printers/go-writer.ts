// Writing gofmt'ed Go as text. Spec text reaches a file only through `names/go.ts` (identifiers,
// string literals, tag names, comments); this module lays code out as gofmt does: tab
// indentation, import groups sorted, and struct fields and constant blocks aligned in columns the
// way gofmt's tabwriter aligns them (a run of consecutive lines is one block; a comment line or a
// blank line ends it; each column is as wide as its widest cell plus one space).

import { compareCodeUnits } from '../core/files.ts';
import { goComment } from '../names/go.ts';

/** One line of an aligned block: cells (the last one is not padded), or a comment that ends the block. */
export type AlignedLine = { cells: string[] } | { comment: string } | { raw: string };

/** Lays out lines at `indent` as gofmt aligns struct fields and const specs. */
export function alignLines(lines: readonly AlignedLine[], indent: string): string[] {
  const out: string[] = [];
  let block: string[][] = [];
  const flush = (): void => {
    if (block.length === 0) return;
    const columns = Math.max(...block.map((cells) => cells.length));
    const widths: number[] = [];
    for (let c = 0; c < columns - 1; c++) {
      widths[c] = Math.max(0, ...block.filter((cells) => cells.length > c + 1).map((cells) => cells[c]!.length));
    }
    for (const cells of block) {
      const padded = cells.map((cell, c) => (c < cells.length - 1 ? cell.padEnd((widths[c] ?? 0) + 1) : cell));
      out.push(indent + padded.join('').trimEnd());
    }
    block = [];
  };
  for (const line of lines) {
    if ('cells' in line) block.push(line.cells);
    else {
      flush();
      if ('comment' in line) {
        const text = goComment(line.comment, indent);
        if (text !== '') out.push(text);
      } else out.push(line.raw);
    }
  }
  flush();
  return out;
}

/** A Go source file: package clause, imports (standard library first, then the module's), body. */
export class GoFile {
  readonly #imports = new Set<string>();
  readonly #chunks: string[] = [];

  readonly path: string;
  readonly packageName: string;
  readonly modulePath: string;
  /** False for a program shown in the README (no "generated" header). */
  readonly generatedHeader: boolean;

  constructor(path: string, packageName: string, modulePath: string, generatedHeader = true) {
    this.path = path;
    this.packageName = packageName;
    this.modulePath = modulePath;
    this.generatedHeader = generatedHeader;
  }

  /** Imports a standard package (`net/http`) or one of the module's (`option`, `packages/param`). */
  use(path: string): void {
    this.#imports.add(path);
  }

  /** Imports a package of the module by its path inside it. */
  useLocal(sub: string): void {
    this.#imports.add(`${this.modulePath}/${sub}`);
  }

  isEmpty(): boolean {
    return this.#chunks.length === 0;
  }

  /** Puts chunks before everything added so far. */
  prepend(chunks: readonly string[]): void {
    this.#chunks.unshift(...chunks.filter((c) => c !== ''));
  }

  /** Appends a top-level chunk (declarations separated by one blank line). */
  add(chunk: string): void {
    if (chunk !== '') this.#chunks.push(chunk);
  }

  render(): string {
    const local = [...this.#imports].filter((p) => p.startsWith(`${this.modulePath}/`)).sort(compareCodeUnits);
    const std = [...this.#imports].filter((p) => !p.startsWith(`${this.modulePath}/`)).sort(compareCodeUnits);
    const quote = (p: string): string => `\t"${p}"`;
    let imports = '';
    const all = [...std, ...local];
    if (all.length === 1) imports = `import "${all[0]}"\n\n`;
    else if (all.length > 1) {
      const groups = [std.map(quote).join('\n'), local.map(quote).join('\n')].filter((g) => g !== '');
      imports = `import (\n${groups.join('\n\n')}\n)\n\n`;
    }
    const header = this.generatedHeader ? '// Code generated from an OpenAPI description. DO NOT EDIT.\n\n' : '';
    return `${header}package ${this.packageName}\n\n${imports}${this.#chunks.join('\n\n')}\n`;
  }
}
