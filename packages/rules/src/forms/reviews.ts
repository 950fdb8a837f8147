/**
 * How approved reviews are shown: the reviewer as first name and last initial ("Ada L."), never
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

/** One approved review as the site shows it (api-views.ts PublicReviewsSchema). */
export interface ShownReview {
  id: string;
  rating: number;
  text: string;
  author: string;
  created_at: string;
}

export interface ShownReviews {
  reviews: ShownReview[];
  aggregate: ReviewAggregate;
}

const isRating = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 5;

/**
 * The public reviews reply as the site reads it, or null when the reply is not one. Like
 * live-availability.ts readPublicAvailability, a small reader in place of the zod schema in the browser;
 * its tests hold it to the schema. A review that does not read is left out; the aggregate must read.
 */
export function readPublicReviews(value: unknown): ShownReviews | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const { reviews, aggregate } = value as { reviews?: unknown; aggregate?: unknown };
  if (!Array.isArray(reviews) || aggregate === null || typeof aggregate !== "object") return null;
  const { count, average } = aggregate as { count?: unknown; average?: unknown };
  if (typeof count !== "number" || !Number.isInteger(count) || count < 0) return null;
  if (average !== null && (typeof average !== "number" || average < 1 || average > 5)) return null;
  const shown = reviews.flatMap((review: unknown): ShownReview[] => {
    if (review === null || typeof review !== "object") return [];
    const { id, rating, text, author, created_at: createdAt } = review as Record<string, unknown>;
    if (typeof id !== "string" || !isRating(rating) || typeof text !== "string" || typeof author !== "string" || typeof createdAt !== "string") return [];
    return [{ id, rating, text, author, created_at: createdAt }];
  });
  return { reviews: shown, aggregate: { count, average } };
}

/** A rating as five stars for the eye ("★★★★☆"); screen readers get reviewRatingLabel instead. */
export function reviewStars(rating: number): string {
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  return "★".repeat(full) + "☆".repeat(5 - full);
}

/** "Rated 4 out of 5". */
export function reviewRatingLabel(rating: number): string {
  return `Rated ${rating} out of 5`;
}

/** The aggregate line: "4.5 out of 5 · 12 reviews", "5 out of 5 · 1 review"; null without reviews. */
export function reviewAggregateText(aggregate: ReviewAggregate, locale = "en-US"): string | null {
  if (aggregate.count < 1 || aggregate.average === null) return null;
  const average = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(aggregate.average);
  const count = new Intl.NumberFormat(locale).format(aggregate.count);
  return `${average} out of 5 · ${count} ${aggregate.count === 1 ? "review" : "reviews"}`;
}

/**
 * When a review was written, as a date on the business's clock (`timeZone`, the location's or the primary
 * location's): "June 1, 2030" in en-US. An instant that does not read is shown as its own date part.
 */
export function reviewDateText(createdAt: string, timeZone: string, locale = "en-US"): string {
  const at = Date.parse(createdAt);
  if (Number.isNaN(at)) return /^\d{4}-\d{2}-\d{2}/.exec(createdAt)?.[0] ?? "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone }).format(at);
}
