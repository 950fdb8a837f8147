import { ANONYMOUS_AUTHOR, reviewAggregate, reviewAuthor } from "../reviews";

describe("reviews as shown publicly (issue 17)", () => {
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
