// "Did you mean": the candidate nearest a misspelt name (edit distance), if near enough.

export function closestName(word: string, candidates: readonly string[]): string | undefined {
  const probe = word.slice(0, 80);
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(probe.length / 3)) + 1;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const d = editDistance(probe.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] as number;
      row[j] = Math.min(current + 1, (row[j - 1] as number) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] as number;
}
