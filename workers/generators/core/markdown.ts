// Text from the description placed in a generated README (Markdown): escaped once, the same way,
// for every emitter.

/** C0/C1 control characters (tab, line breaks kept) and bidirectional overrides: never shown. */
const INVISIBLE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const LINE_BREAK = /\r\n?|[\n\u2028\u2029\u0085]/g;

/**
 * Prose as Markdown text on one line: control characters and bidi overrides removed, line breaks
 * as spaces, trimmed (leading spaces would start a code block), and escaped exactly where Markdown
 * (CommonMark and GitHub's tables, strikethrough) would read markup, no more: so `2025-10-13` and
 * `v1.2` stay as written. `` \ ` * [ ] | ~ `` always get a backslash; `_` too unless it is inside
 * a word (`client_id` cannot open emphasis); `<`, `>`, `&` become entities (no HTML, no entity
 * references); and the start of the text, which may start a line, cannot begin a heading, list,
 * quote, thematic break or setext underline (`#`, `-`, `+`, `=`, `1.`, `1)`). A test renders every
 * escaped text with the docs' Markdown renderer and gets the text back.
 */
export function mdText(text: string): string {
  const flat = text.replace(INVISIBLE, '').replace(LINE_BREAK, ' ').trim();
  let out = flat.replace(/[\\`*[\]|~<>&]|_/g, (ch, at: number) => {
    if (ch === '<') return '&lt;';
    if (ch === '>') return '&gt;';
    if (ch === '&') return '&amp;';
    if (ch === '_' && WORD.test(flat[at - 1] ?? '') && WORD.test(flat[at + 1] ?? '')) return '_';
    return `\\${ch}`;
  });
  // What would start a block at the beginning of a line.
  const ordered = /^(\d{1,9})([.)])/.exec(out);
  if (ordered) out = `${ordered[1]}\\${ordered[2]}${out.slice(ordered[0].length)}`;
  else if (/^[#+=-]/.test(out)) out = `\\${out}`;
  return out;
}

const WORD = /^[\p{L}\p{N}]$/u;

/** "Acme API" for the title "Acme", and "Acme API" (not "Acme API API") for the title "Acme API". */
export function apiName(title: string): string {
  const trimmed = title.trim();
  return /\bAPIs?$/i.test(trimmed) ? trimmed : `${trimmed} API`;
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
