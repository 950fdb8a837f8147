/**
 * The blog (SPEC §3 Blog post): the posts' slugs, their order (newest first), the pages of the
 * index, and when each post was published, as an instant on the business's clock. Pure: the zone and the
 * locale are parameters. Used at build (page plan, nodes); the browser only ever sees the results, and
 * the index's paths, which it needs for its page links, are in the luxon-free blog-paths.ts (re-exported).
 */
import { DateTime } from "luxon";
import { formatDateLabel } from "../business/locale";
import { toSlug } from "./slugs";

export * from "./blog-paths";

export type BlogPostInput = { id: string; title: string; slug?: string | null; publishedAt: string };

/**
 * The instant a post was published. A date-time with an offset (`2025-05-02T10:00:00-04:00`, `…Z`) is
 * that instant; a date (`2025-03-14`) or a date-time without one is read on the business's clock, a date
 * at its midnight. Either way it carries the business's offset, so the date shown is the business's.
 */
export function publishedInstant(publishedAt: string, timeZone: string): DateTime {
  const hasOffset = /(?:Z|[+-]\d{2}:\d{2})$/.test(publishedAt);
  const parsed = hasOffset ? DateTime.fromISO(publishedAt, { setZone: true }).setZone(timeZone) : DateTime.fromISO(publishedAt, { zone: timeZone });
  if (!parsed.isValid) {
    throw new RangeError(`blog: publishedAt: expected a date like "2025-03-14" or "2025-03-14T09:30:00Z" in zone ${timeZone}, got ${JSON.stringify(publishedAt)} (${parsed.invalidReason ?? "invalid"})`);
  }
  return parsed;
}

export type PublishedAt = {
  /** ISO 8601 with the business's offset, seconds precision: `2025-03-14T00:00:00-04:00` (datePublished). */
  iso: string;
  /** The local date, `2025-03-14` (the `<time datetime>`). */
  date: string;
  /** The date as the site writes it: `14 March 2025` in en-US, `2025年3月14日` in ja-JP. */
  label: string;
  /** Epoch ms, for ordering. */
  at: number;
};

export function publishedAt(publishedAtText: string, timeZone: string, locale?: string): PublishedAt {
  const instant = publishedInstant(publishedAtText, timeZone);
  const date = instant.toISODate() as string;
  return { iso: instant.toISO({ suppressMilliseconds: true }) as string, date, label: formatDateLabel(date, locale), at: instant.toMillis() };
}

/**
 * Each post's slug, in file order: its own `slug` when it has one (those are reserved first, so a title
 * never takes a slug a merchant chose), else its title under the SPEC §2 slug rules; a slug already taken
 * gets -2, -3, … by position. A title made only of symbols gives "" (the caller reports it).
 */
export function blogPostSlugs(posts: readonly Pick<BlogPostInput, "title" | "slug">[]): string[] {
  const taken = new Set(posts.map((post) => post.slug).filter((slug): slug is string => Boolean(slug)));
  return posts.map((post) => {
    if (post.slug) return post.slug;
    const slug = toSlug(post.title);
    if (slug === "") return slug;
    let candidate = slug;
    for (let n = 2; taken.has(candidate); n += 1) candidate = `${slug}-${n}`;
    taken.add(candidate);
    return candidate;
  });
}

/** Indexes of the posts newest first; posts published at the same instant keep their file order. */
export function newestFirst(posts: readonly BlogPostInput[], timeZone: string): number[] {
  const at = posts.map((post) => publishedInstant(post.publishedAt, timeZone).toMillis());
  return posts.map((_, index) => index).sort((a, b) => at[b] - at[a] || a - b);
}
