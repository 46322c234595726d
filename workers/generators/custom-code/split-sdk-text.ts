// Splits an `oldSdkText` (files joined with `// File: <path>` or `# File: <path>` header lines, as
// the README's recipe writes them) back into files, byte for byte: a file's content is everything
// between the end of its header line and the start of the next header line, line endings and a
// final newline included. (The compatibility diff's splitter normalises lines; carrying code into
// a new SDK must not change one byte of it.)

export type HeaderStyle = 'slash' | 'hash';

export interface SdkText {
  /** `slash` (`// File:`, TypeScript and Go) or `hash` (`# File:`, Python); undefined without headers. */
  style: HeaderStyle | undefined;
  /** Path → exact content. Paths are `/`-separated, without a leading `./` or `/`. */
  files: Map<string, string>;
}

const HEADER = /^[ \t]*(\/\/|#)[ \t]*File:[ \t]*(\S.*?)[ \t]*\r?$/gm;

/** The files of a joined SDK text; a text without header lines has no files (it cannot be placed). */
export function splitSdkText(text: string): SdkText {
  const files = new Map<string, string>();
  const headers = [...text.matchAll(HEADER)];
  let style: HeaderStyle | undefined;
  headers.forEach((match, i) => {
    style ??= match[1] === '#' ? 'hash' : 'slash';
    const lineEnd = text.indexOf('\n', match.index);
    const start = lineEnd === -1 ? text.length : lineEnd + 1;
    const end = headers[i + 1]?.index ?? text.length;
    const path = normalisePath(match[2] ?? '');
    if (path !== undefined) files.set(path, text.slice(start, end));
  });
  return { style, files };
}

/** A relative, `/`-separated path inside the package; undefined for one that would leave it. */
export function normalisePath(raw: string): string | undefined {
  const path = raw
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '');
  const parts = path.split('/');
  if (path === '' || parts.some((p) => p === '..' || p === '.' || p === '' || p === '.git')) return undefined;
  return path;
}
