// The only way the docs generator writes HTML. Markup is an `Html` value; it can be made only from
// generator-authored template text (the `html` tag), from a string through `escapeHtml` (every
// interpolated plain string is escaped), or from the markdown renderer (`markdown.ts`, raw HTML
// disabled). So text from a description or a docs snapshot reaches a page only as escaped text.

const BRAND: unique symbol = Symbol('html');

let make: (text: string) => Html;

export class Html {
  readonly [BRAND] = true;
  readonly text: string;
  private constructor(text: string) {
    this.text = text;
  }
  static {
    make = (text: string): Html => new Html(text);
  }
}

// Most text has nothing to escape: a native regex scan finds that faster than a loop over the
// characters (which was a tenth of the docs' emit time on plaid's long examples).
const ATTRIBUTE_SPECIAL = /[&<>"']/;
const ATTRIBUTE_SPECIALS = /[&<>"']/g;
const CONTENT_SPECIAL = /[&<>]/;
const CONTENT_SPECIALS = /[&<>]/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const entity = (ch: string): string => ENTITY[ch] as string;

/** Text safe in element content and in quoted attribute values (`&<>"'` as entities). */
export function escapeHtml(value: string): string {
  return ATTRIBUTE_SPECIAL.test(value) ? value.replace(ATTRIBUTE_SPECIALS, entity) : value;
}

/**
 * Text for element content only, never an attribute: `&<>` as entities. Quotes mean nothing
 * outside a tag, and JSON examples and code samples are full of them (`&quot;` was 5% of a site).
 */
export function contentText(value: string): Html {
  return make(CONTENT_SPECIAL.test(value) ? value.replace(CONTENT_SPECIALS, entity) : value);
}

export type HtmlPart = Html | string | number | readonly HtmlPart[] | undefined | null | false;

function partText(part: HtmlPart): string {
  if (part === undefined || part === null || part === false) return '';
  if (part instanceof Html) return part.text;
  if (typeof part === 'string') return escapeHtml(part);
  if (typeof part === 'number') return Number.isFinite(part) ? String(part) : '';
  if (Array.isArray(part)) {
    let out = '';
    for (const item of part as readonly HtmlPart[]) out += partText(item);
    return out;
  }
  throw new Error(`html: cannot interpolate a ${typeof part}`);
}

/** Generator-authored markup with holes: strings are escaped, `Html` is kept, arrays are joined. */
export function html(strings: TemplateStringsArray, ...parts: HtmlPart[]): Html {
  if (!Array.isArray((strings as { raw?: unknown }).raw)) throw new Error('html must be used as a template tag');
  let out = strings[0] ?? '';
  for (let i = 0; i < parts.length; i++) out += partText(parts[i] as HtmlPart) + (strings[i + 1] ?? '');
  return make(out);
}

/** Joins parts (each escaped unless already `Html`). */
export function join(parts: readonly HtmlPart[], separator = ''): Html {
  return make(parts.map(partText).join(escapeHtml(separator)));
}

/**
 * A finished page's text as one flat string. Markup is built by concatenation, which V8 keeps as a
 * tree of the pieces until the text is read; encoding such a tree to UTF-8 (when the page is
 * written or packed) walks it piece by piece, which costs about as much again as flattening it
 * first and encoding the flat copy (plaid's 14 MB of pages: ~140 ms vs ~100 ms).
 */
export function flatText(markup: Html): string {
  const text = markup.text;
  // Reading a character flattens a concatenated string in place (V8 replaces the tree with a flat copy).
  if (text.length > 0) text.charCodeAt(text.length >> 1);
  return text;
}

/** Output of the sanitizing markdown renderer only (see `markdown.ts`). */
export function trustedRendererOutput(text: string): Html {
  return make(text);
}

/** Page-relative URLs the generator builds from slugs (`[a-z0-9-]`, `/`, `.`, `#`); anything else is a bug. */
export function localUrl(url: string): string {
  if (!/^(?:\.\.\/|\.\/)*[a-z0-9._/-]*(?:#[a-z0-9._-]*)?$/.test(url) || /^[a-z]+:/.test(url))
    throw new Error(`not a local URL: ${JSON.stringify(url)}`);
  return url;
}

/** JSON for a `.json` file or a `<code>` block (escaped again when placed in HTML). */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'null';
}

/**
 * A block of code that may scroll sideways: reachable and scrollable with the keyboard
 * (`tabindex="0"`) and named for a screen reader (a labelled group), as axe-core's
 * scrollable-region-focusable rule asks.
 */
export function codeBlock(label: string, code: Html, codeClass?: string): Html {
  return html`<pre tabindex="0" role="group" aria-label="${label}"><code${codeClass !== undefined ? html` class="${codeClass}"` : ''}>${code}</code></pre>`;
}
