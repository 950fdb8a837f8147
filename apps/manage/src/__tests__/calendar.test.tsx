import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { NOW, OWNER, CSRF } from "./fake-service";
import { calendarService, entry } from "./calendar-fake";
import { openStream, renderApp } from "./render-app";

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
});
afterEach(() => {
  jest.useRealTimers();
});

const press = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
  });
const type = (label: string, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
const dialog = () => screen.getByRole("dialog");
const column = (name: string) => screen.getByRole("region", { name: `${name}, Today, Tue, Jun 4` });

async function open(service: ReturnType<typeof calendarService>, hash = "#/calendar") {
  renderApp(service, hash);
  const source = await openStream();
  await screen.findByRole("region", { name: "Maya, Today, Tue, Jun 4" });
  return source;
}

describe("the workspace calendar", () => {
  it("shows today by person on the location's clock, naming the zone when it is not the device's", async () => {
    const service = calendarService([entry({ staff_id: "leo", start: "2030-06-04T14:00:00-04:00", end: "2030-06-04T14:45:00-04:00", busy_until: "2030-06-04T14:45:00-04:00" }), entry({ start: "2030-06-05T10:00:00-04:00" })]);
    await open(service);
    expect(service.calendarCallsTo("GET", "manage/appointments/")[0].query).toEqual({ location_id: "loc-main", from: "2030-06-04", days: "1" });
    expect(within(column("Leo")).getByRole("button", { name: /2:00 PM – 2:45 PM Ada Lovelace · Haircut · Stylist/ })).toBeInTheDocument();
    expect(within(column("Maya")).getByText("Nothing booked.")).toBeInTheDocument();
    expect(screen.getByText("Times are on the location's clock: America/New_York.")).toBeInTheDocument();
  });

  it("reads the week from Monday, one section per day, and moves a week at a time", async () => {
    const service = calendarService([entry({ start: "2030-06-07T09:00:00-04:00", end: "2030-06-07T09:45:00-04:00" })]);
    renderApp(service, "#/calendar/week");
    await openStream();
    await screen.findByRole("region", { name: "Maya, Fri, Jun 7" });
    expect(service.calendarCallsTo("GET", "manage/appointments/")[0].query).toMatchObject({ from: "2030-06-03", days: "7" });
    expect(within(screen.getByRole("region", { name: "Maya, Fri, Jun 7" })).getByRole("button", { name: /9:00 AM/ })).toBeInTheDocument();
    await press(screen.getByRole("button", { name: "Next week" }));
    await waitFor(() => expect(service.calendarCallsTo("GET", "manage/appointments/").at(-1)?.query).toMatchObject({ from: "2030-06-10", days: "7" }));
  });

  it("adds a walk-in to the person's column at a time on the location's clock", async () => {
    const service = calendarService();
    await open(service);
    await press(within(column("Leo")).getByRole("button", { name: "Add walk-in for Leo, Today, Tue, Jun 4" }));
    expect(within(dialog()).getByLabelText("Person")).toHaveValue("leo");
    expect(within(dialog()).getAllByRole("option").map((option) => option.textContent)).toEqual(["Maya", "Leo", "Haircut · Stylist (45 min)"]);
    await press(within(dialog()).getByRole("button", { name: "Add walk-in" }));
    expect(within(dialog()).getByRole("alert")).toHaveTextContent("Enter the date and a start time, like 14:30.");
    type("Start time", "15:30");
    type("First name", "Sam");
    type("Phone (optional)", "718-555-0100");
    await press(within(dialog()).getByRole("button", { name: "Add walk-in" }));
    expect(service.calendarCallsTo("POST", "manage/appointments/")[0].body).toEqual({
      location_id: "loc-main",
      variation_id: "cut-stylist",
      staff_id: "leo",
      start: "2030-06-04T19:30:00.000Z",
      customer: { first_name: "Sam", last_name: "", phone: "718-555-0100" },
      notes: "",
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(within(column("Leo")).getByRole("button", { name: /3:30 PM – 4:15 PM Sam · Haircut · Stylist Walk-in/ })).toBeInTheDocument();
  });

  it("moves a booking: a taken time is refused with the service's sentence, a free one moves it", async () => {
    const booked = entry();
    const service = calendarService([booked, entry({ staff_id: "maya", start: "2030-06-04T15:00:00-04:00", end: "2030-06-04T16:00:00-04:00", busy_until: "2030-06-04T16:00:00-04:00", customer: { first_name: "Bo", last_name: "", email: null, phone: null } })]);
    await open(service);
    await press(within(column("Maya")).getByRole("button", { name: /10:00 AM – 10:45 AM Ada Lovelace/ }));
    await press(within(dialog()).getByRole("button", { name: "Move" }));
    expect(within(dialog()).getByLabelText("Start time")).toHaveValue("10:00");
    type("Start time", "15:15");
    await press(within(dialog()).getByRole("button", { name: "Move booking" }));
    expect(within(dialog()).getByRole("alert")).toHaveTextContent("That person is not free then: another appointment or a block overlaps that time. Choose another time.");
    type("Start time", "16:00");
    type("Person", "leo");
    await press(within(dialog()).getByRole("button", { name: "Move booking" }));
    expect(service.calendarCallsTo("POST", `manage/appointments/${booked.id}/move/`).at(-1)?.body).toEqual({ start: "2030-06-04T20:00:00.000Z", staff_id: "leo" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(within(column("Leo")).getByRole("button", { name: /4:00 PM – 4:45 PM Ada Lovelace/ })).toBeInTheDocument();
    expect(within(column("Maya")).queryByRole("button", { name: /Ada Lovelace/ })).not.toBeInTheDocument();
  });

  it("cancels a booking with a reason for the customer, and keeps it marked in the column", async () => {
    const booked = entry({ start: "2030-06-04T13:00:00-04:00", end: "2030-06-04T13:45:00-04:00" });
    const service = calendarService([booked]);
    await open(service);
    await press(within(column("Maya")).getByRole("button", { name: /1:00 PM/ }));
    await press(within(dialog()).getByRole("button", { name: "Cancel booking" }));
    expect(within(dialog()).getByText(/The customer is emailed, and the time is free to book again./)).toBeInTheDocument();
    type("Reason for the customer (optional)", "Maya is ill");
    await press(within(dialog()).getByRole("button", { name: "Cancel booking" }));
    expect(service.calendarCallsTo("POST", `manage/appointments/${booked.id}/cancel/`)[0].body).toEqual({ reason: "Maya is ill" });
    expect(within(column("Maya")).getByRole("button", { name: /1:00 PM – 1:45 PM Ada Lovelace · Haircut · Stylist Cancelled/ })).toBeInTheDocument();
  });

  it("offers no-show only once the booking's time has come", async () => {
    const past = entry({ start: "2030-06-04T11:00:00-04:00", end: "2030-06-04T11:45:00-04:00" });
    const service = calendarService([past, entry({ start: "2030-06-04T14:00:00-04:00", end: "2030-06-04T14:45:00-04:00" })]);
    await open(service);
    await press(within(column("Maya")).getByRole("button", { name: /2:00 PM/ }));
    expect(within(dialog()).queryByRole("button", { name: "Mark no-show" })).not.toBeInTheDocument();
    await press(within(dialog()).getByRole("button", { name: "Close" }));
    await press(within(column("Maya")).getByRole("button", { name: /11:00 AM/ }));
    await press(within(dialog()).getByRole("button", { name: "Mark no-show" }));
    expect(service.calendarCallsTo("POST", `manage/appointments/${past.id}/no-show/`)).toHaveLength(1);
    expect(within(column("Maya")).getByRole("button", { name: /11:00 AM – 11:45 AM .* No-show/ })).toBeInTheDocument();
  });

  it("blocks an hour of a person's day and removes the block again", async () => {
    const service = calendarService();
    await open(service);
    await press(within(column("Maya")).getByRole("button", { name: "Block time for Maya, Today, Tue, Jun 4" }));
    type("From", "13:00");
    type("To", "12:00");
    await press(within(dialog()).getByRole("button", { name: "Block time" }));
    expect(within(dialog()).getByRole("alert")).toHaveTextContent("The end must be later than the start.");
    type("To", "14:00");
    type("Reason (optional)", "Training");
    await press(within(dialog()).getByRole("button", { name: "Block time" }));
    expect(service.calendarCallsTo("POST", "manage/appointment-blocks/")[0].body).toEqual({ location_id: "loc-main", staff_id: "maya", start: "2030-06-04T17:00:00.000Z", end: "2030-06-04T18:00:00.000Z", reason: "Training" });
    await press(within(column("Maya")).getByRole("button", { name: "1:00 PM – 2:00 PM Blocked: Training" }));
    await press(within(dialog()).getByRole("button", { name: "Remove block" }));
    expect(service.calendarCallsTo("DELETE", `manage/appointment-blocks/${service.calendar.entries[0].id}/`)).toHaveLength(1);
    expect(within(column("Maya")).queryByRole("button", { name: /Blocked/ })).not.toBeInTheDocument();
  });

  it("shows a booking made elsewhere as its event arrives on the order stream, without reading again", async () => {
    const service = calendarService();
    const source = await open(service);
    const reads = service.calendarCallsTo("GET", "manage/appointments/").length;
    const online = entry({ staff_id: "leo", start: "2030-06-04T17:00:00-04:00", end: "2030-06-04T17:45:00-04:00", customer: { first_name: "Grace", last_name: "Hopper", email: "grace@example.com", phone: null } });
    await act(async () => source.send("appointment", online));
    expect(within(column("Leo")).getByRole("button", { name: /5:00 PM – 5:45 PM Grace Hopper/ })).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    expect(screen.getByText("New booking: Grace Hopper, Haircut · Stylist with Leo at 5:00 PM EDT.")).toBeInTheDocument();
    await act(async () => source.send("appointment", { ...online, status: "cancelled", updated_at: new Date(NOW).toISOString() }));
    expect(within(column("Leo")).getByRole("button", { name: /Grace Hopper .* Cancelled/ })).toBeInTheDocument();
    await act(async () => source.send("appointment", entry({ start: "2030-06-09T10:00:00-04:00" })));
    expect(screen.getAllByRole("listitem").filter((item) => item.closest(".cal-column"))).toHaveLength(1);
    expect(service.calendarCallsTo("GET", "manage/appointments/")).toHaveLength(reads);
  });

  it("on a phone, the person switcher picks the one column shown", async () => {
    const service = calendarService();
    await open(service);
    expect(column("Maya")).toHaveAttribute("data-selected", "true");
    expect(column("Leo")).toHaveAttribute("data-selected", "false");
    fireEvent.change(screen.getByLabelText("Person"), { target: { value: "leo" } });
    expect(column("Leo")).toHaveAttribute("data-selected", "true");
    expect(column("Maya")).toHaveAttribute("data-selected", "false");
  });

  it("a staff account linked to a team member sees their own column first, and selected on a phone", async () => {
    const service = calendarService();
    service.state.session = { user: { ...OWNER, role: "staff", team_member_id: "leo" }, csrf_token: CSRF };
    await open(service);
    const columns = screen.getAllByRole("region").filter((region) => region.classList.contains("cal-column"));
    expect(columns.map((region) => region.getAttribute("aria-label"))).toEqual(["Leo, Today, Tue, Jun 4", "Maya, Today, Tue, Jun 4"]);
    expect(column("Leo")).toHaveAttribute("data-selected", "true");
  });

  it("an owner links an account to its team member on the Staff screen", async () => {
    const service = calendarService();
    service.state.users.push({ id: "user-desk", email: "desk@example.com", role: "staff", created_at: "2030-01-01T00:00:00Z", last_seen_at: null });
    service.force("GET", /^manage\/users\/$/, { status: 200, body: { users: service.state.users, invitations: [], team: [{ id: "maya", name: "Maya" }, { id: "leo", name: "Leo" }] } });
    service.force("PUT", /^manage\/users\/user-desk\/$/, { status: 204 });
    renderApp(service, "#/staff");
    await openStream();
    const select = await screen.findByLabelText("Team member of desk@example.com");
    await act(async () => {
      fireEvent.change(select, { target: { value: "leo" } });
    });
    expect(service.callsTo("PUT", "manage/users/user-desk/")[0].body).toEqual({ team_member_id: "leo" });
    expect(select).toHaveValue("leo");
  });
});
