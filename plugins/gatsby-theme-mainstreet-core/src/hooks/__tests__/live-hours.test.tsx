import React from "react";
import { OpenStatusBadge } from "../../components/open-status-badge";
import HoursDisplay from "../../components/hours-display";
import { waitFor } from "@testing-library/react";
import { lateHoursRules } from "../use-live-hours";
import { fillLiveHours, MAX_REFILL_MS } from "../live-hours";
import { renderToStaticHtml } from "../../__tests__/server-render";
import { sampleSite } from "../../__tests__/fixtures";

/**
 * The page's live hours: the server HTML of the open-status line, today's line and the special hours
 * filled straight into the document, with no React at all, as they are in a part whose code has not arrived.
 */
const salon = sampleSite("salon");
const carrow = salon.site.locations[0];
const context = { schedules: salon.site.locations.map((location) => location.openSchedule), locale: "en-US", later: lateHoursRules };
const SPECIAL = [
  { date: "2026-05-08", closed: true, label: "Staff training" },
  { date: "2026-12-25", closed: true, label: "Christmas Day" },
];

function serverHtml(element: React.ReactElement): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderToStaticHtml(element);
  document.body.replaceChildren(root);
  return root;
}

describe("fillLiveHours on server HTML (no React)", () => {
  it.each([
    // Tuesday 5 May 2026 in New York (UTC-4).
    [Date.UTC(2026, 4, 5, 13, 30), "open-status--opening_soon", "Opening soon · opens 10:00am"],
    [Date.UTC(2026, 4, 5, 16, 0), "open-status--open", "Open · until 8:00pm"],
    [Date.UTC(2026, 4, 4, 16, 0), "open-status--closed", "Closed · opens Tue 10:00am"],
  ])("writes the status at %i from the site's schedule: %s", (now, className, text) => {
    const root = serverHtml(<OpenStatusBadge hours={carrow.hours} timeZone={carrow.timezone} />);
    const line = root.querySelector<HTMLElement>(".open-status")!;
    expect(line).toHaveAttribute("aria-hidden", "true");
    const next = fillLiveHours(document.body, context, now);
    expect(line).toHaveClass("open-status", className);
    expect(line).toHaveAttribute("role", "status");
    expect(line).not.toHaveAttribute("aria-hidden");
    expect(line).toHaveTextContent(text);
    // Filled again when the status changes, and never later than an hour.
    expect(next).toBeGreaterThan(now);
    expect(next).toBeLessThanOrEqual(now + MAX_REFILL_MS);
  });

  it("writes today's line and shows the special dates of the coming weeks only, in the location's zone", () => {
    const root = serverHtml(<HoursDisplay hours={carrow.hours} timeZone={carrow.timezone} display="modal" specialHours={SPECIAL} />);
    const today = root.querySelector<HTMLElement>(".hours-today")!;
    expect(today).not.toHaveAttribute("data-filled");
    // Friday 8 May 2026, 11:00 in New York: a special closure today.
    fillLiveHours(root, context, Date.UTC(2026, 4, 8, 15, 0));
    expect(today).toHaveAttribute("data-filled", "true");
    expect(today).toHaveTextContent("Today: Closed (Staff training)");
    // Saturday: the weekday's hours again.
    fillLiveHours(root, context, Date.UTC(2026, 4, 9, 15, 0));
    expect(today).toHaveTextContent("Today: 9:00am – 1:00pm, 2:00pm – 6:00pm (Afternoon appointments)");
  });

  it("lists special dates only once they come within the notice window", async () => {
    const root = serverHtml(<HoursDisplay hours={carrow.hours} timeZone={carrow.timezone} display="grouped" specialHours={SPECIAL} />);
    const group = root.querySelector<HTMLElement>("[data-special-hours]")!;
    const shown = () => [...group.querySelectorAll<HTMLElement>("li")].filter((item) => !item.hidden).map((item) => item.dataset.date);
    fillLiveHours(root, context, Date.UTC(2026, 4, 5, 16, 0));
    expect(group.hidden).toBe(false);
    expect(shown()).toEqual(["2026-05-08"]);
    // Past the site's schedules: the browser's clock in the zone tells the date, its code fetched on first need.
    fillLiveHours(root, context, Date.UTC(2026, 10, 20, 16, 0));
    await waitFor(() => expect(shown()).toEqual(["2026-12-25"]));
    fillLiveHours(root, context, Date.UTC(2027, 0, 5, 16, 0));
    expect(shown()).toEqual([]);
    expect(group.hidden).toBe(true);
  });

  it("tells today from a site schedule in the zone (plain numbers) as the browser's clock in that zone would", async () => {
    const root = serverHtml(<HoursDisplay hours={carrow.hours} timeZone={carrow.timezone} display="modal" specialHours={SPECIAL} />);
    const today = root.querySelector<HTMLElement>(".hours-today")!;
    const schedule = salon.site.locations.find((location) => location.timezone === carrow.timezone)!.openSchedule!;
    // Every 5 hours across the schedule's days, DST changes included.
    fillLiveHours(root, { ...context, schedules: [] }, schedule.dayStarts[1]);
    await waitFor(() => expect(today).toHaveAttribute("data-filled", "true"));
    for (let now = schedule.dayStarts[1]; now < schedule.validUntil; now += 5 * 3_600_000) {
      fillLiveHours(root, context, now);
      const fromSchedule = today.textContent;
      fillLiveHours(root, { ...context, schedules: [] }, now);
      expect(fromSchedule).toBe(today.textContent);
    }
  });
});
