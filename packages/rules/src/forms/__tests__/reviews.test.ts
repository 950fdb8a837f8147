import { PublicReviewsSchema } from "../../api/api-views";
import {
  ANONYMOUS_AUTHOR,
  readPublicReviews,
  reviewAggregate,
  reviewAggregateText,
  reviewAuthor,
  reviewDateText,
  reviewRatingLabel,
  reviewStars,
} from "../reviews";

describe("reviews as shown publicly", () => {
  it.each<[string | null | undefined, string]>([
    ["Ada Lovelace", "Ada L."],
    ["  Ada   Byron  Lovelace ", "Ada L."],
    ["Ada", "Ada"],
    ["ada lovelace", "ada L."],
    ["Émile Zola", "Émile Z."],
    ["Anna Øster", "Anna Ø."],
    ["", ANONYMOUS_AUTHOR],
    ["   ", ANONYMOUS_AUTHOR],
    [null, ANONYMOUS_AUTHOR],
    [undefined, ANONYMOUS_AUTHOR],
  ])("reviewAuthor(%p) → %p", (name, expected) => {
    expect(reviewAuthor(name)).toBe(expected);
  });

  it.each<[number[], { count: number; average: number | null }]>([
    [[], { count: 0, average: null }],
    [[5], { count: 1, average: 5 }],
    [[5, 4], { count: 2, average: 4.5 }],
    [[5, 4, 4], { count: 3, average: 4.3 }],
    [[1, 2, 2], { count: 3, average: 1.7 }],
  ])("reviewAggregate(%p) → %p", (ratings, expected) => {
    expect(reviewAggregate(ratings)).toEqual(expected);
  });
});

describe("approved reviews as the site shows them", () => {
  const reply = {
    reviews: [{ id: "r1", rating: 4, text: "Lovely.", author: "Ada L.", created_at: "2030-06-01T02:30:00.000Z" }],
    aggregate: { count: 12, average: 4.5 },
  };

  it.each<[string, unknown, boolean]>([
    ["the service's reply", reply, true],
    ["none yet", { reviews: [], aggregate: { count: 0, average: null } }, true],
    ["null", null, false],
    ["text from a proxy", "Service unavailable", false],
    ["no aggregate", { reviews: [] }, false],
    ["a count that is not a whole number", { reviews: [], aggregate: { count: 1.5, average: 4 } }, false],
    ["an average above 5", { reviews: [], aggregate: { count: 1, average: 6 } }, false],
    ["reviews not a list", { reviews: {}, aggregate: { count: 0, average: null } }, false],
  ])("readPublicReviews: %s → read: %p, as the zod contract says", (_name, value, readable) => {
    expect(readPublicReviews(value) !== null).toBe(readable);
    expect(PublicReviewsSchema.safeParse(value).success).toBe(readable);
  });

  it("leaves out a review that does not read and keeps the rest", () => {
    const read = readPublicReviews({ ...reply, reviews: [...reply.reviews, { id: "r2", rating: 9, text: "x", author: "Bo", created_at: "2030-06-01" }] });
    expect(read?.reviews.map((review) => review.id)).toEqual(["r1"]);
    expect(read?.aggregate).toEqual({ count: 12, average: 4.5 });
  });

  it.each<[number, string, string]>([
    [5, "★★★★★", "Rated 5 out of 5"],
    [4, "★★★★☆", "Rated 4 out of 5"],
    [1, "★☆☆☆☆", "Rated 1 out of 5"],
  ])("rating %p → %p (%p for screen readers)", (rating, stars, label) => {
    expect(reviewStars(rating)).toBe(stars);
    expect(reviewRatingLabel(rating)).toBe(label);
  });

  it.each<[{ count: number; average: number | null }, string, string | null]>([
    [{ count: 12, average: 4.5 }, "en-US", "4.5 out of 5 · 12 reviews"],
    [{ count: 1, average: 5 }, "en-US", "5 out of 5 · 1 review"],
    [{ count: 1200, average: 4 }, "en-US", "4 out of 5 · 1,200 reviews"],
    [{ count: 3, average: 4.5 }, "de-DE", "4,5 out of 5 · 3 reviews"],
    [{ count: 0, average: null }, "en-US", null],
  ])("reviewAggregateText(%p, %p) → %p", (aggregate, locale, expected) => {
    expect(reviewAggregateText(aggregate, locale)).toBe(expected);
  });

  it.each<[string, string, string, string]>([
    ["2030-06-01T02:30:00.000Z", "America/New_York", "en-US", "May 31, 2030"],
    ["2030-06-01T02:30:00.000Z", "Europe/Paris", "en-US", "June 1, 2030"],
    ["2030-06-01T02:30:00.000Z", "Asia/Tokyo", "ja-JP", "2030年6月1日"],
    ["not a date", "UTC", "en-US", ""],
  ])("reviewDateText(%p) on the clock of %p in %p → %p", (createdAt, zone, locale, expected) => {
    expect(reviewDateText(createdAt, zone, locale)).toBe(expected);
  });
});
