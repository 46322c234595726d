// Markdown (descriptions, guide pages) through markdown-it with raw HTML disabled, images off (no
// request may leave the page) and links restricted to http, https, mailto and relative URLs.

import MarkdownIt from 'markdown-it';
import { Html, html, trustedRendererOutput } from './html.ts';

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
  const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const href = token?.attrGet('href') ?? '';
    if (token && SCHEME.test(href)) token.attrSet('rel', 'noopener noreferrer nofollow');
    return defaultLinkOpen(tokens, idx, options, env, self);
  };
  return md;
}

let renderer: MarkdownIt | undefined;

/** Block markdown (paragraphs, lists, code, tables) as HTML. */
export function markdown(text: string | undefined): Html {
  if (text === undefined || text.trim() === '') return html``;
  renderer ??= createRenderer();
  return trustedRendererOutput(renderer.render(text));
}

/** One line of inline markdown (summaries, property descriptions). */
export function markdownInline(text: string | undefined): Html {
  if (text === undefined || text.trim() === '') return html``;
  renderer ??= createRenderer();
  return trustedRendererOutput(renderer.renderInline(text));
}
