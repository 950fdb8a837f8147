import { appointmentsHref, interactionHref, appointmentLink, bookingTarget, hasAppointmentsPage, takesAppointments } from "../booking";
import { EMPTY_APPOINTMENT_DETAILS, validateAppointmentDetails, bookingSearch, bookingStep, clearFrom, parseBookingSearch, bookedSearch, parseBookedSearch, type BookingSelection } from "../booking-flow";

const none: BookingSelection = { location: null, service: null, variation: null, staff: null, date: null, time: null };

describe("bookingTarget with appointments", () => {
  it.each<[string, Parameters<typeof bookingTarget>[0], ReturnType<typeof bookingTarget>]>([
    ["appointments on: the site's own flow, even with an external link", { type: "generic", bookingUrl: "https://book.example/online", appointmentsPath: "/book/" }, { href: "/book/", external: false }],
    ["appointments on: before a reservation page", { type: "restaurant", reservationsPath: "/reservations/", appointmentsPath: "/book/" }, { href: "/book/", external: false }],
    ["appointments off: the external link", { type: "generic", bookingUrl: "https://book.example/online", appointmentsPath: null }, { href: "https://book.example/online", external: true }],
    ["appointments off, no link: the reservation page", { type: "generic", reservationsPath: "/reservations/", appointmentsPath: null }, { href: "/reservations/", external: false }],
  ])("%s", (_name, input, expected) => {
    expect(bookingTarget(input)).toEqual(expected);
  });
});

describe("takesAppointments and hasAppointmentsPage", () => {
  it.each<[string, { appointments?: { enabled: boolean } | null }[], boolean]>([
    ["one location on", [{ appointments: { enabled: false } }, { appointments: { enabled: true } }], true],
    ["all off", [{ appointments: { enabled: false } }], false],
    ["no settings", [{}, { appointments: null }], false],
    ["no locations", [], false],
  ])("%s", (_name, locations, expected) => {
    expect(hasAppointmentsPage({ locations })).toBe(expected);
    expect(locations.some(takesAppointments)).toBe(expected);
  });
});

describe("appointmentLink", () => {
  it.each<[string, Parameters<typeof appointmentLink>[1], string]>([
    ["a service", { service: "var-balayage-long" }, "/book/?service=var-balayage-long"],
    ["a person", { staff: "team-maya-okafor" }, "/book/?staff=team-maya-okafor"],
    ["a location", { location: "loc-carrow" }, "/book/?location=loc-carrow"],
    ["all three in the flow's order", { staff: "m", service: "s", location: "l" }, "/book/?location=l&service=s&staff=m"],
    ["nothing", {}, "/book/"],
  ])("%s", (_name, preselect, expected) => {
    expect(appointmentLink("/book/", preselect)).toBe(expected);
  });
});

describe("the flow's URL state", () => {
  it.each<[string, string, Partial<BookingSelection>]>([
    ["empty", "", {}],
    ["a deep link", "?service=item-balayage&staff=team-maya-okafor", { service: "item-balayage", staff: "team-maya-okafor" }],
    ["a whole selection", "?location=l&service=s&variation=v&staff=any&date=2026-12-08&time=2026-12-08T10%3A15%3A00-05%3A00", { location: "l", service: "s", variation: "v", staff: "any", date: "2026-12-08", time: "2026-12-08T10:15:00-05:00" }],
    ["a malformed date is dropped", "?date=tomorrow&location=l", { location: "l" }],
    ["markup is dropped", "?staff=%3Cscript%3E", {}],
  ])("parses %s", (_name, search, expected) => {
    expect(parseBookingSearch(search)).toEqual({ ...none, ...expected });
  });

  it("writes what it reads", () => {
    const selection: BookingSelection = { location: "l", service: "s", variation: "v", staff: "any", date: "2026-12-08", time: "2026-12-08T10:15:00-05:00" };
    expect(parseBookingSearch(bookingSearch(selection))).toEqual(selection);
    expect(bookingSearch(none)).toBe("");
  });

  it.each<[string, Partial<BookingSelection>, ReturnType<typeof bookingStep>]>([
    ["nothing chosen", {}, "location"],
    ["a person preselected, no location", { staff: "m" }, "location"],
    ["a location", { location: "l" }, "service"],
    ["a service", { location: "l", service: "s" }, "variation"],
    ["a length", { location: "l", service: "s", variation: "v" }, "staff"],
    ["a person", { location: "l", service: "s", variation: "v", staff: "any" }, "date"],
    ["a day", { location: "l", service: "s", variation: "v", staff: "any", date: "2026-12-08" }, "time"],
    ["a time", { location: "l", service: "s", variation: "v", staff: "any", date: "2026-12-08", time: "t" }, "details"],
  ])("the step after %s", (_name, selection, expected) => {
    expect(bookingStep({ ...none, ...selection })).toBe(expected);
  });

  it("going back to a step clears it and every later choice", () => {
    const all: BookingSelection = { location: "l", service: "s", variation: "v", staff: "m", date: "2026-12-08", time: "t" };
    expect(clearFrom(all, "staff")).toEqual({ ...none, location: "l", service: "s", variation: "v" });
    expect(clearFrom(all, "time")).toEqual({ ...all, time: null });
  });
});

describe("a booking made, in the address", () => {
  const TOKEN = "0123456789abcdef0123456789abcdef";
  it.each<[string, string, ReturnType<typeof parseBookedSearch>]>([
    ["the manage link", `?reference=A-7KQ2-M9XD&token=${TOKEN}`, { reference: "A-7KQ2-M9XD", token: TOKEN }],
    ["a booking's choices", "?location=l&service=s", null],
    ["no token", "?reference=A-7KQ2-M9XD", null],
    ["a short token", "?reference=A-7KQ2-M9XD&token=abc", null],
    ["a reservation's reference", `?reference=R-7KQ2-M9XD&token=${TOKEN}`, null],
    ["markup", `?reference=%3Cb%3E&token=${TOKEN}`, null],
  ])("parses %s", (_name, search, expected) => {
    expect(parseBookedSearch(search)).toEqual(expected);
  });

  it("writes what it reads", () => {
    const link = { reference: "A-7KQ2-M9XD", token: TOKEN };
    expect(bookedSearch(link)).toBe(`?reference=A-7KQ2-M9XD&token=${TOKEN}`);
    expect(parseBookedSearch(bookedSearch(link))).toEqual(link);
  });
});

describe("validateAppointmentDetails", () => {
  const good = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "555 123 4567", notes: "" };
  it.each<[string, Partial<typeof good>, string[]]>([
    ["complete details", {}, []],
    ["nothing", EMPTY_APPOINTMENT_DETAILS, ["firstName", "lastName", "email", "phone"]],
    ["a bad email", { email: "ada@" }, ["email"]],
    ["a bad phone", { phone: "12" }, ["phone"]],
    ["notes too long", { notes: "x".repeat(1001) }, ["notes"]],
  ])("%s", (_name, change, fields) => {
    expect(Object.keys(validateAppointmentDetails({ ...good, ...change }))).toEqual(fields);
  });
});

describe("appointmentsHref", () => {
  it.each<[string, Parameters<typeof appointmentsHref>[0], string | null]>([
    ["the booking page", { href: "/book/", external: false }, "/book/"],
    ["the reservation page", { href: "/reservations/", external: false }, null],
    ["an external site", { href: "https://book.example/", external: true }, null],
    ["no target", null, null],
  ])("%s", (_name, target, expected) => {
    expect(appointmentsHref(target)).toBe(expected);
  });
});

describe("interactionHref", () => {
  it.each<[string, Parameters<typeof interactionHref>[0], Parameters<typeof interactionHref>[1], string | null]>([
    ["BOOKING with appointments on ignores the external link", { behaviorType: "BOOKING", url: "https://book.example/x" }, { bookingUrl: "https://book.example/", appointments: "/book/", preselect: { service: "item-balayage" } }, "/book/?service=item-balayage"],
    ["BOOKING with appointments off takes its own url", { behaviorType: "BOOKING", url: "https://book.example/x" }, { bookingUrl: "https://book.example/", appointments: null }, "https://book.example/x"],
    ["BOOKING without a url takes the booking link", { behaviorType: "BOOKING" }, { bookingUrl: "https://book.example/" }, "https://book.example/"],
    ["another behaviour keeps its url", { behaviorType: "ORDER", url: "/order/" }, { appointments: "/book/" }, "/order/"],
    ["an unsafe url is none", { behaviorType: "LINK", url: "javascript:alert(1)" }, {}, null],
  ])("%s", (_name, interaction, booking, expected) => {
    expect(interactionHref(interaction, booking)).toBe(expected);
  });
});
