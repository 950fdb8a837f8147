import React from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { TimedElement } from "../components/timed-element";
import { AnnouncementBanner } from "../layout/announcement-banner";
import { forceShowRequested } from "../components/timed-element-driver";
import { createStore, timedElementKey } from "@mainstreet/rules/site/storage";
import { resolveTimedElementSettings, type DismissalStores, type TimedElementSettings, type TimedElementSettingsInput } from "@mainstreet/rules/site/timed-element";
import { memoryStorage } from "./dom-helpers";
import { renderToStaticHtml } from "./server-render";
import { sampleSite } from "./fixtures";

// 1 May 2026, 12:00 UTC; every clock reading below comes from jest's pinned timers.
const START = Date.UTC(2026, 4, 1, 12, 0, 0);

function storages() {
  const session = memoryStorage();
  const local = memoryStorage();
  const stores: DismissalStores = { session: createStore(session), local: createStore(local) };
  return { session, local, stores };
}

function Banner({ settings, stores, forceShow }: { settings: TimedElementSettings; stores: DismissalStores; forceShow?: boolean }) {
  return (
    <TimedElement settings={settings} stores={stores} forceShow={forceShow}>
      {({ dismiss }) => (
        <div role="region" aria-label="Announcement">
          Sale on
          <button type="button" onClick={dismiss}>
            Dismiss
          </button>
        </div>
      )}
    </TimedElement>
  );
}

const shown = () => screen.queryByRole("region", { name: "Announcement" });
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

beforeEach(() => {
  jest.useFakeTimers({ now: START });
});
afterEach(() => jest.useRealTimers());

describe("TimedElement (SPEC §4 timed element, pinned clock)", () => {
  it("is in the server HTML out of the page, or with its place held unseen, never shown", () => {
    const { stores } = storages();
    const out = renderToStaticHtml(<Banner settings={{}} stores={stores} />);
    expect(out).toMatch(/^<div data-timed-state="gone" aria-hidden="true" hidden="" data-timed-settings="\{\}">/);
    const held = renderToStaticHtml(
      <TimedElement settings={{}} stores={stores} keepPlace>
        {() => <p>Sale on</p>}
      </TimedElement>,
    );
    expect(held).toBe('<div data-timed-state="held" aria-hidden="true" data-timed-settings="{}" data-timed-keep-place=""><p>Sale on</p></div>');
  });

  it("changes what it shows without rendering again (its children render once)", () => {
    const { stores } = storages();
    let renders = 0;
    render(
      <TimedElement settings={{ delay: 1000, duration: 5000 }} stores={stores} keepPlace>
        {({ dismiss }) => {
          renders += 1;
          return (
            <div role="region" aria-label="Announcement">
              <button type="button" onClick={dismiss}>
                Dismiss
              </button>
            </div>
          );
        }}
      </TimedElement>,
    );
    advance(1000);
    expect(shown()).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(shown()).toBeNull();
    expect(renders).toBe(1);
  });

  it("is hidden until the delay passes, then shown, then hidden when the duration runs out", () => {
    const { stores } = storages();
    render(<Banner settings={{ delay: 2500, duration: 45_000, referenceId: "gift" }} stores={stores} />);
    expect(shown()).toBeNull();
    advance(2499);
    expect(shown()).toBeNull();
    advance(1);
    expect(shown()).not.toBeNull();
    advance(44_999);
    expect(shown()).not.toBeNull();
    advance(1);
    expect(shown()).toBeNull();
  });

  it.each<[string, TimedElementSettingsInput, boolean]>([
    ["before its start date: hidden", { startTime: "2026-05-02T00:00", timezone: "UTC" }, false],
    ["after its end date: hidden", { endTime: "2026-05-01T11:59", timezone: "UTC" }, false],
    ["inside its window (New York time): shown", { startTime: "2026-05-01T07:00", endTime: "2026-05-01T09:00", timezone: "America/New_York" }, true],
  ])("%s", (_name, settings, expected) => {
    const { stores } = storages();
    // As the page gets them: the data's local dates resolved at build.
    render(<Banner settings={resolveTimedElementSettings(settings)} stores={stores} />);
    advance(0);
    expect(shown() !== null).toBe(expected);
  });

  it("opens at its start date while the page stays open", () => {
    const { stores } = storages();
    render(<Banner settings={{ startAt: Date.parse("2026-05-01T12:00:30Z") }} stores={stores} />);
    expect(shown()).toBeNull();
    advance(30_000);
    expect(shown()).not.toBeNull();
  });

  it.each([
    ["session", "session"],
    ["local_storage", "local"],
  ] as const)("a %s dismissal is stored and keeps it hidden on the next page", (dismissalType, where) => {
    const all = storages();
    const settings: TimedElementSettings = { dismissalType, referenceId: "gift" };
    const first = render(<Banner settings={settings} stores={all.stores} />);
    advance(0);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(shown()).toBeNull();
    expect(all[where].getItem(timedElementKey("gift"))).not.toBeNull();
    expect(all[where === "session" ? "local" : "session"].getItem(timedElementKey("gift"))).toBeNull();
    first.unmount();
    render(<Banner settings={settings} stores={all.stores} />);
    advance(60_000);
    expect(shown()).toBeNull();
  });

  it("'disabled' stores nothing and shows again on the next page", () => {
    const all = storages();
    const settings: TimedElementSettings = { dismissalType: "disabled", referenceId: "gift" };
    const first = render(<Banner settings={settings} stores={all.stores} />);
    advance(0);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(shown()).toBeNull();
    expect(all.session.length + all.local.length).toBe(0);
    first.unmount();
    render(<Banner settings={settings} stores={all.stores} />);
    advance(0);
    expect(shown()).not.toBeNull();
  });

  it("a force-show clears a stored dismissal", () => {
    const all = storages();
    const settings: TimedElementSettings = { dismissalType: "local_storage", referenceId: "gift" };
    all.stores.local.set(timedElementKey("gift"), START - 1000);
    const hidden = render(<Banner settings={settings} stores={all.stores} />);
    advance(0);
    expect(shown()).toBeNull();
    hidden.unmount();
    render(<Banner settings={settings} stores={all.stores} forceShow />);
    advance(0);
    expect(shown()).not.toBeNull();
    expect(all.local.getItem(timedElementKey("gift"))).toBeNull();
  });
});

describe("AnnouncementBanner", () => {
  const announcement = sampleSite("salon").site.business.announcement!;

  it("shows the sample's announcement after its delay, with its link opening in a new tab and a dismiss button", () => {
    window.localStorage.clear();
    const { container } = render(<AnnouncementBanner announcement={announcement} />);
    expect(screen.queryByRole("complementary", { name: "Announcement" })).toBeNull();
    // Its window is open at build, so its place is held from the first render on: unseen, unread.
    expect(announcement.holdsPlace).toBe(true);
    const slot = container.querySelector(".announcement-slot")!;
    expect(slot).toHaveAttribute("data-timed-state", "held");
    expect(slot).toHaveAttribute("aria-hidden", "true");
    expect(slot).not.toHaveAttribute("hidden");
    advance(announcement.settings.delay ?? 0);
    const banner = screen.getByRole("complementary", { name: "Announcement" });
    expect(slot).toHaveAttribute("data-timed-state", "shown");
    expect(banner).toHaveTextContent(announcement.text);
    expect(screen.getByRole("link", { name: /Buy a gift card/ })).toHaveAttribute("target", "_blank");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss announcement" }));
    expect(screen.queryByRole("complementary", { name: "Announcement" })).toBeNull();
    // Dismissed, it gives its place up.
    expect(slot).toHaveAttribute("data-timed-state", "gone");
    expect(slot).toHaveAttribute("hidden");
    expect(window.localStorage.getItem(timedElementKey(announcement.settings.referenceId!))).not.toBeNull();
    window.localStorage.clear();
  });

  it("holds no place when its window had not opened at build, and shows nowhere it is hidden (checkout, order)", () => {
    window.localStorage.clear();
    const later = render(<AnnouncementBanner announcement={{ ...announcement, holdsPlace: false }} />);
    expect(later.container.querySelector(".announcement-slot")).toHaveAttribute("hidden");
    advance(announcement.settings.delay ?? 0);
    expect(screen.getByRole("complementary", { name: "Announcement" })).toBeInTheDocument();
    later.unmount();

    const hidden = render(<AnnouncementBanner announcement={announcement} hidden />);
    advance((announcement.settings.delay ?? 0) + 1000);
    expect(hidden.container.querySelector(".announcement")).toBeNull();
  });

  it.each([
    ["?announcement=show", true],
    ["?utm=x&announcement=show", true],
    ["?announcement=hide", false],
    ["", false],
  ])("force-show is requested by %j: %s", (search, expected) => {
    expect(forceShowRequested(search)).toBe(expected);
  });
});
