import React from "react";
import { waitFor } from "@testing-library/react";
import { OpenStatusBadge } from "../../components/open-status-badge";
import HoursDisplay from "../../components/hours-display";
import { datedHours } from "@mainstreet/rules/hours/hours-format";
import { liveFactsView, resetLiveFacts } from "../../runtime/live-facts";
import { lateHoursRules } from "../use-live-hours";
import { fillLiveHours } from "../live-hours";
import { renderToStaticHtml } from "../../__tests__/server-render";
import { sampleSite } from "../../__tests__/fixtures";

/**
 * Facts read live on the page: the service's hours are put over the built ones only where they differ, and the
 * open-status line and today's line are told from them, with no React, in the place the build held for them.
 */
const salon = sampleSite("salon");
const carrow = salon.site.locations[0];
const built = salon.site.locations.map((location) => ({ locationId: location.locationId, timezone: location.timezone, hours: location.hours, specialHours: location.specialHours }));
const schedules = salon.site.locations.map((location) => location.openSchedule);
// Tuesday 5 May 2026, noon in New York: the salon's Carrow location is open until 8:00pm by its build.
const NOW = Date.UTC(2026, 4, 5, 16, 0);
const TODAY = "2026-05-05";

const reply = (specialHours: unknown[], hours: unknown[] = carrow.hours.map((entry) => ({ day: entry.day, open: entry.open ?? null, close: entry.close ?? null, ...(entry.label ? { label: entry.label } : {}) }))) => ({
  revision: 7,
  locations: [{ id: carrow.locationId, timezone: carrow.timezone, hours, special_hours: specialHours }],
  announcement: null,
});

function serverHtml(element: React.ReactElement): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderToStaticHtml(element);
  document.body.replaceChildren(root);
  return root;
}

afterEach(() => resetLiveFacts());

describe("liveFactsView", () => {
  it.each([
    // No view at all: the layout does not render again, so parts that wait for a visitor keep waiting.
    ["an answer that says what the build says is no view", reply(carrow.specialHours.map((entry) => ({ ...entry, open: entry.open ?? null, close: entry.close ?? null, closed: entry.closed ?? false }))), null],
    ["a closure today changes the location's hours", reply([{ date: TODAY, closed: true, open: null, close: null, label: "Closed today" }]), 1],
    ["a reply that is not one is no view", "<html>", null],
  ])("%s", (_name, answer, changed) => {
    const view = liveFactsView(answer, built, "en-US", NOW);
    if (changed === null) expect(view).toBeNull();
    else expect(view?.hours.size).toBe(changed);
  });
});

describe("a live closure on the page", () => {
  const closed = liveFactsView(reply([{ date: TODAY, closed: true, open: null, close: null, label: "Closed today" }]), built, "en-US", NOW, null, datedHours)!;

  it("replaces the built schedule's Open with Closed on the location's line", async () => {
    const root = serverHtml(<OpenStatusBadge hours={carrow.hours} timeZone={carrow.timezone} specialHours={carrow.specialHours} locationId={carrow.locationId} />);
    const line = root.querySelector<HTMLElement>(".open-status")!;
    fillLiveHours(root, { schedules, locale: "en-US", later: lateHoursRules }, NOW);
    expect(line).toHaveTextContent("Open · until 8:00pm");
    fillLiveHours(root, { schedules, locale: "en-US", overrides: closed.hours, later: lateHoursRules }, NOW);
    // Told by the luxon half of the rules, fetched on first need.
    await waitFor(() => expect(line).toHaveTextContent(/^Closed · opens/));
    expect(line).toHaveClass("open-status--closed");
  });

  it("leaves a line of another location (or one without a location) to the build", () => {
    const other = salon.site.locations[1];
    const root = serverHtml(<OpenStatusBadge hours={other.hours} timeZone={other.timezone} locationId={other.locationId} />);
    const line = root.querySelector<HTMLElement>(".open-status")!;
    fillLiveHours(root, { schedules, locale: "en-US", later: lateHoursRules }, NOW);
    const before = line.textContent;
    fillLiveHours(root, { schedules, locale: "en-US", overrides: closed.hours, later: lateHoursRules }, NOW);
    expect(line.textContent).toBe(before);
  });

  it("writes today's line from the live hours", () => {
    const root = serverHtml(<HoursDisplay hours={carrow.hours} timeZone={carrow.timezone} specialHours={carrow.specialHours} locationId={carrow.locationId} display="modal" />);
    const today = root.querySelector<HTMLElement>(".hours-today")!;
    fillLiveHours(root, { schedules, locale: "en-US", later: lateHoursRules }, NOW);
    expect(today).not.toHaveTextContent("Closed");
    fillLiveHours(root, { schedules, locale: "en-US", overrides: closed.hours, later: lateHoursRules }, NOW);
    expect(today).toHaveTextContent("Today: Closed (Closed today)");
  });
});
