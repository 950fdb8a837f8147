import { ANALYTICS } from "../../business/constants";
import { ANALYTICS_ACTIONS, ANALYTICS_CATEGORIES, type BuildEventInput, REDACTED, buildEvent, dataLayerEvent, isAnalyticsCategory, redact } from "../analytics";

describe("redact (SPEC §3: any text containing @)", () => {
  it.each<[string | null | undefined, string | undefined]>([
    ["hi@glow.example", REDACTED],
    ["Email hi@glow.example now", REDACTED],
    ["@glow on instagram", REDACTED],
    ["Book Now", "Book Now"],
    ["", ""],
    [null, undefined],
    [undefined, undefined],
  ])("%p → %p", (text, expected) => {
    expect(redact(text)).toBe(expected);
  });
});

describe("buildEvent", () => {
  it.each<[string, BuildEventInput, ReturnType<typeof buildEvent>]>([
    ["category and action", { category: "Booking", action: ANALYTICS_ACTIONS.scheduleAppointment }, { category: "Booking", action: "Schedule Appointment" }],
    ["label and value", { category: "Products", action: ANALYTICS_ACTIONS.addToCart, label: "Margherita", value: 1250 }, { category: "Products", action: "Add to Cart", label: "Margherita", value: 1250 }],
    ["a label with an email is redacted", { category: "Contact", action: ANALYTICS_ACTIONS.email, label: "mailto:hi@glow.example" }, { category: "Contact", action: "Email", label: REDACTED }],
    ["an action with an email is redacted", { category: "Contact", action: "Sent to hi@glow.example" }, { category: "Contact", action: REDACTED }],
    ["a fractional value is rounded", { category: "Products", action: "Add to Cart", value: 12.5 }, { category: "Products", action: "Add to Cart", value: 13 }],
    ["nonInteraction kept only when true", { category: "Announcement", action: "View", nonInteraction: true }, { category: "Announcement", action: "View", nonInteraction: true }],
    ["empty label and nulls are left out", { category: "Footer", action: "Call", label: "  ", value: null, nonInteraction: false }, { category: "Footer", action: "Call" }],
  ])("%s", (_name, input, expected) => {
    expect(buildEvent(input)).toEqual(expected);
  });

  it.each<[string, BuildEventInput, string]>([
    ["an unknown category", { category: "Shop" as BuildEventInput["category"], action: "x" }, 'analytics event: category: expected one of Booking, Services, Products, Reviews, Team, Gallery, Blog, Contact, Location, Navigation, Footer, Announcement, Newsletter, Social, Carousel, PaginatedGrid, HoursOfOperation, About, Hero, got "Shop"'],
    ["an empty action", { category: "Booking", action: " " }, 'analytics event: action: expected text like "Add to Cart", got an empty string'],
    ["a negative value", { category: "Booking", action: "x", value: -1 }, "analytics event: value: expected a number >= 0, got -1"],
  ])("refuses %s", (_name, input, message) => {
    expect(() => buildEvent(input)).toThrow(message);
  });
});

describe("constants and data layer", () => {
  it("lists the 19 categories of SPEC §3", () => {
    expect(ANALYTICS_CATEGORIES).toHaveLength(19);
    expect(ANALYTICS_CATEGORIES).toEqual(expect.arrayContaining(["Booking", "HoursOfOperation", "PaginatedGrid", "Hero"]));
  });

  it("lists the example actions", () => {
    expect(Object.values(ANALYTICS_ACTIONS)).toEqual([
      "Schedule Appointment", "Cancel Appointment", "Add to Cart", "Remove from Cart", "Submit Review",
      "Submit Inquiry", "Call", "Email", "Signup", "Redeem Offer",
    ]);
  });

  it("waits 250 ms before following an outbound link", () => {
    expect(ANALYTICS.outboundLinkDelayMs).toBe(250);
  });

  it.each<[unknown, boolean]>([
    ["Team", true],
    ["team", false],
    [3, false],
  ])("isAnalyticsCategory(%p) → %p", (value, expected) => {
    expect(isAnalyticsCategory(value)).toBe(expected);
  });

  it("shapes the data layer push", () => {
    expect(dataLayerEvent(buildEvent({ category: "Products", action: "Add to Cart", label: "Tea", value: 300 }))).toEqual({
      event: "mainstreet.event",
      eventCategory: "Products",
      eventAction: "Add to Cart",
      eventLabel: "Tea",
      eventValue: 300,
      nonInteraction: false,
    });
  });
});
