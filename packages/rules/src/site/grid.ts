/**
 * How many columns a grid of `count` cards gets at its widest, so that 3 cards never sit in a 4-column
 * grid beside an empty column. Fewer cards than columns: one column each, so the row is full. Otherwise the
 * widest of `max` and `max - 1` columns that leaves the fewest holes in the last row (7 → 4: one hole;
 * 5 → 3: one hole instead of three; 6 → 3: none).
 */
export function gridColumns(count: number, max: number): number {
  if (!Number.isInteger(count) || count < 1) return 1;
  if (count <= max) return count;
  const holes = (columns: number) => (columns - (count % columns)) % columns;
  const candidates = [max, max - 1].filter((columns) => columns >= 2);
  return candidates.reduce((best, columns) => (holes(columns) < holes(best) ? columns : best), candidates[0] ?? 1);
}
