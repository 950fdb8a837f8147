import path from "node:path";
import { readSiteFile } from "../../business/load-site";
import { siteNavigation } from "../../site/navigation";
import { appointmentsHref, bookingTarget, hasReservationPage, interactionHref, leadsToBookingUrl, offersReservationForm } from "../booking";

const ROOT = path.resolve(__dirname, "../../../../..");

describe("one way to book where a location takes appointments", () => {
  const reservations = { enabled: true, capacity: 4, slotMinutes: 30 };
  const appointments = { enabled: true };
  it.each<[string, string, Parameters<typeof offersReservationForm>[1], boolean]>([
    ["a restaurant's tables", "restaurant", { reservations }, true],
    ["a restaurant's tables beside appointments", "restaurant", { reservations, appointments }, true],
    ["a salon's slots without appointments", "salon", { reservations }, true],
    ["a salon's slots where the booking flow replaces them", "salon", { reservations, appointments }, false],
    ["reservations off", "salon", { reservations: { ...reservations, enabled: false } }, false],
    ["no capacity", "restaurant", { reservations: { ...reservations, capacity: 0 } }, false],
  ])("offersReservationForm: %s", (_name, type, location, expected) => {
    expect(offersReservationForm(type, location)).toBe(expected);
  });

  it("plans no reservation page for a business whose every reserving location takes appointments instead", () => {
    expect(hasReservationPage({ type: "salon", locations: [{ reservations, appointments }] })).toBe(false);
    expect(hasReservationPage({ type: "salon", locations: [{ reservations, appointments }, { reservations }] })).toBe(true);
    expect(hasReservationPage({ type: "restaurant", locations: [{ reservations, appointments }] })).toBe(true);
  });

  it.each<[string, string | null, string | null, boolean]>([
    ["the booking link itself", "https://book.lumahair.example/appointments", "https://book.lumahair.example/appointments", true],
    ["with a query and a trailing slash", "https://BOOK.lumahair.example/appointments/?ref=nav", "https://book.lumahair.example/appointments", true],
    ["another page of the booking site", "https://book.lumahair.example/gift-cards", "https://book.lumahair.example/appointments", false],
    ["another site", "https://example.com/appointments", "https://book.lumahair.example/appointments", false],
    ["no booking link", "https://book.lumahair.example/appointments", null, false],
    ["a phone number", "tel:+17185550142", "https://book.lumahair.example/appointments", false],
  ])("leadsToBookingUrl: %s", (_name, url, bookingUrl, expected) => {
    expect(leadsToBookingUrl(url, bookingUrl)).toBe(expected);
  });
});

describe("data/salon/business.json: every Book entry point opens the site's own booking page", () => {
  const { business, published, plan } = readSiteFile(path.join(ROOT, "data", "salon", "business.json"));
  const book = plan.pages.find((page) => page.template === "appointments")!.path;

  it("takes no table reservations anywhere: no location's form, no reservation page", () => {
    expect(business.locations.filter((location) => offersReservationForm(business.type, location)).map((location) => location.id)).toEqual([]);
    expect(plan.pages.filter((page) => page.template === "reservations")).toEqual([]);
  });

  it("sends Book Now, the book icon and the menu's Book Now button to /book/, never to the data's booking link", () => {
    const target = bookingTarget({ type: business.type, bookingUrl: business.bookingUrl, reservationsPath: null, appointmentsPath: book });
    expect(appointmentsHref(target)).toBe("/book/");
    const navigation = siteNavigation(published, plan.pages, "https://lumahair.example");
    const hrefs = [...navigation.links, ...navigation.buttons].flatMap((item) => [item, ...item.children]).map((item) => item.href);
    expect(navigation.buttons.find((item) => item.label === "Book Now")).toMatchObject({ href: "/book/", external: false });
    expect(hrefs.filter((href) => href?.includes("book.lumahair.example"))).toEqual([]);
  });

  it("opens every BOOKING interaction of a service with that service chosen, whatever link the data gives", () => {
    const items = published.menu.items.filter((item) => item.interactions.some((interaction) => interaction.behaviorType === "BOOKING"));
    expect(items.length).toBeGreaterThan(3);
    for (const item of items) {
      for (const interaction of item.interactions.filter((entry) => entry.behaviorType === "BOOKING")) {
        expect(interactionHref(interaction, { bookingUrl: business.bookingUrl, appointments: book, preselect: { service: item.id } })).toBe(`/book/?service=${item.id}`);
      }
    }
  });
});
