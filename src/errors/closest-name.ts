// "Did you mean …?": the known name closest to a misspelt one, by edit distance (Levenshtein),
// for the catalogue's messages and hints.
import { closest, distance } from 'fastest-levenshtein';

/** "Did you mean …?" from the closest known ids. */
export function suggest(id: string, known: string[]): string {
  const best: string | undefined = closest(id, known);
  if (best !== undefined && distance(id, best) <= Math.max(3, Math.floor(id.length / 3))) return `Did you mean "${best}"?`;
  return `Known ids: ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', …' : ''}.`;
}

/** The known field name closest to a misspelt one, when it is close enough to be meant. */
export function closestName(name: string, known: string[]): string | undefined {
  const best = known
    .map((k) => ({ k, d: distance(name.toLowerCase(), k.toLowerCase()) }))
    .sort((a, b) => a.d - b.d)[0];
  return best && best.d <= Math.max(2, Math.floor(name.length / 3)) && best.d < Math.min(name.length, best.k.length) ? best.k : undefined;
}
