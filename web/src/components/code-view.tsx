import { useEffect, useState } from 'react';
import { highlight, type Lang, type Token } from '../highlight.ts';

/**
 * Source code with line numbers, highlighted by shiki once its grammar has loaded (plain text
 * until then). `mark` highlights one line (and a column caret), e.g. a diagnostic's place.
 */
export function CodeView({
  code,
  lang,
  firstLine = 1,
  mark,
  label,
}: {
  code: string;
  lang: Lang | undefined;
  firstLine?: number;
  mark?: { line: number; column?: number };
  label: string;
}) {
  const [tokens, setTokens] = useState<Token[][] | undefined>();
  useEffect(() => {
    let live = true;
    setTokens(undefined);
    highlight(code, lang).then(
      (t) => live && setTokens(t),
      () => live && setTokens(undefined),
    );
    return () => {
      live = false;
    };
  }, [code, lang]);
  const lines = tokens ?? code.split('\n').map((line) => [{ content: line, style: undefined }]);
  return (
    <div className="code" role="region" aria-label={label} tabIndex={0}>
      <pre>
        <code>
          {lines.map((line, i) => {
            const number = firstLine + i;
            const marked = mark?.line === number;
            return (
              <span key={i} className={marked ? 'line line-marked' : 'line'} data-line={number}>
                <span className="ln" aria-hidden="true">
                  {number}
                </span>
                <span className="lc">
                  {line.map((token, j) => (
                    <span key={j} style={token.style}>
                      {token.content}
                    </span>
                  ))}
                  {marked && mark?.column ? (
                    <span className="caret" aria-label={`column ${mark.column}`}>
                      {'\n'}
                      {' '.repeat(Math.max(0, mark.column - 1))}^
                    </span>
                  ) : null}
                </span>
              </span>
            );
          })}
        </code>
      </pre>
    </div>
  );
}
