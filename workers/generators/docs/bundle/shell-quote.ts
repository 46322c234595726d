// POSIX shell quoting, shared by the generator's curl samples and the page's try-it console
// (bundled into the page script), so both write a command the same way.

/** POSIX shell single-quoting (bare when nothing in the word is special). */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
