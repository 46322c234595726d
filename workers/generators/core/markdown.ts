// Text from the description placed in a generated README (Markdown): escaped once, the same way,
// for every emitter.

/** C0/C1 control characters (tab, line breaks kept) and bidirectional overrides: never shown. */
const INVISIBLE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const LINE_BREAK = /\r\n?|[\n\u2028\u2029\u0085]/g;

/**
 * Prose as Markdown text on one line: control characters and bidi overrides removed, line breaks
 * as spaces, trimmed (leading spaces would start a code block), every character Markdown gives a
 * meaning backslash-escaped, and `<`, `>`, `&` as entities (no HTML, no entity references).
 */
export function mdText(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(LINE_BREAK, ' ')
    .trim()
    .replace(/[\\`*_{}[\]()#+\-.!|~<>&]/g, (ch) =>
      ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '&' ? '&amp;' : `\\${ch}`,
    );
}

/** Text as an inline code span (backslashes are literal there): fenced by more backticks than it holds. */
export function mdCode(text: string): string {
  const flat = text.replace(INVISIBLE, '').replace(LINE_BREAK, ' ');
  let longest = 0;
  for (const run of flat.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const ticks = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/** A fenced code block longer than any backtick run in `code`. */
export function mdFence(code: string, lang: string): string {
  let longest = 0;
  for (const run of code.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  return `${ticks}${lang}\n${code}\n${ticks}`;
}
