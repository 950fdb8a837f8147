import { missedGoals, tapsTable, type ControlFigures } from "../taps-table";

const row = (control: string, runs: ControlFigures["runs"]): ControlFigures => ({ site: "salon", control, path: "/", runs });
const taps = (...pairs: [number | null, number | null][]) => pairs.map(([ack, done]) => ({ ack, done }));

describe("bench:taps's table", () => {
  const figures = [
    row("header menu", [taps([20, 1600], [30, 1500], [10, 1700]), taps([40, 40]), taps([99, 99]), taps([101, 300])]),
    row("like", [taps([null, null]), taps([20, 20], [null, null], [30, 30]), [], taps([0, 0])]),
  ];

  it("shows the median acknowledgement per moment, the median answer after it where later, and marks a cell over 100 ms or never answered", () => {
    const lines = tapsTable(figures).split("\n");
    expect(lines[0]).toMatch(/\| at load +\| 1 s after +\| 3 s after +\| 6 s after +\|$/);
    expect(lines[2]).toMatch(/\| 20 \/ 1600 +\| 40 +\| 99 +\| 101 ✗ \/ 300 +\|$/);
    expect(lines[3]).toMatch(/\| none ✗ +\| 25 \(1× none\) ✗ +\| — +\| 0 +\|$/);
  });

  it("lists the cells that miss the goal, and only those", () => {
    expect(missedGoals(figures)).toEqual(["salon header menu @ 6 s", "salon like @ 0 s", "salon like @ 1 s"]);
  });
});
