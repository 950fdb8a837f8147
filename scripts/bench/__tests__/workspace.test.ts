import { changeCell, missedChanges, workspaceTable, type ChangeRun, type ScreenFigures } from "../workspace-table";

const runs = (...shown: (number | null)[]): ChangeRun[] => shown.map((value) => ({ heading: value, shown: value }));

describe("changeCell (the median time to the frame showing the new screen)", () => {
  it.each<[string, ChangeRun[], string]>([
    ["no runs", [], "—"],
    ["within the goal, the median of an odd count", runs(40, 90, 60), "60"],
    ["the median of an even count, rounded", runs(41, 60, 70, 20), "51"],
    ["exactly the goal meets it", runs(100, 100, 100), "100"],
    ["past the goal is marked", runs(120, 101, 300), "120 ✗"],
    ["a change that never showed is counted and marked", runs(50, null, 60), "55 (1× none) ✗"],
    ["none ever showed", runs(null, null), "none ✗"],
    ["the heading first, then the list read", [{ heading: 40, shown: 150 }, { heading: 60, shown: 170 }, { heading: 50, shown: 160 }], "50 / 160 ✗"],
    ["a heading under a millisecond earlier is not shown apart", [{ heading: 80.6, shown: 81 }], "81"],
  ])("%s", (_name, given, expected) => {
    expect(changeCell(given)).toBe(expected);
  });
});

describe("workspaceTable and missedChanges", () => {
  const figures: ScreenFigures[] = [
    { screen: "Orders", hash: "#/orders", first: runs(180, 200, 190), later: runs(150, 160, 170) },
    { screen: "Kitchen", hash: "#/kitchen", first: runs(70, 80, 75), later: runs(30, 40, 35) },
    { screen: "Site", hash: "#/site", first: runs(400, 420, 380), later: runs(60, 70, 65) },
  ];

  it("prints a row per screen with the first and later visits' medians, ✗ where the goal is missed", () => {
    expect(workspaceTable(figures).split("\n")).toEqual([
      "| Screen  | Address   | First visit (ms) | Later visits (ms) |",
      "|---------|-----------|------------------|-------------------|",
      "| Orders  | #/orders  | 190 ✗            | 160 ✗             |",
      "| Kitchen | #/kitchen | 75               | 35                |",
      "| Site    | #/site    | 400 ✗            | 65                |",
    ]);
  });

  it("names each cell that misses the goal", () => {
    expect(missedChanges(figures)).toEqual(["Orders (first visit)", "Orders (later visits)", "Site (first visit)"]);
  });
});
