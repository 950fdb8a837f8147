import React, { type ComponentType } from "react";
import { render, screen, within } from "@testing-library/react";
import ServicesTemplate from "../components/pages/services";
import ServiceItemTemplate from "../components/pages/service-item";
import ServiceCategoryTemplate from "../components/pages/service-category";
import LocationTemplate from "../components/pages/location";
import TeamTemplate from "../components/pages/team";
import TeamMemberTemplate from "../components/pages/team-member";
import ContactTemplate from "../components/pages/contact";
import HomeTemplate from "../components/pages/home";
import NotFoundTemplate from "../components/pages/404";
import { formatCents } from "@mainstreet/rules/orders/money";
import { openStatus } from "@mainstreet/rules/hours/open-status";
import { OpenSchedulesProvider } from "../hooks/open-schedules";
import { pinDate } from "./dom-helpers";
import { FIXTURE_BUILD_TIME, sampleSite, answerStaticQueries } from "./fixtures";

const salon = sampleSite("salon");

// Pages always render inside the layout, which hands down the site's open schedules.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function renderTemplate(Template: ComponentType<any>, data: unknown, title = "Page") {
  return render(
    <OpenSchedulesProvider schedules={salon.site.locations.map((location) => location.openSchedule)}>
      <Template data={data} pageContext={{ id: "x", title, canonicalPath: "/x/", template: "x" }} location={{ pathname: "/x/" }} />
    </OpenSchedulesProvider>,
  );
}

beforeEach(() => {
  pinDate(FIXTURE_BUILD_TIME);
  answerStaticQueries(salon);
});
afterEach(() => jest.useRealTimers());

const page = (type: string) => salon.websitePages.find((candidate) => candidate.pageType === type) ?? null;
const hiddenItem = salon.business.menu.items.find((item) => !item.visible)!;
const pricedItem = salon.business.menu.items.find((item) => item.visible && item.variations.length > 1)!;

describe("services page", () => {
  beforeEach(() => {
    renderTemplate(ServicesTemplate, { mainstreetPage: { ...page("services"), components: [] }, allMainstreetMenuCategory: { nodes: salon.categories } }, "Services");
  });

  it("lists every category that has visible items", () => {
    const shown = salon.business.menu.categories.filter((category) =>
      category.itemIds.some((id) => salon.business.menu.items.find((item) => item.id === id)?.visible),
    );
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(shown.length);
  });

  it("shows prices as a range across variations and never lists hidden items", () => {
    const prices = pricedItem.variations.map((variation) => variation.priceCents);
    const card = screen.getAllByRole("article").find((article) => within(article).queryByRole("heading", { name: pricedItem.name }));
    expect(card).toBeDefined();
    expect(within(card!).getByText(`${formatCents(Math.min(...prices))} – ${formatCents(Math.max(...prices))}`)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: hiddenItem.name })).not.toBeInTheDocument();
  });
});

describe("service item page", () => {
  it("shows the description, each variation with its price, and the booking interaction opens the site's booking with the service chosen", () => {
    const item = salon.items.find((candidate) => candidate.itemId === pricedItem.id)!;
    renderTemplate(ServiceItemTemplate, { mainstreetBusiness: { bookingUrl: salon.business.bookingUrl }, mainstreetMenuItem: { ...item, categories: [] }, mainstreetMenuCategory: salon.categories[0] });
    expect(screen.getByRole("heading", { level: 1, name: pricedItem.name })).toBeInTheDocument();
    for (const variation of pricedItem.variations) {
      const row = screen.getByRole("row", { name: new RegExp(`^${variation.name}`) });
      expect(within(row).getByText(variation.priceDisplay ?? formatCents(variation.priceCents))).toBeInTheDocument();
    }
    const booking = pricedItem.interactions.find((interaction) => interaction.behaviorType === "BOOKING");
    if (booking) {
      expect(screen.getByRole("link", { name: new RegExp(booking.label) })).toHaveAttribute("href", `/book/?service=${pricedItem.id}`);
    }
  });
});

describe("service category page", () => {
  it("lists only the category's visible items", () => {
    const category = salon.categories.find((candidate) => candidate.items.some((item) => !item.visible)) ?? salon.categories[0];
    renderTemplate(ServiceCategoryTemplate, { mainstreetBusiness: { bookingUrl: null }, mainstreetMenuCategory: category });
    const visible = category.items.filter((item) => item.visible);
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(visible.length);
  });
});

describe("location page", () => {
  it("shows address, phone, email, hours and a map link that opens in a new tab", () => {
    const location = salon.locations[0];
    renderTemplate(LocationTemplate, { mainstreetBusiness: { name: salon.business.name }, mainstreetLocation: location }, "Brooklyn");
    expect(screen.getByText((_, element) => element?.tagName === "ADDRESS" && element.textContent!.includes(location.street))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: location.phone })).toHaveAttribute("href", expect.stringMatching(/^tel:\+?\d+$/));
    expect(screen.getByRole("link", { name: location.email.toLowerCase() })).toHaveAttribute("href", `mailto:${location.email.toLowerCase()}`);
    expect(screen.getByRole("table", { name: /Opening hours/ })).toBeInTheDocument();
    const map = screen.getByRole("link", { name: /Open in maps/ });
    expect(map).toHaveAttribute("target", "_blank");
    expect(map.getAttribute("href")).toContain(encodeURIComponent(location.street).replace(/%20/g, "+").slice(0, 3));
  });
});

describe("team pages", () => {
  it("lists the members it is given with links to their pages", () => {
    const shown = salon.members.filter((member) => member.show);
    renderTemplate(TeamTemplate, { mainstreetPage: { ...page("team"), components: [] }, allMainstreetTeamMember: { nodes: shown } }, "Our Team");
    for (const member of shown) expect(screen.getByRole("link", { name: member.name })).toHaveAttribute("href", member.path);
  });

  it("shows a member's role, bio and specialties", () => {
    const member = salon.members.find((candidate) => candidate.show && candidate.specialties.length > 0)!;
    renderTemplate(TeamMemberTemplate, { mainstreetTeamMember: member });
    expect(screen.getByRole("heading", { level: 1, name: member.name })).toBeInTheDocument();
    const list = screen.getByRole("list");
    for (const specialty of member.specialties) expect(within(list).getByText(specialty)).toBeInTheDocument();
  });
});

describe("contact and home pages", () => {
  it("contact lists every location", () => {
    renderTemplate(ContactTemplate, { mainstreetBusiness: { name: salon.business.name }, mainstreetPage: { ...page("contact"), components: [] }, allMainstreetLocation: { nodes: salon.locations } }, "Contact");
    expect(screen.getAllByRole("article")).toHaveLength(salon.locations.length);
  });

  it("location cards, given only hours and a zone, take each status from the layout's schedules, as openStatus says", async () => {
    renderTemplate(ContactTemplate, { mainstreetBusiness: { name: salon.business.name }, mainstreetPage: { ...page("contact"), components: [] }, allMainstreetLocation: { nodes: salon.locations } }, "Contact");
    const statuses = await Promise.all(screen.getAllByRole("article").map((card) => within(card).findByRole("status")));
    expect(statuses.map((status) => status.textContent)).toEqual(
      salon.locations.map((location) => {
        const expected = openStatus({ hours: location.hours, timeZone: location.timezone, now: FIXTURE_BUILD_TIME });
        return `${expected.label} · ${expected.closesAt ? `until ${expected.closesAt}` : `opens ${expected.opensAt}`}`;
      }),
    );
  });

  it("home shows the business name, a booking call to action and the locations", () => {
    renderTemplate(HomeTemplate, {
      mainstreetBusiness: { ...salon.site.business, heroImage: null, brandIdentity: salon.business.brandIdentity },
      mainstreetPage: { ...page("home"), components: [] },
      allMainstreetMenuCategory: { nodes: salon.categories },
      allMainstreetTeamMember: { nodes: salon.members.filter((member) => member.show) },
      allMainstreetLocation: { nodes: salon.locations },
      allMainstreetPlannedPage: { nodes: salon.plannedPages },
    });
    expect(screen.getByRole("heading", { level: 1, name: salon.business.name })).toBeInTheDocument();
    // The salon's locations take appointments: Book Now opens the site's own booking, not the external link.
    expect(screen.getByRole("link", { name: /Book an appointment/ })).toHaveAttribute("href", "/book/");
    expect(screen.getByRole("heading", { name: "Our locations" })).toBeInTheDocument();
  });

  it("404 explains and links home", () => {
    renderTemplate(NotFoundTemplate, {});
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  });
});
