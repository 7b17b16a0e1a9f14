// "Did you mean …?": the known name closest to a misspelt one, by edit distance (Levenshtein),
// for the catalogue's messages and hints.
/** "Did you mean …?" from the closest known ids (Levenshtein). */
export function suggest(id: string, known: string[]): string {
  const scored = known
    .map((k) => ({ k, d: distance(id, k) }))
    .sort((a, b) => a.d - b.d)
    .filter((s) => s.d <= Math.max(3, Math.floor(id.length / 3)));
  if (scored.length > 0) return `Did you mean "${scored[0].k}"?`;
  return `Known ids: ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', …' : ''}.`;
}

/** The known field name closest to a misspelt one (Levenshtein), when it is close enough to be meant. */
export function closestName(name: string, known: string[]): string | undefined {
  const best = known
    .map((k) => ({ k, d: distance(name.toLowerCase(), k.toLowerCase()) }))
    .sort((a, b) => a.d - b.d)[0];
  return best && best.d <= Math.max(2, Math.floor(name.length / 3)) && best.d < Math.min(name.length, best.k.length) ? best.k : undefined;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}
