import React from "react";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { act, render, screen } from "@testing-library/react";
import { AnnouncementBanner } from "../layout/announcement-banner";
import { liveAnnouncementOf } from "../runtime/live-facts";
import { LiveFactsContext, type LiveFactsView } from "../hooks/live-facts-context";
import { sampleSite } from "./fixtures";

/**
 * The announcement as the owner published it since the build (facts read live): new words in the bar's held
 * place, and a taken-down announcement keeps its place, empty, so nothing below it moves.
 */
const START = Date.UTC(2026, 4, 1, 12, 0, 0);
const built = sampleSite("salon").site.business.announcement!;
const live = { title: null, text: "Closed today for a private event", link: null };
const view = (answer: typeof live | null): LiveFactsView => ({ hours: new Map(), announcement: liveAnnouncementOf(built, answer) });

beforeEach(() => {
  jest.useFakeTimers({ now: START });
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe("liveAnnouncementOf", () => {
  it.each([
    ["the same words keep the built announcement", { title: built.title ?? null, text: built.text, link: built.link ? { label: built.link.label, href: built.link.href } : null }, "same"],
    ["new words replace the text, title and link", { title: "Today", text: "Closed for a private event", link: { label: "Book", href: "/book/" } }, "changed"],
    ["no announcement takes it down", null, "withdrawn"],
  ] as const)("%s", (_name, answer, outcome) => {
    const change = liveAnnouncementOf(built, answer);
    if (outcome === "same") expect(change).toBeUndefined();
    if (outcome === "withdrawn") expect(change).toBeNull();
    if (outcome === "changed") expect(change).toEqual({ title: "Today", text: "Closed for a private event", link: { url: "/book/", label: "Book", href: "/book/", internal: true } });
  });
});

describe("AnnouncementBanner with live facts", () => {
  it("shows the owner's new words in the held place, on the build's timing", () => {
    const { container } = render(
      <LiveFactsContext.Provider value={view(live)}>
        <AnnouncementBanner announcement={built} />
      </LiveFactsContext.Provider>,
    );
    expect(container.querySelector(".announcement-slot")).toHaveAttribute("data-timed-state", "held");
    act(() => jest.advanceTimersByTime(built.settings.delay ?? 0));
    expect(screen.getByRole("complementary", { name: "Announcement" })).toHaveTextContent(live.text);
  });

  it("keeps the place of one taken down, empty and unseen, so the page below does not move", () => {
    const { container } = render(
      <LiveFactsContext.Provider value={view(null)}>
        <AnnouncementBanner announcement={built} />
      </LiveFactsContext.Provider>,
    );
    act(() => jest.advanceTimersByTime(built.settings.delay ?? 0));
    const slot = container.querySelector(".announcement-slot")!;
    expect(slot).toHaveClass("announcement-slot--withdrawn");
    expect(slot).not.toHaveAttribute("hidden");
    // The stylesheet keeps its box and hides what is in it (jsdom does no layout: the rule is what holds the place).
    const css = readFileSync(join(__dirname, "..", "styles", "base.css"), "utf8");
    expect(css).toMatch(/\.announcement-slot--withdrawn \.announcement__inner \{ visibility: hidden; \}/);
  });

  it("adds no bar where the build had none: a new announcement waits for the build", () => {
    expect(liveAnnouncementOf(null, live)).toBeUndefined();
    const { container } = render(
      <LiveFactsContext.Provider value={view(live)}>
        <AnnouncementBanner announcement={null} />
      </LiveFactsContext.Provider>,
    );
    expect(container.querySelector(".announcement-slot")).toBeNull();
  });
});
