import React, { type ComponentType } from "react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { Layout } from "../layout/layout";
import LocationTemplate from "../components/pages/location";
import { OpenSchedulesProvider } from "../hooks/open-schedules";
import { activeLocationKey } from "@mainstreet/rules/site/storage";
import { mockMatchMedia, pinDate } from "./dom-helpers";
import { FIXTURE_BUILD_TIME, answerStaticQueries, sampleSite } from "./fixtures";

// The tray opens without loading framer-motion's features, so it renders at once.
jest.mock("../components/motion", () => {
  const actual = jest.requireActual("../components/motion");
  return { ...actual, MotionProvider: ({ children }: { children: React.ReactNode }) => children };
});

/**
 * Where a location takes online orders, no header, location page or footer offers a phone call first: ordering
 * leads, and the call stays as a second way (the tray, the location's card, the footer's contact column).
 */
const restaurant = sampleSite("restaurant");
const salon = sampleSite("salon");
const primary = restaurant.locations.find((location) => location.primaryLocation)!;
const other = restaurant.locations.find((location) => !location.primaryLocation)!;
const menuPath = restaurant.plannedPages.find((page) => page.template === "services")!.path as string;

beforeAll(async () => {
  await import("../layout/tray-layer");
});

beforeEach(() => {
  pinDate(FIXTURE_BUILD_TIME);
  mockMatchMedia([]);
  window.localStorage.clear();
});
afterEach(() => jest.useRealTimers());

function renderPage(sample: ReturnType<typeof sampleSite>, template: string, locationId?: string) {
  answerStaticQueries(sample);
  return render(
    <Layout path={locationId ? "/locations/x/" : "/"} template={template} locationId={locationId}>
      <h1>Body</h1>
    </Layout>,
  );
}

// A page body takes Gatsby's PageProps; the test gives the parts the body reads.
const LocationPage = LocationTemplate as unknown as ComponentType<{ data: unknown; pageContext: unknown; location: unknown }>;

/** The links and buttons of the header's phone row, in the order a visitor meets them. */
const mobileActions = () => Array.from(screen.getByRole("banner").querySelectorAll<HTMLElement>(".site-header__mobile-actions a, .site-header__mobile-actions button"));

describe("a restaurant taking online orders leads with ordering", () => {
  it("the phone's header row opens with Order (named Order online) to the menu, and offers no call", () => {
    renderPage(restaurant, "home");
    const [first] = mobileActions();
    expect(first).toHaveAccessibleName("Order online");
    expect(first).toHaveTextContent(/^Order online$/);
    expect(first).toHaveAttribute("href", menuPath);
    expect(within(screen.getByRole("banner")).queryAllByRole("link", { name: /^Call/ })).toHaveLength(0);
    expect(screen.getByRole("banner").querySelectorAll('a[href^="tel:"]')).toHaveLength(0);
    // Booking is the second way: an outlined button, not the brand's filled one.
    expect(within(screen.getByRole("banner")).getByRole("link", { name: /Book an appointment/ })).not.toHaveClass("icon-button--brand");
  });

  it.each([
    ["any page", undefined, primary],
    ["a location's page", other.locationId, other],
  ])("on %s the tray keeps the call, to that page's location", async (_, locationId, expected) => {
    renderPage(restaurant, locationId ? "location" : "home", locationId as string | undefined);
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    const tray = await screen.findByRole("dialog", { name: "Menu" });
    const call = within(tray).getByRole("link", { name: `Call ${expected.name}` });
    expect(call).toHaveAttribute("href", expected.phoneHref);
    // After the page links and the order button, never before them.
    const links = within(tray).getAllByRole("link");
    expect(links.indexOf(call)).toBe(links.length - 1);
    expect(links.findIndex((link) => link.textContent === "Order online")).toBeGreaterThanOrEqual(0);
  });

  it("the footer's first action is Order online, Book Now after it, and its phone is a contact line", () => {
    renderPage(restaurant, "home");
    const footer = screen.getByRole("contentinfo");
    const actions = within(footer.querySelector<HTMLElement>(".site-footer__col--brand")!).getAllByRole("link").filter((link) => link.classList.contains("button"));
    expect(actions.map((link) => link.textContent)).toEqual(["Order online", "Book Now"]);
    expect(actions[1]).toHaveClass("button--outline");
    expect(within(footer).getByRole("link", { name: primary.phone })).toHaveAttribute("href", primary.phoneHref);
  });

  it("a location's page opens with ordering from that location, and choosing it makes it the cart's location", () => {
    answerStaticQueries(restaurant);
    render(
      <OpenSchedulesProvider schedules={restaurant.locations.map((location) => location.openSchedule)}>
        <LocationPage
          data={{ mainstreetBusiness: { name: restaurant.business.name }, mainstreetLocation: other }}
          pageContext={{ id: "x", title: other.name, canonicalPath: "/x/", template: "location" }}
          location={{ pathname: "/x/" }}
        />
      </OpenSchedulesProvider>,
    );
    const links = screen.getAllByRole("link");
    const order = screen.getByRole("link", { name: `Order online from ${other.name}` });
    expect(order).toHaveAttribute("href", menuPath);
    // Before the card's phone number, which stays on the page.
    const call = screen.getByRole("link", { name: other.phone });
    expect(links.indexOf(order)).toBeLessThan(links.indexOf(call));
    fireEvent.click(order);
    expect(window.localStorage.getItem(activeLocationKey(restaurant.business.id))).toContain(other.locationId);
  });
});

describe("a site without online ordering keeps the phone's call and booking", () => {
  it("the header row calls and books, with no order button, and the footer's Book Now stays the one action", () => {
    renderPage(salon, "home");
    const names = mobileActions().map((element) => element.getAttribute("aria-label") ?? element.textContent);
    expect(names[0]).toBe("Call Business");
    expect(names).not.toContain("Order online");
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).queryByRole("link", { name: "Order online" })).toBeNull();
  });
});
