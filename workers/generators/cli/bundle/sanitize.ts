// Text from the API description or from a server reaches the terminal only through these
// functions: C0/C1 control characters (ESC sequences, carriage returns, backspaces), bidi
// overrides and line/paragraph separators are shown as visible escapes, never interpreted.

const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

function visible(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Multi-line text: line breaks and tabs are kept, everything else unsafe becomes an escape. */
export function safeText(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(UNSAFE, visible);
}

/** One line of text: line breaks and tabs become spaces too. */
export function safeLine(text: string): string {
  return safeText(text).replace(/[\n\t]+/g, ' ');
}
