import React from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MAX_AVAILABILITY_DAYS } from "@mainstreet/rules/api/appointments-api";
import BookingFlowBody from "../booking-flow-body";
import { bookingData, type Data } from "../../components/pages/appointments";
import { sampleSite } from "../../__tests__/fixtures";
import { fakeFetch, type Call } from "../../forms/__tests__/forms-fixtures";
import { AVAILABILITY_DAYS_LIMIT } from "../use-availability";

const salon = sampleSite("salon");
const data = bookingData({
  mainstreetBusiness: { businessId: salon.site.business.businessId, name: salon.site.business.name },
  allMainstreetLocation: { nodes: salon.locations },
  allMainstreetMenuItem: { nodes: salon.items },
  allMainstreetMenuCategory: { nodes: salon.categories },
  allMainstreetTeamMember: { nodes: salon.members },
} as unknown as Data);

const NY = "America/New_York";
const TOKEN = "0123456789abcdef0123456789abcdef";
const TEN = "2026-12-08T10:00:00-05:00";
const QUARTER_PAST = "2026-12-08T10:15:00-05:00";

/** The service's availability answer: Tuesday 8 December with the given starts, Wednesday full. */
function availability(starts: string[]) {
  return (call: Call) =>
    call.path === "appointments/availability/"
      ? { status: 200, body: { time_zone: NY, days: [{ date: "2026-12-08", slots: starts.map((start) => ({ start, staff: ["team-maya-okafor"] })) }, { date: "2026-12-09", slots: [] }] } }
      : undefined;
}

const created = (call: Call) =>
  call.method === "POST" && call.path === "appointments/"
    ? { status: 201, body: { id: "appt-1", reference: "A-7KQ2-M9XD", start: (call.body as { start: string }).start, end: "2026-12-08T13:30:00-05:00", staff: { id: "team-maya-okafor", name: "Maya Okafor" }, manage_token: TOKEN } }
    : undefined;

/** The booking as `GET appointments/{reference}/` answers it. */
const booked = (change: Record<string, unknown> = {}) => ({
  id: "appt-1",
  reference: "A-7KQ2-M9XD",
  status: "confirmed",
  business_id: data.businessId,
  location_id: "loc-carrow",
  item_id: "item-balayage",
  variation_id: "var-balayage-long",
  staff: { id: "team-maya-okafor", name: "Maya Okafor" },
  start: QUARTER_PAST,
  end: "2026-12-08T13:45:00-05:00",
  time_zone: NY,
  duration_minutes: 210,
  price_cents: 24000,
  customer: { first_name: "Ada", last_name: "Lovelace" },
  notes: "",
  changeable_until: "2026-12-07T10:15:00-05:00",
  changeable: true,
  ...change,
});

function open(search: string) {
  window.history.replaceState(null, "", `/book/${search}`);
  return render(<BookingFlowBody data={data} />);
}

async function continueWith(label: RegExp | string) {
  fireEvent.click(await screen.findByRole("radio", { name: label }));
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
}

function fillDetails() {
  fireEvent.change(screen.getByLabelText("First name"), { target: { value: "Ada" } });
  fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "Lovelace" } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "ada@example.com" } });
  fireEvent.change(screen.getByLabelText("Phone"), { target: { value: "555 123 4567" } });
}

describe("the booking flow", () => {
  it("asks the location first when several take appointments, then services performed there", async () => {
    fakeFetch();
    open("");
    expect(await screen.findByRole("heading", { name: "Choose a location" })).toBeInTheDocument();
    const group = screen.getByRole("group", { name: "Choose a location" });
    expect(within(group).getAllByRole("radio")).toHaveLength(data.locations.filter((location) => location.appointments.enabled).length);
    await continueWith(/Lakeview/);
    expect(await screen.findByRole("heading", { name: "Choose a service" })).toHaveFocus();
    expect(window.location.search).toContain("location=");
  });

  it("books Balayage with Maya from a deep link: length and price, day, time in the location's zone, details, confirmation with a calendar file", async () => {
    const api = fakeFetch(availability([TEN, QUARTER_PAST]), created);
    open("?service=item-balayage&staff=team-maya-okafor&location=loc-carrow");
    expect(await screen.findByRole("heading", { name: "Choose the length and price" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Long.*3 h 30 min.*\$240/ })).toBeInTheDocument();
    await continueWith(/Long/);
    // The person came with the link: the day is next, asked of the service for Maya.
    expect(await screen.findByRole("heading", { name: "Choose a day" })).toHaveFocus();
    const ask = api.calls.find((call) => call.path === "appointments/availability/")!;
    expect(ask.query).toMatchObject({ location_id: "loc-carrow", variation_id: "var-balayage-long", staff_id: "team-maya-okafor" });
    expect(screen.queryByRole("radio", { name: /December 9/ })).toBeNull();
    await continueWith(/Tuesday, December 8/);
    const times = await screen.findByRole("group", { name: /Choose a time/ });
    expect(within(times).getAllByRole("radio").map((radio) => radio.closest("label")?.textContent)).toEqual([expect.stringMatching(/10:00/), expect.stringMatching(/10:15/)]);
    await continueWith(/10:15/);
    expect(await screen.findByRole("heading", { name: "Your details" })).toHaveFocus();
    fillDetails();
    fireEvent.click(screen.getByRole("button", { name: "Book appointment" }));
    expect(await screen.findByRole("heading", { name: "You're booked" })).toBeInTheDocument();
    const post = api.posts("appointments/")[0];
    expect(post.body).toEqual({ business_id: data.businessId, location_id: "loc-carrow", variation_id: "var-balayage-long", staff_id: "team-maya-okafor", start: QUARTER_PAST, customer: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "555 123 4567" }, notes: "" });
    expect(post.headers["Idempotency-Key"] ?? post.headers["idempotency-key"]).toMatch(/\S{16,}/);
    const ics = decodeURIComponent(screen.getByRole("link", { name: "Add to calendar" }).getAttribute("href")!.replace(/^data:text\/calendar;charset=utf-8,/, ""));
    expect(ics).toContain("DTSTART:20261208T151500Z");
    expect(ics).toContain("SUMMARY:Balayage with Maya Okafor");
    expect(screen.getByRole("link", { name: "Change or cancel this appointment" })).toHaveAttribute("href", `/appointments/manage/?reference=A-7KQ2-M9XD&token=${TOKEN}`);
    // The details step's entry now names the booking, as the manage link does: a reload shows it again.
    expect(window.location.search).toBe(`?reference=A-7KQ2-M9XD&token=${TOKEN}`);
  });

  it("shows the confirmation again after a reload, read from the service with the token, never an empty details form", async () => {
    const api = fakeFetch((call) => (call.method === "GET" && call.path === "appointments/A-7KQ2-M9XD/" ? { status: 200, body: booked() } : undefined));
    open(`?reference=A-7KQ2-M9XD&token=${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "You're booked" })).toHaveFocus();
    expect(api.calls.map((call) => [call.path, call.query])).toEqual([["appointments/A-7KQ2-M9XD/", { token: TOKEN }]]);
    expect(screen.getByText(/Balayage with Maya Okafor, Tuesday, December 8 at 10:15/)).toBeInTheDocument();
    expect(screen.getByText(/We sent the confirmation to your email address\./)).toBeInTheDocument();
    expect(screen.queryByLabelText("First name")).toBeNull();
    expect(screen.queryByRole("button", { name: "Book appointment" })).toBeNull();
    const ics = decodeURIComponent(screen.getByRole("link", { name: "Add to calendar" }).getAttribute("href")!.replace(/^data:text\/calendar;charset=utf-8,/, ""));
    expect(ics).toContain("UID:appt-1@mainstreet");
    expect(ics).toContain("DTSTART:20261208T151500Z");
    expect(window.location.search).toBe(`?reference=A-7KQ2-M9XD&token=${TOKEN}`);
  });

  it("after a reload of a booking since cancelled, says so and offers a new booking", async () => {
    fakeFetch((call) => (call.path === "appointments/A-7KQ2-M9XD/" ? { status: 200, body: booked({ status: "cancelled", changeable: false }) } : undefined));
    open(`?reference=A-7KQ2-M9XD&token=${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "This appointment is cancelled" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book another appointment" })).toHaveAttribute("href", "/book/");
  });

  it("Back from the confirmation goes to the time step, Forward shows the confirmation again", async () => {
    fakeFetch(availability([TEN]), (call) => (call.path === "appointments/A-7KQ2-M9XD/" ? { status: 200, body: booked() } : undefined));
    open(`?reference=A-7KQ2-M9XD&token=${TOKEN}`);
    await screen.findByRole("heading", { name: "You're booked" });
    act(() => {
      window.history.replaceState(null, "", "/book/?location=loc-carrow&service=item-balayage&variation=var-balayage-long&staff=team-maya-okafor&date=2026-12-08");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(await screen.findByRole("group", { name: /Choose a time/ })).toBeInTheDocument();
    act(() => {
      window.history.replaceState(null, "", `/book/?reference=A-7KQ2-M9XD&token=${TOKEN}`);
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(await screen.findByRole("heading", { name: "You're booked" })).toBeInTheDocument();
    expect(window.location.search).toBe(`?reference=A-7KQ2-M9XD&token=${TOKEN}`);
  });

  it("returns to the time step with a plain sentence and fresh times when the time was taken meanwhile, keeping the details", async () => {
    let taken = false;
    const api = fakeFetch(
      (call) => (taken ? availability([TEN])(call) : availability([TEN, QUARTER_PAST])(call)),
      (call) => {
        if (call.method !== "POST" || call.path !== "appointments/" || taken) return undefined;
        taken = true;
        return { status: 409, body: { message: "That time is no longer free." } };
      },
      created,
    );
    open("?location=loc-carrow&service=item-balayage&variation=var-balayage-long&staff=team-maya-okafor&date=2026-12-08");
    await continueWith(/10:15/);
    await screen.findByRole("heading", { name: "Your details" });
    fillDetails();
    fireEvent.click(screen.getByRole("button", { name: "Book appointment" }));
    expect(await screen.findByText(/That time was just booked by someone else/)).toBeInTheDocument();
    const times = await screen.findByRole("group", { name: /Choose a time/ });
    await waitFor(() => expect(within(times).getAllByRole("radio")).toHaveLength(1));
    expect(api.calls.filter((call) => call.path === "appointments/availability/").length).toBeGreaterThanOrEqual(2);
    await continueWith(/10:00/);
    expect(await screen.findByLabelText("First name")).toHaveValue("Ada");
  });

  it("shows a phone number the service refuses in the details step's plain sentence, not the service's path and parser words", async () => {
    const words = 'expected a phone number, national for the location\'s country (US) like (212) 555-0142 or international starting with +, got "555 123 4567"';
    fakeFetch(availability([TEN]), (call) =>
      call.method === "POST" && call.path === "appointments/" ? { status: 422, body: { message: `body.customer.phone: ${words}`, detail: [{ path: "body.customer.phone", message: words }] } } : undefined,
    );
    open("?location=loc-carrow&service=item-balayage&variation=var-balayage-long&staff=team-maya-okafor&date=2026-12-08");
    await continueWith(/10:00/);
    await screen.findByRole("heading", { name: "Your details" });
    fillDetails();
    fireEvent.click(screen.getByRole("button", { name: "Book appointment" }));
    await waitFor(() => expect(screen.getByLabelText("Phone")).toHaveAccessibleDescription("Error: Enter a phone number with its area code, or from abroad with + and the country code."));
    expect(screen.getAllByRole("alert")[0]).toHaveTextContent(/^Please fix 1 field: Phone\.$/);
    expect(document.body).not.toHaveTextContent(/body\.customer|expected|got "/);
  });

  it("keeps the step in the address: Back returns to the previous step", async () => {
    fakeFetch(availability([TEN]));
    open("?location=loc-carrow&service=item-balayage&variation=var-balayage-long");
    await continueWith(/^Any available/);
    expect(await screen.findByRole("heading", { name: "Choose a day" })).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get("staff")).toBe("any");
    act(() => {
      window.history.replaceState(null, "", "/book/?location=loc-carrow&service=item-balayage&variation=var-balayage-long");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(await screen.findByRole("heading", { name: "Choose who you'd like" })).toBeInTheDocument();
    const people = screen.getAllByRole("radio").map((radio) => radio.closest("label")?.textContent ?? "");
    expect(people[0]).toMatch(/^Any available/);
    expect(people.some((label) => label.includes("Maya Okafor"))).toBe(true);
  });

  it("shows each person's photo in the person step, and the team grid's initials for one without", async () => {
    fakeFetch();
    // The build's image processing gives Priya's photo its image data; the fixture nodes carry none.
    const photo = { layout: "fixed", width: 64, height: 64, images: { fallback: { src: "/static/priya.jpg" } } };
    const team = data.team.map((member) => (member.memberId === "team-priya-raman" ? { ...member, image: { alt: "Priya at work", file: { childImageSharp: { gatsbyImageData: photo } } } } : member));
    window.history.replaceState(null, "", "/book/?location=loc-halden&service=item-womens-cut&variation=var-womens-cut-stylist");
    render(<BookingFlowBody data={{ ...data, team } as typeof data} />);
    await screen.findByRole("heading", { name: "Choose who you'd like" });
    const label = (name: string) => screen.getByRole("radio", { name: new RegExp(`^${name}`) }).closest("label")!;
    // Theo has no photo: his initials, the portrait the team grid draws, hidden from screen readers.
    const theo = label("Theo Marchetti").querySelector(".member-portrait--small");
    expect(theo).toHaveAttribute("aria-hidden", "true");
    expect(theo).toHaveClass("member-portrait--initials");
    expect(theo).toHaveTextContent(/^TM$/);
    expect(theo?.querySelector("img")).toBeNull();
    // Priya has one: her photo, with no alternative text of its own (the name is the choice's label).
    const priya = label("Priya Raman").querySelector(".member-portrait--small");
    expect(priya).not.toHaveClass("member-portrait--initials");
    expect(priya?.querySelector("img")).toHaveAttribute("alt", "");
  });

  it("asks no more days than one availability call may cover", () => {
    expect(AVAILABILITY_DAYS_LIMIT).toBe(MAX_AVAILABILITY_DAYS);
  });
});
