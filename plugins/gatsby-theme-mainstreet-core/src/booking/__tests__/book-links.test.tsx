import React, { type ComponentType } from "react";
import { render, screen } from "@testing-library/react";
import LocationTemplate from "../../components/pages/location";
import ServiceItemTemplate from "../../components/pages/service-item";
import TeamMemberTemplate from "../../components/pages/team-member";
import { OpenSchedulesProvider } from "../../hooks/open-schedules";
import { pinDate } from "../../__tests__/dom-helpers";
import { answerStaticQueries, FIXTURE_BUILD_TIME, sampleSite } from "../../__tests__/fixtures";

/** The Book buttons of the pages about one thing: each opens the booking page with that thing chosen. */

const salon = sampleSite("salon");
const reservations = { enabled: true, capacity: 4, slotMinutes: 30 };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function renderPage(Template: ComponentType<any>, data: unknown) {
  return render(
    <OpenSchedulesProvider schedules={salon.site.locations.map((location) => location.openSchedule)}>
      <Template data={data} pageContext={{ id: "x", title: "Page", canonicalPath: "/x/", template: "x" }} location={{ pathname: "/x/" }} />
    </OpenSchedulesProvider>,
  );
}

beforeEach(() => {
  pinDate(FIXTURE_BUILD_TIME);
  answerStaticQueries(salon);
});
afterEach(() => jest.useRealTimers());

describe("Book buttons preselect what their page is about", () => {
  it.each(salon.locations.map((location) => [location.locationId, location] as const))("the %s location page opens /book/ with that location", (id, location) => {
    renderPage(LocationTemplate, { mainstreetBusiness: { name: salon.business.name, type: salon.business.type }, mainstreetLocation: location });
    expect(screen.getByRole("link", { name: "Book an appointment here" })).toHaveAttribute("href", `/book/?location=${id}`);
  });

  it("a salon's location page that takes appointments shows no reservation form, even when its data also takes reservations", () => {
    const carrow = salon.locations.find((location) => location.locationId === "loc-carrow")!;
    // The forms' static query gives the same location reservations, so the form would show if the page asked for it.
    answerStaticQueries({ ...salon, locations: salon.locations.map((location) => (location.locationId === "loc-carrow" ? { ...location, reservations } : location)) });
    renderPage(LocationTemplate, { mainstreetBusiness: { name: salon.business.name, type: salon.business.type }, mainstreetLocation: { ...carrow, reservations } });
    expect(screen.getByRole("link", { name: "Book an appointment here" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: /^(Book an appointment|Reserve a table)$/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Book" })).toBeNull();
  });

  it("a team member's page opens /book/ with that person: Book with Maya", () => {
    const maya = salon.members.find((member) => member.memberId === "team-maya-okafor")!;
    renderPage(TeamMemberTemplate, { mainstreetTeamMember: maya });
    expect(screen.getByRole("link", { name: "Book with Maya" })).toHaveAttribute("href", "/book/?staff=team-maya-okafor");
  });

  it.each(salon.items.filter((item) => item.visible && (item.variations as { durationMinutes?: number | null }[]).some((variation) => typeof variation.durationMinutes === "number")).map((item) => [item.itemId, item] as const))(
    "the %s service page opens /book/ with that service, from Book this or its BOOKING button",
    (id, item) => {
      renderPage(ServiceItemTemplate, { mainstreetBusiness: { bookingUrl: salon.business.bookingUrl, type: salon.business.type }, mainstreetMenuItem: { ...item, categories: [] }, mainstreetMenuCategory: null });
      const booking = screen.getAllByRole("link").filter((link) => link.getAttribute("data-role") === "BOOKING");
      expect(booking.map((link) => link.getAttribute("href"))).toEqual([`/book/?service=${id}`]);
    },
  );
});
