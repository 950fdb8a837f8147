import { openSchedule } from "../../hours/open-status";
import { HOLIDAYS, NY, WEEK_HOURS, ny } from "../../hours/__tests__/hours-fixtures";
import { type OrderingStateInput, orderingState } from "../ordering-state";

// The restaurant's week (Tue–Thu 5–10pm, Fri and Sat 5pm–1am, brunch on the weekend, Sunday dinner 5–9pm,
// closed Monday) with the year-end holidays, expanded once as a build would.
const SCHEDULE = openSchedule(WEEK_HOURS, NY, "2026-10-20", "2027-03-31", HOLIDAYS);

const at = (now: string, override: Partial<OrderingStateInput> = {}): OrderingStateInput => ({
  now: ny(now),
  timeZone: NY,
  schedule: SCHEDULE,
  pausedUntil: null,
  takingOrders: true,
  daysAhead: 6,
  locationName: "Vela Fishtown",
  ...override,
});

describe("a location's one ordering state", () => {
  it.each<[string, OrderingStateInput, { kind: string; canOrder: boolean; sentence: string }]>([
    ["open", at("2026-11-24T18:00"), { kind: "open", canOrder: true, sentence: "Vela Fishtown is open for online orders until 10:00pm." }],
    ["open past midnight", at("2026-11-27T23:50"), { kind: "open", canOrder: true, sentence: "Vela Fishtown is open for online orders until tomorrow at 1:00am." }],
    ["closed, opens later today", at("2026-11-24T16:00"), { kind: "closed", canOrder: true, sentence: "Vela Fishtown is closed and opens today at 5:00pm: you can order now for later." }],
    ["closed, opens tomorrow", at("2026-11-24T22:30"), { kind: "closed", canOrder: true, sentence: "Vela Fishtown is closed and opens tomorrow at 5:00pm: you can order now for later." }],
    ["closed, opens on a later weekday", at("2026-11-29T21:30"), { kind: "closed", canOrder: true, sentence: "Vela Fishtown is closed and opens Tue 1 Dec at 5:00pm: you can order now for later." }],
    ["closed, opens after the scheduling window: no cart for now", at("2026-11-29T21:30", { daysAhead: 1 }), { kind: "closed", canOrder: false, sentence: "Vela Fishtown is closed and opens Tue 1 Dec at 5:00pm." }],
    ["paused until later today", at("2026-11-24T18:00", { pausedUntil: ny("2026-11-24T19:30") }), { kind: "paused", canOrder: true, sentence: "Vela Fishtown is not taking online orders until 7:30pm: you can order now for later." }],
    ["paused, as the reply says it (ISO with its offset)", at("2026-11-24T18:00", { pausedUntil: "2026-11-24T19:30:00.000-05:00" }), { kind: "paused", canOrder: true, sentence: "Vela Fishtown is not taking online orders until 7:30pm: you can order now for later." }],
    ["paused until tomorrow, when it is open", at("2026-11-27T18:00", { pausedUntil: ny("2026-11-28T12:00") }), { kind: "paused", canOrder: true, sentence: "Vela Fishtown is not taking online orders until tomorrow at 12:00pm: you can order now for later." }],
    ["a pause that ends after closing: until the next opening", at("2026-11-24T21:00", { pausedUntil: ny("2026-11-24T23:30") }), { kind: "paused", canOrder: true, sentence: "Vela Fishtown is not taking online orders until tomorrow at 5:00pm: you can order now for later." }],
    ["a pause that ends while closed: closed, and nothing about the pause", at("2026-11-24T16:00", { pausedUntil: ny("2026-11-24T16:35") }), { kind: "closed", canOrder: true, sentence: "Vela Fishtown is closed and opens today at 5:00pm: you can order now for later." }],
    ["closed, paused past the opening: until the pause ends", at("2026-11-24T16:00", { pausedUntil: ny("2026-11-24T17:30") }), { kind: "paused", canOrder: true, sentence: "Vela Fishtown is not taking online orders until 5:30pm: you can order now for later." }],
    ["a pause already over", at("2026-11-24T18:00", { pausedUntil: ny("2026-11-24T17:45") }), { kind: "open", canOrder: true, sentence: "Vela Fishtown is open for online orders until 10:00pm." }],
    ["a pause past the scheduling window", at("2026-11-24T18:00", { pausedUntil: ny("2026-11-26T18:00"), daysAhead: 1 }), { kind: "paused", canOrder: false, sentence: "Vela Fishtown is not taking online orders until Thu 26 Nov at 6:00pm." }],
    ["online orders off for the location", at("2026-11-24T18:00", { takingOrders: false }), { kind: "not_taking_orders", canOrder: false, sentence: "Vela Fishtown is not taking online orders right now." }],
    ["online orders off wins over a pause", at("2026-11-24T18:00", { takingOrders: false, pausedUntil: ny("2026-11-24T19:30") }), { kind: "not_taking_orders", canOrder: false, sentence: "Vela Fishtown is not taking online orders right now." }],
    ["special hours: closed on Christmas Day, a Friday", at("2026-12-25T18:00"), { kind: "closed", canOrder: true, sentence: "Vela Fishtown is closed and opens tomorrow at 11:30am: you can order now for later." }],
    ["special hours: New Year's Eve closes at 8pm", at("2026-12-31T19:00"), { kind: "open", canOrder: true, sentence: "Vela Fishtown is open for online orders until 8:00pm." }],
    ["DST ends (a 25-hour Sunday): opens at 11:30am on the wall clock", at("2026-11-01T09:00"), { kind: "closed", canOrder: true, sentence: "Vela Fishtown is closed and opens today at 11:30am: you can order now for later." }],
    ["DST starts (a 23-hour Sunday): opens at 11:30am on the wall clock", at("2027-03-14T04:00"), { kind: "closed", canOrder: true, sentence: "Vela Fishtown is closed and opens today at 11:30am: you can order now for later." }],
    ["no name: the sentence still reads", at("2026-11-24T18:00", { locationName: " " }), { kind: "open", canOrder: true, sentence: "This location is open for online orders until 10:00pm." }],
  ])("%s", (_name, input, expected) => {
    expect(orderingState(input)).toMatchObject(expected);
  });

  it("says when orders start again or the location closes", () => {
    expect(orderingState(at("2026-11-24T18:00"))?.at).toBe(ny("2026-11-24T22:00"));
    expect(orderingState(at("2026-11-24T21:00", { pausedUntil: ny("2026-11-24T23:30") }))?.at).toBe(ny("2026-11-25T17:00"));
    expect(orderingState(at("2026-11-24T16:00"))?.at).toBe(ny("2026-11-24T17:00"));
  });

  it("answers null outside what the schedule covers, so the caller builds a fresh one", () => {
    expect(orderingState(at("2026-10-20T12:00"))).toBeNull();
    expect(orderingState(at("2027-03-30T12:00"))).toBeNull();
  });

  it.each<[string, Parameters<typeof openSchedule>[0], string]>([
    ["no hours at all", [], "Vela Fishtown has no opening hours coming up, so it is not taking online orders."],
    ["open around the clock", [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: 0, close: 2400 })), "Vela Fishtown is open for online orders."],
  ])("%s", (_name, hours, sentence) => {
    const schedule = openSchedule(hours, NY, "2026-11-20", "2026-12-10");
    expect(orderingState(at("2026-11-24T18:00", { schedule }))?.sentence).toBe(sentence);
  });
});
