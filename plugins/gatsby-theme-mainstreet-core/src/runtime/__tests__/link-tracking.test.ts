/**
 * @jest-environment jsdom
 */
import { LINK_TRACKING_INSTALLED, installLinkTracking } from "../link-tracking";

const events = () => (window.dataLayer ?? []).filter((entry) => entry.event === "mainstreet.event");

function link(href: string, text: string, where: "header" | "main" = "main", attributes: Record<string, string> = {}): HTMLAnchorElement {
  let region = document.querySelector(where);
  if (!region) region = document.body.appendChild(document.createElement(where));
  const anchor = region.appendChild(document.createElement("a"));
  anchor.href = href;
  anchor.textContent = text;
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  return anchor;
}

/** A press and a click, as a tap makes them; returns the click event to read defaultPrevented from. */
function tap(anchor: HTMLAnchorElement, init: MouseEventInit = {}): MouseEvent {
  anchor.dispatchEvent(new Event("pointerdown", { bubbles: true }));
  const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
  anchor.dispatchEvent(click);
  return click;
}

/** Lets the lazily imported module and the promise callbacks after it settle. */
async function settle() {
  for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
  await jest.advanceTimersByTimeAsync(0);
}

let uninstall: () => void;
let went: string[];
beforeEach(() => {
  jest.useFakeTimers({ now: Date.parse("2030-06-04T16:00:00.000Z") });
  document.body.innerHTML = "";
  window.dataLayer = [];
  went = [];
  uninstall = installLinkTracking((href) => void went.push(href));
});
afterEach(() => {
  uninstall();
  jest.useRealTimers();
});

describe("link tracking", () => {
  it("hands over: a tracker installed earlier (the page watcher's) steps aside when the app's installs, so a click is sent once", async () => {
    // The one beforeEach installed stands for the watcher's, listening as the watcher's entry does.
    window.addEventListener(LINK_TRACKING_INSTALLED, uninstall, { once: true });
    const app = installLinkTracking((href) => void went.push(href));
    tap(link("/services/", "Services", "header"));
    await settle();
    expect(events()).toHaveLength(1);
    app();
  });


  it("sends a link's event once its code has loaded, and leaves an internal link to the browser", async () => {
    const click = tap(link("/services/", "Services", "header"));
    expect(click.defaultPrevented).toBe(false);
    await settle();
    expect(events()).toEqual([expect.objectContaining({ eventCategory: "Navigation", eventAction: "Link Click", eventLabel: "Services" })]);
    expect(went).toEqual([]);
  });

  it("holds an outbound link until its event is sent and 250 ms have passed, then leaves", async () => {
    const click = tap(link("https://partner.example/menu", "Partner menu"));
    expect(click.defaultPrevented).toBe(true);
    await settle();
    expect(events()).toEqual([expect.objectContaining({ eventAction: "Outbound Link", eventLabel: "https://partner.example/menu" })]);
    await jest.advanceTimersByTimeAsync(200);
    expect(went).toEqual([]);
    await jest.advanceTimersByTimeAsync(60);
    expect(went).toEqual(["https://partner.example/menu"]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(went).toHaveLength(1);
  });

  it("lets a link opened elsewhere (new tab, modifier key) go at once, still sending its event", async () => {
    expect(tap(link("https://partner.example/a", "A", "main", { target: "_blank" })).defaultPrevented).toBe(false);
    expect(tap(link("https://partner.example/b", "B"), { ctrlKey: true }).defaultPrevented).toBe(false);
    await settle();
    expect(events()).toHaveLength(2);
    expect(went).toEqual([]);
  });

  it("names a call, an email and a booking link by what they do", async () => {
    tap(link("tel:+15555550100", "Call us"));
    tap(link("mailto:hello@example.com", "hello@example.com"));
    tap(link("/appointments/", "Book now"));
    await settle();
    expect(events().map((entry) => `${entry.eventCategory}/${entry.eventAction}`)).toEqual(["Contact/Call", "Contact/Email", "Booking/Schedule Appointment"]);
  });

  it("still leaves by an outbound link 250 ms after the click when its event's code cannot be fetched", async () => {
    uninstall();
    jest.isolateModules(() => {
      jest.doMock("../link-event", () => {
        throw new Error("offline");
      });
      const isolated = jest.requireActual<typeof import("../link-tracking")>("../link-tracking");
      uninstall = isolated.installLinkTracking((href) => void went.push(href));
    });
    expect(tap(link("https://partner.example/menu", "Partner menu")).defaultPrevented).toBe(true);
    await settle();
    await jest.advanceTimersByTimeAsync(240);
    expect(went).toEqual([]);
    await jest.advanceTimersByTimeAsync(20);
    expect(went).toEqual(["https://partner.example/menu"]);
    expect(events()).toEqual([]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(went).toHaveLength(1);
  });
});
