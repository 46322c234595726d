// How the page's search ranks the prebuilt index (`search-index.json`): every term must occur
// somewhere; operations come before schemas and guides, and among operations a match in the name
// (the SDK method and call, the operationId) ranks before one in the path, which ranks before one
// in the summary, which ranks before one anywhere else (tags). Lower is better; -1 is no match.

export interface IndexItem {
  /** operation | schema | guide */
  k: string;
  /** Title: an operation's summary (else its method name), a schema's or guide's name. */
  t: string;
  /** Subtitle: `METHOD /path` for an operation. */
  s: string;
  /** Names: the SDK method and calls, the operationId (operations). */
  n?: string;
  /** Anything else searchable (tags, ids). */
  x: string;
  u: string;
}

export interface Prepared {
  item: IndexItem;
  title: string;
  name: string;
  path: string;
  rest: string;
}

export function prepare(item: IndexItem): Prepared {
  return {
    item,
    title: String(item.t).toLowerCase(),
    name: String(item.n ?? '').toLowerCase(),
    path: String(item.s).toLowerCase(),
    rest: String(item.x).toLowerCase(),
  };
}

/** One term: 0 name, 1 path, 2 summary/title, 3 elsewhere, -1 nowhere (for a schema, its name is its title). */
function termRank(entry: Prepared, term: string): number {
  if (entry.item.k === 'operation') {
    if (entry.name.includes(term)) return 0;
    if (entry.path.includes(term)) return 1;
    if (entry.title.includes(term)) return 2;
    return entry.rest.includes(term) ? 3 : -1;
  }
  if (entry.title.startsWith(term)) return 0;
  if (entry.title.includes(term)) return 1;
  return entry.rest.includes(term) || entry.path.includes(term) ? 3 : -1;
}

export function score(entry: Prepared, terms: readonly string[]): number {
  let total = 0;
  for (const term of terms) {
    const rank = termRank(entry, term);
    if (rank < 0) return -1;
    total += rank;
  }
  // Any matching operation before any schema or guide.
  return entry.item.k === 'operation' ? total : 100 + total;
}

/** Indices of the best `limit` matches of `query` in `entries`, best first (ties: shorter title, then index order). */
export function search(entries: readonly Prepared[], query: string, limit = 20): number[] {
  const terms = query.trim().toLowerCase().split(/\s+/).filter((t) => t !== '');
  if (terms.length === 0) return [];
  const hits: { s: number; i: number }[] = [];
  for (let i = 0; i < entries.length; i++) {
    const s = score(entries[i] as Prepared, terms);
    if (s >= 0) hits.push({ s, i });
  }
  hits.sort(
    (a, b) =>
      a.s - b.s || (entries[a.i] as Prepared).title.length - (entries[b.i] as Prepared).title.length || a.i - b.i,
  );
  return hits.slice(0, limit).map((h) => h.i);
}
