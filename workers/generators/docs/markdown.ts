// Markdown (descriptions, guide pages) through markdown-it with raw HTML disabled, images off (no
// request may leave the page) and links restricted to http, https, mailto and relative URLs.

import MarkdownIt from 'markdown-it';
import { type Html, html, trustedRendererOutput } from './html.ts';

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** True for http:, https:, mailto: and scheme-less (relative or fragment) URLs. */
export function isSafeLink(url: string): boolean {
  const trimmed = url.trim();
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return false;
  const scheme = SCHEME.exec(trimmed);
  if (scheme) return ['http', 'https', 'mailto'].includes((scheme[1] as string).toLowerCase());
  // No scheme: a colon before the first `/`, `?` or `#` would make browsers read one.
  const head = trimmed.split(/[/?#]/, 1)[0] ?? '';
  return !head.includes(':') && !head.includes('\\');
}

function createRenderer(): MarkdownIt {
  const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false, breaks: false });
  md.disable(['image']);
  md.validateLink = isSafeLink;
  // Table alignment is a `style` attribute by default, which the CSP (style-src 'self') refuses: use a class.
  md.core.ruler.push('docs_align_class', (state) => {
    for (const token of state.tokens) {
      if (token.type !== 'th_open' && token.type !== 'td_open') continue;
      const align = /^text-align:(left|right|center)$/.exec(token.attrGet('style') ?? '')?.[1];
      if (token.attrs) token.attrs = token.attrs.filter(([name]) => name !== 'style');
      if (align !== undefined) token.attrSet('class', `align-${align}`);
    }
  });
  // Code blocks scroll sideways: keyboard-reachable and labelled (axe-core scrollable-region-focusable).
  for (const rule of ['fence', 'code_block'] as const) {
    const original = md.renderer.rules[rule];
    if (original === undefined) continue;
    md.renderer.rules[rule] = (tokens, idx, options, env, self) =>
      original(tokens, idx, options, env, self).replace(/^<pre>/, '<pre tabindex="0" role="group" aria-label="Code">');
  }
  const defaultLinkOpen =
    md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const href = token?.attrGet('href') ?? '';
    if (token && SCHEME.test(href)) token.attrSet('rel', 'noopener noreferrer nofollow');
    return defaultLinkOpen(tokens, idx, options, env, self);
  };
  return md;
}

let renderer: MarkdownIt | undefined;

// Descriptions repeat a lot (a shared parameter or property is described on every operation and
// schema that uses it), and rendering is a pure function of the text: remember what was rendered.
// Bounded, so a long-lived worker does not keep every description it ever saw.
const MAX_CACHED = 20_000;
const blockCache = new Map<string, Html>();
const inlineCache = new Map<string, Html>();

const EMPTY = html``;

function cached(cache: Map<string, Html>, text: string | undefined, render: (text: string) => string): Html {
  if (text === undefined) return EMPTY;
  let out = cache.get(text);
  if (out === undefined) {
    out = text.trim() === '' ? EMPTY : trustedRendererOutput(render(text));
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(text, out);
  }
  return out;
}

const renderBlock = (text: string): string => {
  const simple = simpleParagraphs(text);
  if (simple !== undefined) return simple;
  renderer ??= createRenderer();
  return renderer.render(text);
};

const renderInline = (text: string): string => {
  const simple = simpleInline(text);
  if (simple !== undefined) return simple;
  renderer ??= createRenderer();
  return renderer.renderInline(text);
};

// Most descriptions are prose with, at most, inline code and plain links: lines that start with a
// letter or a code span, no other character markdown gives a meaning to (emphasis, entities,
// autolinks, escapes, tables, headings), no blank line and no line-end spaces. markdown-it renders
// such text as one paragraph of the text with `&<>"` escaped, each `` `code` `` as
// `<code>code</code>` and each `[label](url)` as a link; that is written directly here (a test
// compares the two, the docs' link rules included, on every description of the corpus). Links are
// most of what is left for markdown-it in real descriptions (plaid: 371 of 409 texts).
// Characters that end the fast path outside code spans: & * < > [ \ ] | ~ tab CR NUL, and `_` but
// inside a word.
const SPECIAL = new Uint8Array(128);
for (const ch of '&*<>[\\]_|~\t\r\u0000') SPECIAL[ch.charCodeAt(0)] = 1;
const LETTER = /^\p{L}$/u;
const BACKTICK = 96;
const UNDERSCORE = 95;

const LIST_ITEM = /^\d+[.)]/;
const isDigit = (code: number): boolean => code >= 48 && code <= 57;
const isAlnum = (code: number): boolean =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);

function isLetter(code: number, ch: string): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code > 127 && LETTER.test(ch));
}

const CODE_SPECIAL = /[&<>"]/;
const escapeCode = (text: string): string =>
  CODE_SPECIAL.test(text)
    ? text.replace(/[&<>"]/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : '&quot;'))
    : text;

/** markdown-it's inline rendering of `text` when it is in the simple subset above, else undefined. */
export function simpleInline(text: string): string | undefined {
  const n = text.length;
  if (n === 0) return undefined;
  let out = '';
  let from = 0;
  let lineStart = true;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (code === BACKTICK) {
      const close = text.indexOf('`', i + 1);
      // One backtick each side, something between, no line break or edge space inside.
      if (close <= i + 1 || text.charCodeAt(close + 1) === BACKTICK) return undefined;
      const inner = text.slice(i + 1, close);
      if (
        inner.includes('\n') ||
        inner.includes('\r') ||
        inner.charCodeAt(0) === 32 ||
        inner.charCodeAt(inner.length - 1) === 32
      )
        return undefined;
      out += `${text.slice(from, i).replaceAll('"', '&quot;')}<code>${escapeCode(inner)}</code>`;
      i = close + 1;
      from = i;
      lineStart = false;
      continue;
    }
    if (code === OPEN_BRACKET) {
      const link = simpleLink(text, i);
      if (link === undefined) return undefined;
      out += `${text.slice(from, i).replaceAll('"', '&quot;')}${link.html}`;
      i = link.end;
      from = i;
      lineStart = false;
      continue;
    }
    // A line starts with a letter, `(`, a quote, or a digit that does not start a list item.
    if (
      lineStart &&
      !(
        isLetter(code, text[i] as string) ||
        code === 40 ||
        code === 34 ||
        code === 39 ||
        (isDigit(code) && !LIST_ITEM.test(text.slice(i, i + 11)))
      )
    )
      return undefined;
    lineStart = false;
    if (code === 10) {
      if (text.charCodeAt(i - 1) === 32) return undefined;
      lineStart = true;
    } else if (code === UNDERSCORE) {
      // One `_` between ASCII letters or digits (`client_id`) can neither open nor close emphasis.
      if (!isAlnum(text.charCodeAt(i - 1)) || !isAlnum(text.charCodeAt(i + 1))) return undefined;
    } else if (code < 128 && SPECIAL[code] === 1) return undefined;
    i++;
  }
  if (lineStart || /\s$/.test(text)) return undefined;
  return out + text.slice(from).replaceAll('"', '&quot;');
}

const OPEN_BRACKET = 91;
// A label of plain words (no character with a meaning inside a link label or for emphasis) and
// code spans, not starting or ending with a space.
const PLAIN_LABEL_TEXT = /^[\p{L}\p{N}(),.:;?'"/#=+@% -]*$/u;
// URLs markdown-it's normalizeLink leaves as they are: only characters mdurl.encode keeps, `%` only
// in a valid escape, no parentheses (balanced ones are allowed there but not worth the parsing),
// a lower-case host.
const URL_REST = String.raw`(?:[A-Za-z0-9\-._~/?#=&+:@,;!$*']|%[0-9A-Fa-f]{2})*`;
const PLAIN_URL = new RegExp(
  String.raw`^(?:https?://[a-z0-9.-]+(?::[0-9]+)?(?:[/?#]${URL_REST})?|mailto:[A-Za-z0-9._+-]+@[a-z0-9.-]+|/${URL_REST}|#[A-Za-z0-9\-._]*)$`,
);

/** `[label](url)` at `at` as markdown-it renders it with the docs' rules, or undefined when it is anything less plain. */
function simpleLink(text: string, at: number): { html: string; end: number } | undefined {
  if (text.charCodeAt(at - 1) === 33 /* ! */) return undefined;
  const close = text.indexOf(']', at + 1);
  if (close < 0 || text.charCodeAt(close + 1) !== 40 /* ( */) return undefined;
  const label = labelHtml(text.slice(at + 1, close));
  if (label === undefined) return undefined;
  const end = text.indexOf(')', close + 2);
  if (end < 0) return undefined;
  const url = text.slice(close + 2, end);
  if (!PLAIN_URL.test(url) || !isSafeLink(url)) return undefined;
  const rel = SCHEME.test(url) ? ' rel="noopener noreferrer nofollow"' : '';
  return { html: `<a href="${url.replaceAll('&', '&amp;')}"${rel}>${label}</a>`, end: end + 1 };
}

/** A link label of plain text and `` `code` `` spans as markdown-it renders it, or undefined. */
function labelHtml(label: string): string | undefined {
  if (label === '' || label.charCodeAt(0) === 32 || label.charCodeAt(label.length - 1) === 32) return undefined;
  // Even parts are text, odd parts the inside of a code span (one backtick each side).
  const parts = label.split('`');
  if (parts.length % 2 === 0) return undefined;
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (i % 2 === 0) {
      if (!PLAIN_LABEL_TEXT.test(part)) return undefined;
      out += part.replaceAll('"', '&quot;');
    } else {
      if (part === '' || part.includes('\n') || part.charCodeAt(0) === 32 || part.charCodeAt(part.length - 1) === 32)
        return undefined;
      out += `<code>${escapeCode(part)}</code>`;
    }
  }
  return out;
}

/** `text` without trailing spaces (and line breaks when `breaks`), without a regex scan of all of it. */
function trimEnd(text: string, breaks: boolean): string {
  let end = text.length;
  for (let code = text.charCodeAt(end - 1); code === 32 || (breaks && code === 10); code = text.charCodeAt(end - 1))
    end--;
  return end === text.length ? text : text.slice(0, end);
}

/** markdown-it's block rendering of paragraphs (split by blank lines) that are each in the simple subset. */
export function simpleParagraphs(text: string): string | undefined {
  let out = '';
  // Spaces and line breaks at the end of the text or of a paragraph (YAML block scalars keep one)
  // do not change the output: markdown-it trims a paragraph's content.
  for (const paragraph of trimEnd(text, true).split(/\n\n+/)) {
    const simple = simpleInline(trimEnd(paragraph, false));
    if (simple === undefined) return undefined;
    out += `<p>${simple}</p>\n`;
  }
  return out;
}

/** markdown-it's rendering with the docs' rules, never the fast path (for tests that compare the two). */
export function markdownItRender(text: string, inline: boolean): string {
  renderer ??= createRenderer();
  return inline ? renderer.renderInline(text) : renderer.render(text);
}

/** Block markdown (paragraphs, lists, code, tables) as HTML. */
export function markdown(text: string | undefined): Html {
  return cached(blockCache, text, renderBlock);
}

/** One line of inline markdown (summaries, property descriptions). */
export function markdownInline(text: string | undefined): Html {
  return cached(inlineCache, text, renderInline);
}

/**
 * `markdownInline` for text inside a control (a `<summary>`): links become plain spans, since a
 * link inside a control is one control inside another. Undefined when the text has no link, so
 * the caller can show the linked form elsewhere only when there was one.
 */
export function markdownInlineUnlinked(text: string | undefined): Html | undefined {
  const rendered = markdownInline(text);
  if (!rendered.text.includes('<a ')) return undefined;
  return trustedRendererOutput(
    rendered.text.replace(/<a\s[^>]*>/g, '<span class="link-text">').replace(/<\/a>/g, '</span>'),
  );
}
