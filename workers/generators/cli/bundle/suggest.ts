// "Did you mean" suggestions for mistyped commands, flags and values: the candidates closest by
// edit distance (Damerau-Levenshtein, optimal string alignment), within a length-scaled limit.

export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      let best = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** The closest candidates (best first), or none when nothing is near enough. */
export function suggest(input: string, candidates: readonly string[], max = 3): string[] {
  const wanted = input.toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  const scored: { candidate: string; score: number }[] = [];
  for (const candidate of new Set(candidates)) {
    const lower = candidate.toLowerCase();
    let score = editDistance(wanted, lower);
    if (wanted.length >= 3 && (lower.startsWith(wanted) || wanted.startsWith(lower))) score = Math.min(score, 1);
    if (score <= limit) scored.push({ candidate, score });
  }
  scored.sort((x, y) => x.score - y.score || (x.candidate < y.candidate ? -1 : x.candidate > y.candidate ? 1 : 0));
  return scored.slice(0, max).map((s) => s.candidate);
}

/** ` Did you mean 'x'?` / ` Did you mean one of 'x', 'y'?`, or '' when nothing is near. */
export function didYouMean(input: string, candidates: readonly string[], prefix = ''): string {
  const found = suggest(input, candidates);
  if (found.length === 0) return '';
  if (found.length === 1) return ` Did you mean '${prefix}${found[0] as string}'?`;
  return ` Did you mean one of ${found.map((c) => `'${prefix}${c}'`).join(', ')}?`;
}
