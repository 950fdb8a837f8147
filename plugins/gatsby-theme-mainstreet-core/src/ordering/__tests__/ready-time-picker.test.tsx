import React from "react";
import { render, screen } from "@testing-library/react";
import type { FulfillmentSlotsView } from "@mainstreet/rules/api/order-api";
import { ReadyTimePicker } from "../ready-time-picker";
import { slotsView, useSample } from "./ordering-fixtures";

const MESSAGES = {
  closed: "Vela Fishtown is closed and opens tomorrow at 5:00pm: you can order now for later.",
  paused: "Vela Fishtown is not taking online orders until 7:30pm: you can order now for later.",
  closing: "Closes at 10:00pm: too soon to prepare an order (25 minutes), so as soon as possible is not available: choose a later time.",
  full: "The kitchen is fully booked until it closes at 10:00pm, so as soon as possible is not available: choose a later time.",
} as const;

function picker(view: FulfillmentSlotsView) {
  const { config } = useSample("restaurant");
  const location = config!.locations.find((candidate) => candidate.locationId === "loc-fishtown")!;
  render(<ReadyTimePicker state={{ status: "ready", view }} location={location} locationName="Vela Fishtown" choice={{ when: "scheduled", scheduledFor: "" }} errors={{}} onChoose={() => undefined} onRetry={() => undefined} />);
}

describe("ReadyTimePicker when as soon as possible is not offered: it says why and offers later", () => {
  beforeEach(() => jest.spyOn(Date, "now").mockReturnValue(Date.parse("2030-06-04T21:50:00-04:00")));
  afterEach(() => jest.restoreAllMocks());

  it.each<[keyof typeof MESSAGES, string]>([
    // Closed and paused: the service's message is the location's ordering state (ordering-state.ts), then what to do.
    ["closed", `${MESSAGES.closed} Choose a day and a time below.`],
    ["paused", `${MESSAGES.paused} Choose a day and a time below.`],
    ["closing", `Closing soon · order for later. ${MESSAGES.closing}`],
    ["full", `Fully booked for now · order for later. ${MESSAGES.full}`],
  ])("%s", (reason, text) => {
    const view = slotsView({ closed: true });
    picker({ ...view, asap: { ...view.asap, reason, message: MESSAGES[reason] } });
    expect(document.querySelector(".ready-time__later p")).toHaveTextContent(text);
    expect(screen.getByRole("combobox", { name: "Day" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Time" })).toBeInTheDocument();
  });

  it("no time left in the days ahead: says so and how to reach the location", () => {
    const view = slotsView({ closed: true });
    picker({ ...view, days: view.days.map((day) => ({ ...day, slots: day.slots.map((slot) => ({ ...slot, available: false, remaining: 0 })) })) });
    expect(screen.getByText(/^No times are left in the next 3 days\./)).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Time" })).toBeNull();
  });

  it("shipping: nothing to choose, nothing shown", () => {
    const { container } = (() => {
      const { config } = useSample("restaurant");
      const location = config!.locations[0];
      return render(<ReadyTimePicker state={{ status: "ready", view: { ...slotsView(), timed: false, days: [] } }} location={location} locationName="x" choice={{ when: "asap", scheduledFor: "" }} errors={{}} onChoose={() => undefined} onRetry={() => undefined} />);
    })();
    expect(container).toBeEmptyDOMElement();
  });
});
