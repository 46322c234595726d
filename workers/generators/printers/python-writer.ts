// The only way generated Python is put together. Code is a `Py` value; a `Py` can be made only
// from generator-authored template text (the `py` tag), an identifier (`id`, which accepts only a
// valid, non-keyword Python identifier, i.e. what `pyIdent`/`NameScope` produced), a string
// literal (`str` -> `pyStr`), a number, a docstring (`pyDocstring`) or a comment (`pyComment`).
// Interpolating a plain string into `py` is a type error and throws at runtime, so text from a
// description cannot reach the output unescaped.

import { PY_KEYWORDS, pyComment, pyDocstring, pyStr } from '../names/python.ts';

const BRAND: unique symbol = Symbol('py');

let make: (text: string) => Py;

export class Py {
  readonly [BRAND] = true;
  readonly text: string;
  private constructor(text: string) {
    this.text = text;
  }
  static {
    // Only this module can make code from text.
    make = (text: string): Py => new Py(text);
  }
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Keywords that are hard errors as identifiers (soft keywords are fine as names). */
const HARD_KEYWORDS = new Set([...PY_KEYWORDS].filter((k) => !['match', 'case', 'type', '_'].includes(k)));

export function isPyIdentifier(name: string): boolean {
  return IDENT.test(name) && !HARD_KEYWORDS.has(name);
}

/** Generator-authored code with `Py` holes: `py\`def ${name}(self) -> ${type}:\``. */
export function py(strings: TemplateStringsArray, ...parts: Py[]): Py {
  if (!Array.isArray((strings as { raw?: unknown }).raw)) throw new Error('py must be used as a template tag');
  let out = strings[0] ?? '';
  parts.forEach((part, i) => {
    if (!(part instanceof Py)) throw new Error(`py: interpolated a ${typeof part}, not Py code`);
    out += part.text + (strings[i + 1] ?? '');
  });
  return make(out);
}

/** An identifier; throws unless it is a valid, non-keyword ASCII Python identifier. */
export function id(name: string): Py {
  if (!isPyIdentifier(name)) throw new Error(`not a safe Python identifier: ${JSON.stringify(name)}`);
  return make(name);
}

/** A string literal whose value is exactly `value`. */
export function str(value: string): Py {
  return make(pyStr(value));
}

/** A quoted forward reference to a generated type name. */
export function fwd(name: string): Py {
  return str(id(name).text);
}

/** An int (or float) literal; throws on NaN/Infinity. */
export function num(value: number): Py {
  if (!Number.isFinite(value)) throw new Error('num: not finite');
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return make(value.toFixed(0));
  return make(String(value).replace('e+', 'e'));
}

export function bool(value: boolean): Py {
  return make(value ? 'True' : 'False');
}

export function docstring(text: string, indent = ''): Py {
  return make(pyDocstring(text, indent).slice(indent.length));
}

/** A relative module reference: `dots` leading dots, then identifier segments joined by `.`. */
export function relModule(dots: number, ...segments: string[]): Py {
  if (!Number.isInteger(dots) || dots < 1) throw new Error('relModule: dots');
  return make('.'.repeat(dots) + segments.map((s) => id(s).text).join('.'));
}

export function join(parts: readonly Py[], separator: ', ' | ' + ' | '.' | '\n' | '' = ', '): Py {
  return make(parts.map((p) => p.text).join(separator));
}

/** Line-oriented output with indentation. */
export class PyWriter {
  readonly #lines: string[] = [];
  #depth = 0;

  line(code?: Py): this {
    if (code === undefined || code.text === '') this.#lines.push('');
    else {
      const pad = '    '.repeat(this.#depth);
      for (const l of code.text.split('\n')) this.#lines.push(l === '' ? '' : pad + l);
    }
    return this;
  }

  /** A docstring at the current indentation (continuation lines indented to match). */
  doc(text: string | undefined): this {
    if (text === undefined || text.trim() === '') return this;
    const pad = '    '.repeat(this.#depth);
    this.#lines.push(pyDocstring(text, pad));
    return this;
  }

  comment(text: string | undefined): this {
    if (text === undefined || text.trim() === '') return this;
    this.#lines.push(pyComment(text, '    '.repeat(this.#depth)));
    return this;
  }

  /** `header` then an indented body (a `pass` if the body wrote nothing). */
  block(header: Py, body: () => void): this {
    this.line(header);
    this.#depth++;
    const before = this.#lines.length;
    body();
    if (this.#lines.length === before) this.line(py`pass`);
    this.#depth--;
    return this;
  }

  /** An indented body without a header line. */
  indented(body: () => void): this {
    this.#depth++;
    body();
    this.#depth--;
    return this;
  }

  blank(count = 1): this {
    for (let i = 0; i < count; i++) this.#lines.push('');
    return this;
  }

  toString(): string {
    return (
      this.#lines
        .join('\n')
        .replace(/\n{4,}/g, '\n\n\n')
        .trimEnd() + '\n'
    );
  }
}

/**
 * The names a piece of generated Python uses: identifiers outside strings and comments, plus the
 * contents of string literals that are a single identifier (quoted forward references such as
 * `"Customer"` count as uses of `Customer`, as type checkers read them). Imports are then written
 * for the names a module uses only, so pyright's `reportUnusedImport` has nothing to report.
 * Over-approximates (an attribute `x.Any` counts as `Any`), never under-approximates.
 */
export function pyNamesUsed(code: string): Set<string> {
  const used = new Set<string>();
  const n = code.length;
  let i = 0;
  const isStart = (c: string): boolean => (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c === '_';
  const isPart = (c: string): boolean => isStart(c) || (c >= '0' && c <= '9');
  while (i < n) {
    const c = code[i] as string;
    if (c === '#') {
      while (i < n && code[i] !== '\n') i++;
    } else if (c === '"' || c === "'") {
      const quote = code.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      i += quote.length;
      const start = i;
      while (i < n && !code.startsWith(quote, i)) {
        if (code[i] === '\\') i++;
        else if (quote.length === 1 && code[i] === '\n') break;
        i++;
      }
      const content = code.slice(start, i);
      if (IDENT.test(content)) used.add(content);
      i += quote.length;
    } else if (isStart(c)) {
      const start = i;
      while (i < n && isPart(code[i] as string)) i++;
      used.add(code.slice(start, i));
    } else if (c >= '0' && c <= '9') {
      while (i < n && (isPart(code[i] as string) || code[i] === '.')) i++;
    } else i++;
  }
  return used;
}

/** `from <from> import a, b` on one line, for the names of `names` that `used` has (nothing when none). */
export function fromImport(w: PyWriter, from: Py, names: readonly string[], used: ReadonlySet<string>): void {
  const kept = names.filter((name) => used.has(name));
  if (kept.length > 0) w.line(py`from ${from} import ${join(kept.map((name) => id(name)))}`);
}
