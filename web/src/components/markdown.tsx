import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';

/**
 * Markdown rendered as text and structure only: raw HTML in it is escaped (`html: false`), images
 * are not rendered (no request to wherever a description points), and a link keeps its href only
 * when it is http(s) or a fragment. A README or changelog made from a description stays inert.
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable(['image']);
md.validateLink = (url: string) => /^(https?:\/\/|#)/i.test(url.trim());
const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]?.attrSet('rel', 'noopener noreferrer nofollow');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function Markdown({ text, label }: { text: string; label: string }) {
  const html = useMemo(() => md.render(text), [text]);
  return (
    <section className="prose markdown" aria-label={label}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it output with raw HTML escaped and links checked */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
