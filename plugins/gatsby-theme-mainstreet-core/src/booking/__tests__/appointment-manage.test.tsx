import React from "react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import AppointmentManageBody from "../appointment-manage-body";
import { appointmentIcs } from "../appointment-ics";
import { sampleSite } from "../../__tests__/fixtures";
import { fakeFetch, type Call } from "../../forms/__tests__/forms-fixtures";
import type { BookingLocation } from "../booking-data";

const salon = sampleSite("salon");
const locations = salon.locations as unknown as BookingLocation[];
const TOKEN = "0123456789abcdef0123456789abcdef";
const REFERENCE = "A-7KQ2-M9XD";
const NY = "America/New_York";

function view(change: Record<string, unknown> = {}) {
  return {
    id: "appt-1",
    reference: REFERENCE,
    status: "confirmed",
    business_id: "biz",
    location_id: "loc-carrow",
    item_id: "item-balayage",
    variation_id: "var-balayage-long",
    staff: { id: "team-maya-okafor", name: "Maya Okafor" },
    start: "2026-12-08T10:00:00-05:00",
    end: "2026-12-08T13:30:00-05:00",
    time_zone: NY,
    duration_minutes: 210,
    price_cents: 24000,
    customer: { first_name: "Ada", last_name: "Lovelace" },
    notes: "",
    changeable_until: "2026-12-07T10:00:00-05:00",
    changeable: true,
    ...change,
  };
}

const shows = (body: ReturnType<typeof view>) => (call: Call) => (call.method === "GET" && call.path === `appointments/${REFERENCE}/` ? { status: 200, body } : undefined);

function open() {
  window.history.replaceState(null, "", `/appointments/manage/?reference=${REFERENCE}&token=${TOKEN}`);
  render(<AppointmentManageBody businessName="Luma Hair" locations={locations} />);
}

describe("the appointment manage page", () => {
  it("shows the booking and cancels it with the link's token", async () => {
    const api = fakeFetch(shows(view()), (call) => (call.method === "POST" && call.path === `appointments/${REFERENCE}/cancel/` ? { status: 200, body: view({ status: "cancelled" }) } : undefined));
    open();
    expect(await screen.findByText("Maya Okafor")).toBeInTheDocument();
    expect(api.calls[0].query).toEqual({ token: TOKEN });
    fireEvent.click(screen.getByRole("button", { name: "Cancel appointment" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, cancel it" }));
    expect(await screen.findByRole("heading", { name: "This appointment is cancelled" })).toHaveFocus();
    expect(api.posts(`appointments/${REFERENCE}/cancel/`)[0].body).toEqual({ token: TOKEN });
    expect(screen.queryByRole("button", { name: "Move to another time" })).toBeNull();
  });

  it("moves it to another free time with the same time picker", async () => {
    const later = "2026-12-08T14:00:00-05:00";
    const api = fakeFetch(
      shows(view()),
      (call) => (call.path === "appointments/availability/" ? { status: 200, body: { time_zone: NY, days: [{ date: "2026-12-08", slots: [{ start: later, staff: ["team-maya-okafor"] }] }] } } : undefined),
      (call) => (call.method === "POST" && call.path === `appointments/${REFERENCE}/move/` ? { status: 200, body: view({ start: later }) } : undefined),
    );
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Move to another time" }));
    fireEvent.click(await screen.findByRole("radio", { name: /December 8/ }));
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    const times = await screen.findByRole("group", { name: /Choose a time/ });
    fireEvent.click(within(times).getByRole("radio", { name: /2:00/ }));
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText(/Your appointment is moved/)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === "appointments/availability/")?.query).toMatchObject({ location_id: "loc-carrow", variation_id: "var-balayage-long", staff_id: "team-maya-okafor" });
    expect(api.posts(`appointments/${REFERENCE}/move/`)[0].body).toEqual({ token: TOKEN, start: later });
  });

  it("refuses plainly after the cancellation window", async () => {
    fakeFetch(shows(view({ changeable: false })));
    open();
    expect(await screen.findByText(/can no longer be changed online/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel appointment" })).toBeNull();
  });

  it("says what to do when the link is incomplete", async () => {
    fakeFetch();
    window.history.replaceState(null, "", "/appointments/manage/");
    render(<AppointmentManageBody businessName="Luma Hair" locations={locations} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Open the link in your confirmation email again.");
  });
});

describe("appointmentIcs", () => {
  it("writes an RFC 5545 event in UTC with escaped text, CRLF lines folded at 75 octets", () => {
    const ics = appointmentIcs({
      appointment: { id: "appt-1", reference: REFERENCE, start: "2026-12-08T10:00:00-05:00", end: "2026-12-08T13:30:00-05:00", staff: { id: "m", name: "Maya Okafor" } },
      serviceName: "Balayage, long",
      businessName: "Luma Hair; Brooklyn",
      address: "418 Carrow Street, Brooklyn",
      manageUrl: `https://example.test/appointments/manage/?reference=${REFERENCE}&token=${TOKEN}`,
      now: new Date("2026-11-28T03:00:00Z"),
    });
    const lines = ics.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("DTSTART:20261208T150000Z");
    expect(lines).toContain("DTEND:20261208T183000Z");
    expect(lines).toContain("DTSTAMP:20261128T030000Z");
    expect(lines).toContain("SUMMARY:Balayage\\, long with Maya Okafor at Luma Hair\\; Brooklyn");
    expect(lines.every((line) => line.length <= 75)).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });
});
