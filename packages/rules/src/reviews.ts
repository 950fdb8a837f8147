/**
 * How approved reviews are shown (issue 17): the reviewer as first name and last initial ("Ada L."), never
 * the full name or address the form collected; and the aggregate (count, average to one decimal). The
 * service's public reviews call and the structured data (structured-data.ts reviewJsonLd) use these.
 */

/** How a review without a name is signed. */
export const ANONYMOUS_AUTHOR = "Anonymous";

/** The name a visitor typed, as shown publicly: "Ada Lovelace" → "Ada L."; "Ada" → "Ada"; nothing → "Anonymous". */
export function reviewAuthor(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter((word) => word.length > 0);
  if (words.length === 0) return ANONYMOUS_AUTHOR;
  const first = words[0];
  if (words.length === 1) return first;
  const initial = [...words[words.length - 1]][0].toLocaleUpperCase();
  return `${first} ${initial}.`;
}

export interface ReviewAggregate {
  count: number;
  /** Mean rating rounded to one decimal; null without reviews. */
  average: number | null;
}

export function reviewAggregate(ratings: readonly number[]): ReviewAggregate {
  if (ratings.length === 0) return { count: 0, average: null };
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return { count: ratings.length, average: Math.round((sum / ratings.length) * 10) / 10 };
}
