import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { BusinessSchema } from "@mainstreet/rules/business/schema";
import { NOW, fakeService } from "./fake-service";
import { renderApp } from "./render-app";

/**
 * The Site screen's hours editor writes what the data contract accepts: weekly hours with closed days,
 * split hours and midnight, and special hours added and removed; every saved document parses with the
 * contract itself.
 */

type Service = ReturnType<typeof fakeService>;
type Hours = { day: number; open: number | null; close: number | null; label?: string }[];
type Special = { date: string; closed?: boolean; open?: number | null; close?: number | null; label?: string }[];
type Saved = { revision: number; data: { locations: { hours: Hours; specialHours?: Special }[] } };

jest.setTimeout(30_000);
beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => jest.useRealTimers());

const lastSaved = (service: Service) => {
  const puts = service.callsTo("PUT", "manage/site/");
  return puts[puts.length - 1].body as Saved;
};
const carrow = () => screen.getByRole("group", { name: "418 Carrow Street" });

async function saveNow(service: Service, count: number) {
  act(() => void jest.advanceTimersByTime(800));
  await waitFor(() => expect(service.callsTo("PUT", "manage/site/")).toHaveLength(count));
  await screen.findByText(/^Saved at/);
  const saved = lastSaved(service);
  const parsed = BusinessSchema.safeParse(saved.data);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  return saved;
}

it("opens a closed day, closes an open one, adds a split range and writes midnight as 2400", async () => {
  const service = fakeService();
  renderApp(service, "#/site/hours");
  await screen.findByRole("navigation", { name: "Site sections" });
  const group = carrow();
  expect(within(group).queryByLabelText("Monday opens")).not.toBeInTheDocument();
  fireEvent.click(within(group).getByLabelText("Closed on Monday"));
  fireEvent.change(within(group).getByLabelText("Monday opens"), { target: { value: "09:30" } });
  fireEvent.click(within(group).getByLabelText("Closed on Sunday"));
  fireEvent.change(within(group).getByLabelText("Saturday, range 2, closes"), { target: { value: "00:00" } });
  fireEvent.click(within(group).getByRole("button", { name: "Add hours on Tuesday" }));
  fireEvent.change(within(group).getByLabelText("Tuesday, range 2, opens"), { target: { value: "21:30" } });

  const hours = (await saveNow(service, 1)).data.locations[0].hours;
  expect(hours.filter((entry) => entry.day === 1)).toEqual([{ day: 1, open: 930, close: 1800 }]);
  expect(hours.filter((entry) => entry.day === 7)).toEqual([{ day: 7, open: null, close: null }]);
  expect(hours.filter((entry) => entry.day === 6)).toEqual([
    { day: 6, open: 900, close: 1300 },
    { day: 6, open: 1400, close: 2400, label: "Afternoon appointments" },
  ]);
  expect(hours.filter((entry) => entry.day === 2)).toEqual([
    { day: 2, open: 1000, close: 2000 },
    { day: 2, open: 2130, close: 2300 },
  ]);
  expect(hours.map((entry) => entry.day)).toEqual([...hours.map((entry) => entry.day)].sort());

  fireEvent.click(within(group).getByRole("button", { name: "Remove Tuesday's range 2" }));
  const after = (await saveNow(service, 2)).data.locations[0].hours;
  expect(after.filter((entry) => entry.day === 2)).toEqual([{ day: 2, open: 1000, close: 2000 }]);
});

it("adds a holiday closure, turns it into changed hours with a label, and removes it", async () => {
  const service = fakeService();
  renderApp(service, "#/site/hours");
  await screen.findByRole("navigation", { name: "Site sections" });
  const group = carrow();
  expect(within(group).getByText("No special hours.")).toBeInTheDocument();

  fireEvent.click(within(group).getByRole("button", { name: "Add special hours" }));
  // Tomorrow on the location's clock: NOW is noon on June 4 in New York.
  const entry = within(group).getByRole("group", { name: "Wed, Jun 5, 2030" });
  const date = within(entry).getByLabelText("Date");
  await waitFor(() => expect(date).toHaveFocus());
  expect(within(entry).getByLabelText("Closed all day")).toBeChecked();
  let special = (await saveNow(service, 1)).data.locations[0].specialHours;
  expect(special).toEqual([{ date: "2030-06-05", closed: true }]);

  fireEvent.change(date, { target: { value: "2030-12-24" } });
  const moved = within(group).getByRole("group", { name: "Tue, Dec 24, 2030" });
  fireEvent.click(within(moved).getByLabelText("Closed all day"));
  fireEvent.change(within(moved).getByLabelText("Closes"), { target: { value: "22:00" } });
  fireEvent.change(within(moved).getByLabelText("Label (optional)"), { target: { value: "Christmas Eve late night" } });
  special = (await saveNow(service, 2)).data.locations[0].specialHours;
  expect(special).toEqual([{ date: "2030-12-24", closed: false, open: 1000, close: 2200, label: "Christmas Eve late night" }]);

  fireEvent.click(within(group).getByRole("button", { name: "Remove the special hours of Tue, Dec 24, 2030" }));
  expect(within(group).getByText("No special hours.")).toBeInTheDocument();
  special = (await saveNow(service, 3)).data.locations[0].specialHours;
  expect(special).toEqual([]);
});

it("a second date closed twice is refused at its field in the owner's words", async () => {
  const service = fakeService();
  renderApp(service, "#/site/hours");
  await screen.findByRole("navigation", { name: "Site sections" });
  const group = carrow();
  fireEvent.click(within(group).getByRole("button", { name: "Add special hours" }));
  fireEvent.click(within(group).getByRole("button", { name: "Add special hours" }));
  const second = within(group).getByRole("group", { name: "Thu, Jun 6, 2030" });
  fireEvent.change(within(second).getByLabelText("Date"), { target: { value: "2030-06-05" } });
  act(() => void jest.advanceTimersByTime(800));
  await screen.findByText("Not saved: 1 field needs fixing.");
  const dates = within(group).getAllByLabelText("Date");
  expect(dates[1]).toHaveAttribute("aria-invalid", "true");
  expect(dates[1]).toHaveAccessibleDescription("This date is already closed all day in another entry: remove one of them.");
});
