import { gridColumns } from "../grid";

describe("gridColumns", () => {
  it.each<[number, number, number, string]>([
    [0, 4, 1, "nothing to lay out"],
    [1, 4, 1, "one card"],
    [3, 4, 3, "three cards fill three columns, not three of four"],
    [4, 4, 4, "a full row"],
    [5, 4, 3, "3 + 2 rather than 4 + 1"],
    [6, 4, 3, "two full rows of three"],
    [7, 4, 4, "4 + 3"],
    [8, 4, 4, "two full rows of four"],
    [9, 4, 3, "three full rows of three"],
    [10, 4, 4, "equal holes: the wider grid"],
    [5, 3, 3, "3 + 2 (two columns would leave one too, but is narrower)"],
    [4, 3, 2, "two full rows of two rather than 3 + 1"],
    [3, 2, 2, "never more than the maximum"],
    [2.5, 4, 1, "not a count"],
  ])("%i cards, at most %i columns → %i (%s)", (count, max, expected) => {
    expect(gridColumns(count, max)).toBe(expected);
  });
});
