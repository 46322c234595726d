import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';

/**
 * Two texts side by side with their differences marked (CodeMirror's merge view), read-only. The
 * texts are documents in the editor, never markup.
 */
export function Diff({
  a,
  b,
  language,
  label,
}: {
  a: string;
  b: string;
  language?: 'yaml' | 'json' | undefined;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    // In a shadow root: CodeMirror's styles then go in a constructed style sheet, which the app's
    // CSP (style-src 'self', no inline <style>) allows; in the document they would be a <style> tag.
    const shadow = host.current.shadowRoot ?? host.current.attachShadow({ mode: 'open' });
    shadow.replaceChildren();
    const parent = document.createElement('div');
    shadow.append(parent);
    const dark = document.documentElement.dataset.theme === 'dark';
    const side = (name: string) => [
      EditorState.readOnly.of(true),
      EditorView.editable.of(false),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': `${label}, ${name}` }),
      EditorView.theme(
        {
          '&': {
            fontSize: '12.5px',
            backgroundColor: dark ? '#0f1319' : '#f7f8fa',
            color: dark ? '#e6e8eb' : '#1b1f24',
          },
          '.cm-gutters': { backgroundColor: 'transparent', color: dark ? '#9aa3ae' : '#5b6470', border: 'none' },
        },
        { dark },
      ),
      ...(language === 'json' ? [json()] : language === 'yaml' ? [yaml()] : []),
    ];
    const view = new MergeView({
      a: { doc: a, extensions: side('older') },
      b: { doc: b, extensions: side('newer') },
      parent,
      root: shadow,
      collapseUnchanged: { margin: 3, minSize: 6 },
      gutter: true,
    });
    return () => view.destroy();
  }, [a, b, language, label]);
  return <div ref={host} className="merge" role="region" aria-label={label} />;
}
