import { MAX_SHOWN_TEXT } from '../errors.js';

/** Levenshtein distance, with a cap: returns `cap + 1` as soon as the distance must exceed `cap`. */
export function editDistance(a: string, b: string, cap = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > cap) return cap + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The known name closest to `name`: same letters in another case first, then the smallest edit distance
 * within a third of the name's length (at least 2). `undefined` when nothing is close.
 */
export function closest(name: string, known: Iterable<string>): string | undefined {
  // Names are short: a long one is near none of them (and is not lower-cased, whatever its length).
  if (name.length > MAX_SHOWN_TEXT) return undefined;
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3));
  for (const candidate of known) {
    if (candidate.toLowerCase() === lower) return candidate;
    const d = editDistance(lower, candidate.toLowerCase(), bestDistance);
    if (d < bestDistance || (d === bestDistance && best === undefined)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
