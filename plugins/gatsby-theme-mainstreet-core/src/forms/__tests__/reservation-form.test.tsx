import React from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { timeSlots } from "@mainstreet/rules/hours/time-slots";
import { ReservationForm } from "../reservation-form";
import { dataLayerEvents, fakeFetch, formsQuery, useSalonWithReservations, useSample, type Call } from "./forms-fixtures";

// Monday 23 November 2026, 10:00 in New York: Carrow Street is closed on Mondays.
const NOW = Date.parse("2026-11-23T15:00:00Z");
const TOKEN = "0123456789abcdef0123456789abcdef";
// The salon sample's Carrow Street hours (closed Monday, two ranges on Saturday), as the service reads them.
const carrowHours = (formsQuery("salon").data.allMainstreetLocation?.nodes ?? []).find((location) => location.locationId === "loc-carrow")?.hours ?? [];

/** The salon sample's booking form for Carrow Street, engaged, over a fetch that answers with `handlers`. */
function renderCarrowForm(...handlers: Parameters<typeof fakeFetch>) {
  useSalonWithReservations();
  const api = fakeFetch(...handlers);
  renderEngaged(<ReservationForm locationId="loc-carrow" />);
  return api;
}

/** Answers `reservations/slots/` like the service: the time-slots rule, with the given starts full. */
function slotsHandler(full: string[] = []) {
  return (call: Call) => {
    if (call.path !== "reservations/slots/") return undefined;
    const slots = timeSlots({ hours: carrowHours, timeZone: "America/New_York", date: call.query.date, now: NOW });
    return {
      status: 200,
      body: { time_zone: "America/New_York", slot_minutes: 30, slots: slots.map((slot) => ({ ...slot, remaining: full.includes(slot.start) ? 0 : 4, available: !full.includes(slot.start) })) },
    };
  };
}

const booked = (call: Call) =>
  call.path === "events/website/"
    ? {
        status: 201,
        body: {
          id: "s1",
          kind: "reservation",
          status: "confirmed",
          reservation: { reference: "R-ABCD-EF23", status: "confirmed", location_id: "loc-carrow", start: "2026-11-24T14:30:00.000-05:00", party_size: 1, name: "Ada" },
          cancel_token: TOKEN,
          mail: "queued",
        },
      }
    : undefined;

/** Renders the form and then touches the page: the form fetches its calendar rules only once a visitor engages. */
function renderEngaged(element: React.ReactElement) {
  const result = render(element);
  fireEvent.pointerDown(document.body);
  return result;
}

beforeEach(() => {
  jest.spyOn(Date, "now").mockReturnValue(NOW);
  window.dataLayer = [];
  window.history.replaceState(null, "", "/locations/brooklyn-418-carrow-street/");
});

afterEach(() => {
  jest.restoreAllMocks();
});

const timeSelect = () => screen.getByLabelText("Time");
const optionTexts = (select: HTMLElement) => within(select).getAllByRole("option").map((option) => option.textContent);

// First in the file on purpose: the calendar rules are a module fetched once per page (here, per file),
// and this case is about a submit that comes before they have ever loaded.
describe("submitted before the calendar has loaded", () => {
  it("says Date needs fixing and keeps the box empty: no date slips in behind the message: says Date needs fixing and keeps the box empty, no date slipped in behind the message", async () => {
    useSalonWithReservations();
    fakeFetch(slotsHandler());
    render(<ReservationForm locationId="loc-carrow" />);
    // The visitor's first act on the page is pressing Book: the click engages the form, the rules load after it.
    fireEvent.click(screen.getByRole("button", { name: "Book" }));
    expect(screen.getByRole("alert")).toHaveTextContent(/^Please fix 5 fields: Date, Time, Service, Name, Email\.$/);
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(screen.getByLabelText("Date")).toHaveAttribute("min", "2026-11-23"));
    expect(screen.getByLabelText("Date")).toHaveValue("");
    expect(screen.getByLabelText("Date")).toHaveAccessibleDescription("Error: Choose a date.");
  });

});

describe("ReservationForm at the salon's Carrow Street studio", () => {
  it("proposes the first open date in the studio's zone and lists its 30-minute slots, full ones marked", async () => {
    const { calls } = renderCarrowForm(slotsHandler(["2026-11-24T14:00:00.000-05:00"]));
    await waitFor(() => expect(screen.getByLabelText("Date")).toHaveValue("2026-11-24"));
    expect(screen.getByLabelText("Date")).toHaveAttribute("min", "2026-11-23");
    expect(screen.getByLabelText("Date")).toHaveAttribute("max", "2027-01-22");
    await waitFor(() => expect(optionTexts(timeSelect())).toContain("2:00pm (fully booked)"));
    const options = optionTexts(timeSelect());
    expect(options[0]).toBe("Choose a time");
    expect(options.slice(1, 3)).toEqual(["10:00am", "10:30am"]);
    expect(options[options.length - 1]).toBe("7:30pm");
    expect(options).toHaveLength(21);
    expect(within(timeSelect()).getByRole("option", { name: "2:00pm (fully booked)" })).toBeDisabled();
    expect(timeSelect()).toHaveAccessibleDescription(/19 times free on Tuesday 24 November 2026\. Times are Eastern Standard Time, the local time at Brooklyn, 418 Carrow Street\./);
    expect(calls.filter((call) => call.path === "reservations/slots/")[0].query).toEqual({ business_id: "luma-hair-beauty", location_id: "loc-carrow", date: "2026-11-24" });
    // Appointments ask for a service and, where the data has a team, a team member; not a party size.
    expect(screen.getByLabelText("Service")).toBeInTheDocument();
    expect(screen.getByLabelText("With (optional)")).toBeInTheDocument();
    expect(screen.queryByLabelText("Guests")).not.toBeInTheDocument();
  });

  it("offers no time on a closed day and says why", async () => {
    renderCarrowForm(slotsHandler());
    await waitFor(() => expect(screen.getByLabelText("Date")).toHaveValue("2026-11-24"));
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2026-11-30" } });
    await waitFor(() => expect(timeSelect()).toHaveAccessibleDescription(/Brooklyn, 418 Carrow Street is closed on Monday 30 November 2026\. Choose another date\./));
    expect(optionTexts(timeSelect())).toEqual(["No times on this date"]);
  });

  it("names the missing time, service and contact before sending anything", async () => {
    const { posts } = renderCarrowForm(slotsHandler());
    await waitFor(() => expect(optionTexts(timeSelect()).length).toBeGreaterThan(1));
    fireEvent.click(screen.getByRole("button", { name: "Book" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please fix 4 fields: Time, Service, Name, Email.");
    expect(timeSelect()).toHaveFocus();
    expect(posts("events/website/")).toHaveLength(0);
  });

  it("books the chosen slot once, shows the reference and a cancel link, and sends Schedule Appointment", async () => {
    const { posts } = renderCarrowForm(slotsHandler(), booked);
    await waitFor(() => expect(optionTexts(timeSelect())).toContain("2:30pm"));
    fireEvent.change(timeSelect(), { target: { value: "2026-11-24T14:30:00.000-05:00" } });
    fireEvent.change(screen.getByLabelText("Service"), { target: { value: "item-womens-cut" } });
    fireEvent.change(screen.getByLabelText("With (optional)"), { target: { value: "team-maya-okafor" } });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Ada" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@example.com" } });
    const button = screen.getByRole("button", { name: "Book" });
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByText("You are booked.");
    const sent = posts("events/website/");
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      location: { id: "loc-carrow" },
      component_configuration: { type: "reservation" },
      event_data: { fieldValues: { start: "2026-11-24T14:30:00.000-05:00", partySize: 1, name: "Ada", email: "ada@example.com", notes: "", serviceId: "item-womens-cut", teamMemberId: "team-maya-okafor" } },
    });
    expect(screen.getByTestId("reservation-reference")).toHaveTextContent("R-ABCD-EF23");
    expect(screen.getByText("Tuesday 24 November 2026 at 2:30pm")).toBeInTheDocument();
    // Where, once: the studio has no name, so its street and city.
    expect(screen.getByText("Where").nextElementSibling).toHaveTextContent(/^418 Carrow Street, Brooklyn$/);
    expect(screen.getByText(/Women's Haircut with Maya Okafor/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Cancel this reservation" })).toHaveAttribute("href", `/locations/brooklyn-418-carrow-street/#cancel=R-ABCD-EF23&token=${TOKEN}`);
    expect(dataLayerEvents()).toEqual([expect.objectContaining({ eventCategory: "Booking", eventAction: "Schedule Appointment" })]);
  });

  it("puts a 'fully booked' refusal on the time field and refreshes availability", async () => {
    useSalonWithReservations();
    const full = "2026-11-24T10:00:00.000-05:00";
    let taken = false;
    const { calls } = fakeFetch(
      (call) => (call.path === "reservations/slots/" ? slotsHandler(taken ? [full] : [])(call) : undefined),
      (call) => {
        if (call.path !== "events/website/") return undefined;
        taken = true;
        return { status: 409, body: { message: "That time is fully booked at Carrow Street; please choose another slot" } };
      },
    );
    renderEngaged(<ReservationForm locationId="loc-carrow" />);
    await waitFor(() => expect(optionTexts(timeSelect())).toContain("10:00am"));
    fireEvent.change(timeSelect(), { target: { value: full } });
    fireEvent.change(screen.getByLabelText("Service"), { target: { value: "item-womens-cut" } });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Ada" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Book" }));
    await waitFor(() => expect(timeSelect()).toHaveAccessibleDescription(/Error: That time is fully booked at Carrow Street; please choose another slot/));
    await waitFor(() => expect(optionTexts(timeSelect())).toContain("10:00am (fully booked)"));
    expect(calls.filter((call) => call.path === "reservations/slots/").length).toBeGreaterThanOrEqual(2);
    expect(screen.getByLabelText("Name")).toHaveValue("Ada");
  });

  it("shows an email the service refuses in the field's plain sentence, not the service's path and parser words", async () => {
    renderCarrowForm(slotsHandler(), (call) =>
      call.path === "events/website/" ? { status: 422, body: { message: 'event_data.fieldValues.email: expected an email address, got "ada@example.con"' } } : undefined,
    );
    await waitFor(() => expect(optionTexts(timeSelect())).toContain("2:30pm"));
    fireEvent.change(timeSelect(), { target: { value: "2026-11-24T14:30:00.000-05:00" } });
    fireEvent.change(screen.getByLabelText("Service"), { target: { value: "item-womens-cut" } });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Ada" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@example.con" } });
    fireEvent.click(screen.getByRole("button", { name: "Book" }));
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(/Error: Enter an email address like name@example\.com\.$/));
    expect(screen.getAllByRole("alert")[0]).toHaveTextContent(/^Please fix 1 field: Email\.$/);
    expect(document.body).not.toHaveTextContent(/event_data|expected|got "/);
    expect(screen.getByLabelText("Email")).toHaveFocus();
  });

  it("still offers the rule's slots when the service cannot be asked about availability", async () => {
    renderCarrowForm((call) => (call.path === "reservations/slots/" ? { status: 503 } : undefined));
    await waitFor(() => expect(timeSelect()).toHaveAccessibleDescription(/^20 times free on Tuesday 24 November 2026\./));
  });
});

describe("what the booking form shows is what it holds", () => {
  it("a date in the past says so and offers the next date with free times", async () => {
    renderCarrowForm(slotsHandler());
    await waitFor(() => expect(screen.getByLabelText("Date")).toHaveValue("2026-11-24"));
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2025-01-01" } });
    await waitFor(() => expect(timeSelect()).toHaveAccessibleDescription(/^Wednesday 1 January 2025 is in the past\. The next date with free times is Tuesday 24 November 2026\./));
    expect(timeSelect()).not.toHaveAccessibleDescription(/No times left/);
    fireEvent.click(screen.getByRole("button", { name: "Choose Tuesday 24 November 2026" }));
    expect(screen.getByLabelText("Date")).toHaveValue("2026-11-24");
    await waitFor(() => expect(optionTexts(timeSelect())).toContain("10:00am"));
  });

  it("a date past the booking window says how far ahead bookings go", async () => {
    renderCarrowForm(slotsHandler());
    await waitFor(() => expect(screen.getByLabelText("Date")).toHaveValue("2026-11-24"));
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2027-06-01" } });
    await waitFor(() => expect(timeSelect()).toHaveAccessibleDescription(/^Bookings are taken up to Friday 22 January 2027\. The next date with free times is Tuesday 24 November 2026\./));
  });

  it("special hours: a holiday closure is not proposed and has no times", async () => {
    useSalonWithReservations({ specialHours: [{ date: "2026-11-24", closed: true, label: "Staff training" }] });
    fakeFetch(slotsHandler());
    renderEngaged(<ReservationForm locationId="loc-carrow" />);
    await waitFor(() => expect(screen.getByLabelText("Date")).toHaveValue("2026-11-25"));
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2026-11-24" } });
    await waitFor(() => expect(timeSelect()).toHaveAccessibleDescription(/is closed on Tuesday 24 November 2026\. Choose another date\./));
  });
});

describe("cancel link", () => {
  it("cancels the reservation named in the link with one press and sends Cancel Appointment", async () => {
    useSalonWithReservations();
    window.history.replaceState(null, "", `/locations/brooklyn-418-carrow-street/#cancel=R-ABCD-EF23&token=${TOKEN}`);
    const { posts } = fakeFetch(slotsHandler(), (call) =>
      call.path === "reservations/R-ABCD-EF23/cancel/" ? { status: 200, body: { reference: "R-ABCD-EF23", status: "cancelled", location_id: "loc-carrow", start: "x", party_size: 1, name: "Ada" } } : undefined,
    );
    renderEngaged(<ReservationForm locationId="loc-carrow" />);
    const button = await screen.findByRole("button", { name: "Cancel reservation R-ABCD-EF23" });
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByText("Reservation R-ABCD-EF23 is cancelled.");
    expect(posts("reservations/R-ABCD-EF23/cancel/").map((call) => call.body)).toEqual([{ cancel_token: TOKEN }]);
    expect(dataLayerEvents()).toEqual([expect.objectContaining({ eventCategory: "Booking", eventAction: "Cancel Appointment" })]);
  });

  it("appears when the link is followed on the same page, and shows the service's refusal", async () => {
    renderCarrowForm(slotsHandler(), (call) => (call.path.endsWith("/cancel/") ? { status: 403, body: { message: "The cancel token does not match reservation R-ABCD-EF23" } } : undefined));
    expect(screen.queryByRole("button", { name: /Cancel reservation/ })).not.toBeInTheDocument();
    act(() => {
      window.history.replaceState(null, "", `#cancel=R-ABCD-EF23&token=${TOKEN}`);
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
    fireEvent.click(await screen.findByRole("button", { name: "Cancel reservation R-ABCD-EF23" }));
    await waitFor(() => expect(screen.getAllByRole("alert")[0]).toHaveTextContent("The cancel token does not match reservation R-ABCD-EF23"));
  });
});

describe("ReservationForm at the restaurant", () => {
  it("lets the guest pick a location taking reservations and asks for the party size", async () => {
    const site = useSample("restaurant");
    fakeFetch((call) => (call.path === "reservations/slots/" ? { status: 200, body: { time_zone: "America/New_York", slot_minutes: 30, slots: [] } } : undefined));
    renderEngaged(<ReservationForm />);
    const reservable = site.business.locations.filter((location) => location.reservations.enabled);
    expect(within(screen.getByLabelText("Location")).getAllByRole("option").map((option) => option.textContent)).toEqual(["Choose a location", ...reservable.map((location) => location.name)]);
    expect(screen.getByLabelText("Guests")).toHaveValue(2);
    expect(screen.queryByLabelText("Service")).not.toBeInTheDocument();
    expect(timeSelect()).toHaveAccessibleDescription(/^Choose a location first\./);
    fireEvent.change(screen.getByLabelText("Guests"), { target: { value: "60" } });
    fireEvent.click(screen.getByRole("button", { name: "Reserve" }));
    expect(screen.getByLabelText("Guests")).toHaveAccessibleDescription("How many people, from 1 to 50. Error: Enter the number of guests, from 1 to 50.");
    expect(screen.getByLabelText("Location")).toHaveFocus();
  });

  it("renders nothing where no location takes reservations", () => {
    useSample("merchant");
    const { container } = render(<ReservationForm />);
    expect(container).toBeEmptyDOMElement();
  });
});
