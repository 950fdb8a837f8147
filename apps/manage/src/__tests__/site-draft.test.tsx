import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CSRF, NOW, OWNER, fakeService, salonDocument } from "./fake-service";
import { renderApp } from "./render-app";

/**
 * The Site screen's draft machinery against the fake service: saves 800 ms after the last edit with one
 * PUT in flight, sends again what never reached the service, names refused fields in the owner's words,
 * never overwrites a newer revision, and lets staff read only.
 */

type Service = ReturnType<typeof fakeService>;
const SITE = /^manage\/site\/$/;
const puts = (service: Service) => service.callsTo("PUT", "manage/site/");
const putData = (service: Service, index: number) => (puts(service)[index].body as { revision: number; data: { locations: { hours: { day: number; open: number | null; close: number | null }[] }[] } });

async function openSite(service: Service, hash = "#/site/hours") {
  renderApp(service, hash);
  await screen.findByRole("navigation", { name: "Site sections" });
}

const carrow = () => screen.getByRole("group", { name: "418 Carrow Street" });
const setTime = (label: string, value: string) => fireEvent.change(within(carrow()).getByLabelText(label), { target: { value } });
const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));

// The first test loads the Site screen's modules, on a machine other builds share.
jest.setTimeout(30_000);

beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => jest.useRealTimers());

describe("saving the draft", () => {
  it("saves 800 ms after the last edit, never two PUTs at once, and sends an edit made meanwhile next", async () => {
    const service = fakeService();
    await openSite(service);
    setTime("Tuesday closes", "21:00");
    advance(799);
    expect(puts(service)).toHaveLength(0);
    const release = service.hold("PUT", SITE);
    advance(1);
    expect(puts(service)).toHaveLength(1);
    expect(screen.getByText("Saving…")).toBeInTheDocument();

    setTime("Wednesday closes", "21:30");
    advance(5_000);
    expect(puts(service)).toHaveLength(1);

    await act(async () => release());
    await waitFor(() => expect(puts(service)).toHaveLength(2));
    expect(putData(service, 0).revision).toBe(1);
    expect(putData(service, 1).revision).toBe(2);
    const hours = putData(service, 1).data.locations[0].hours;
    expect(hours.find((entry) => entry.day === 2)).toMatchObject({ open: 1000, close: 2100 });
    expect(hours.find((entry) => entry.day === 3)).toMatchObject({ open: 1000, close: 2130 });
    await screen.findByText(/^Saved at 12:00/);
    expect(service.state.siteRevisions.map((entry) => entry.revision)).toEqual([1, 2, 3]);
  });

  it("saves at once when the owner leaves the section or the window", async () => {
    const service = fakeService();
    await openSite(service);
    setTime("Tuesday closes", "21:00");
    fireEvent.click(screen.getByRole("link", { name: "Announcement" }));
    await waitFor(() => expect(puts(service)).toHaveLength(1));
    await screen.findByText(/^Saved at/);
    fireEvent.click(screen.getByLabelText("Show an announcement above the navigation"));
    act(() => void window.dispatchEvent(new Event("blur")));
    await waitFor(() => expect(puts(service)).toHaveLength(2));
    expect(putData(service, 1).data).not.toHaveProperty("announcement");
  });

  it("keeps an edit the service never received and sends the same document again", async () => {
    const service = fakeService();
    await openSite(service);
    service.force("PUT", SITE, { status: 0 });
    setTime("Tuesday closes", "21:00");
    advance(800);
    await screen.findByText("Not saved: The workspace cannot reach the service. Check the connection and try again. Trying again…");
    service.unforce("PUT", SITE);
    advance(2_000);
    await screen.findByText(/^Saved at/);
    expect(puts(service)).toHaveLength(2);
    expect(puts(service)[1].body).toEqual(puts(service)[0].body);
    expect(within(carrow()).getByLabelText("Tuesday closes")).toHaveValue("21:00");
  });
});

describe("refusals", () => {
  it("422: each refused field says what to do, tied to its input, and the summary leads to it", async () => {
    const service = fakeService();
    await openSite(service, "#/site/details");
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Main colour"), { target: { value: "raspberry" } });
    fireEvent.click(screen.getByRole("link", { name: "Hours" }));

    const summary = await screen.findByRole("alert");
    expect(within(summary).getByRole("heading", { name: "2 fields need fixing" })).toBeInTheDocument();
    expect(screen.getByText("Not saved: 2 fields need fixing.")).toBeInTheDocument();
    const link = within(summary).getByRole("link", { name: "Details: Brand main colour" });
    expect(summary).toHaveTextContent("Enter a colour as # and 6 letters or digits, like #b4235a, or leave it empty.");
    expect(summary).toHaveTextContent("Enter the business name.");
    expect(summary).not.toHaveTextContent(/expected|got/);

    fireEvent.click(link);
    const colour = await screen.findByLabelText("Main colour");
    await waitFor(() => expect(colour).toHaveFocus());
    expect(colour).toHaveAttribute("aria-invalid", "true");
    expect(colour).toHaveAccessibleDescription(expect.stringContaining("Enter a colour as # and 6 letters or digits"));
    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription("Enter the business name.");

    fireEvent.change(colour, { target: { value: "#b4235a" } });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Luma" } });
    advance(800);
    await screen.findByText(/^Saved at/);
    expect(screen.queryByRole("heading", { name: /fixing/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Main colour")).not.toHaveAttribute("aria-invalid");
  });

  it("409: the service's sentence, nothing overwritten, and their version loaded with the owner's change shown", async () => {
    const service = fakeService();
    await openSite(service);
    const theirs = salonDocument() as { locations: { hours: { day: number; close: number }[] }[] };
    theirs.locations[0].hours[2].close = 1900;
    service.state.siteRevisions.push({ revision: 2, saved_by: { kind: "account", user_id: "user-ada", email: "ada@example.com" }, saved_at: new Date(NOW).toISOString(), summary: "Changed Wednesday's hours at 418 Carrow Street", data: theirs });

    setTime("Tuesday closes", "21:00");
    advance(800);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      "ada@example.com saved a newer version of the site on Jun 4, 2030, 12:01 PM (Changed Wednesday's hours at 418 Carrow Street). Reload to see it, then make your change again.",
    );
    expect(within(carrow()).getByLabelText("Wednesday closes")).toHaveAttribute("readonly");
    advance(10_000);
    expect(puts(service)).toHaveLength(1);
    expect(service.state.siteRevisions).toHaveLength(2);

    fireEvent.click(within(alert).getByRole("button", { name: "Load their version" }));
    const lost = await screen.findByRole("heading", { name: "Their version is loaded: your change was not saved" });
    expect(lost.parentElement).toHaveTextContent("Tuesday closes at 418 Carrow Street: 21:00");
    expect(within(carrow()).getByLabelText("Wednesday closes")).toHaveValue("19:00");
    expect(within(carrow()).getByLabelText("Tuesday closes")).toHaveValue("20:00");

    setTime("Tuesday closes", "21:00");
    advance(800);
    await screen.findByText(/^Saved at/);
    expect(putData(service, 1).revision).toBe(2);
  });
});

describe("opening the Site screen again", () => {
  const theirVersion = (service: Service, revision: number) => {
    const theirs = salonDocument() as { locations: { hours: { day: number; close: number }[] }[] };
    theirs.locations[0].hours[2].close = 1900;
    service.state.siteRevisions.push({ revision, saved_by: { kind: "account", user_id: "user-ada", email: "ada@example.com" }, saved_at: new Date(NOW).toISOString(), summary: "Changed Wednesday's hours at 418 Carrow Street", data: theirs });
  };
  /** Opens a screen in one synchronous turn: what it shows then is what its first frame shows. */
  const openNow = (hash: string) =>
    act(() => {
      window.history.replaceState(null, "", hash);
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
  /** Leaves for another screen, then comes back with the service's answer held. */
  async function leaveAndComeBack(service: Service, meanwhile: () => void = () => undefined) {
    openNow("#/reviews");
    await screen.findByRole("heading", { level: 1, name: "Reviews" });
    meanwhile();
    const release = service.hold("GET", SITE);
    const readsBefore = service.callsTo("GET", "manage/site/").length;
    openNow("#/site/hours");
    return { release: () => act(async () => release()), asked: () => service.callsTo("GET", "manage/site/").length - readsBefore };
  }

  it("shows the draft as the owner left it at once, then the service's newer revision", async () => {
    const service = fakeService();
    await openSite(service);
    setTime("Tuesday closes", "21:00");
    advance(800);
    await screen.findByText(/^Saved at/);
    const back = await leaveAndComeBack(service, () => theirVersion(service, 3));
    expect(within(carrow()).getByLabelText("Tuesday closes")).toHaveValue("21:00");
    expect(within(carrow()).getByLabelText("Wednesday closes")).toHaveValue("20:00");
    expect(screen.queryByText(/^Loading/)).not.toBeInTheDocument();
    expect(back.asked()).toBe(1);
    await back.release();
    await waitFor(() => expect(within(carrow()).getByLabelText("Wednesday closes")).toHaveValue("19:00"));
    expect(screen.queryByRole("heading", { name: /Their version is loaded/ })).not.toBeInTheDocument();
  });

  it("a read that fails keeps the draft on screen and says so, with a way to read it again", async () => {
    const service = fakeService();
    await openSite(service);
    service.force("GET", SITE, { status: 503, body: { error: "unavailable" } });
    const back = await leaveAndComeBack(service);
    await back.release();
    const retry = await screen.findByRole("button", { name: "Try again" });
    expect(within(carrow()).getByLabelText("Wednesday closes")).toHaveValue("20:00");
    // Edited while the error shows, then read again: the edit stands (the service still holds that revision).
    setTime("Wednesday closes", "22:00");
    service.unforce("GET", SITE);
    fireEvent.click(retry);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument());
    expect(within(carrow()).getByLabelText("Wednesday closes")).toHaveValue("22:00");
    advance(800);
    await screen.findByText(/^Saved at/);
    expect(putData(service, 0).data.locations[0].hours.find((entry) => entry.day === 3)).toMatchObject({ close: 2200 });
  });

  it("an edit made before the service answers is kept and saved when the draft there is the same", async () => {
    const service = fakeService();
    await openSite(service);
    const back = await leaveAndComeBack(service);
    setTime("Wednesday closes", "22:00");
    await back.release();
    expect(within(carrow()).getByLabelText("Wednesday closes")).toHaveValue("22:00");
    advance(800);
    await screen.findByText(/^Saved at/);
    expect(putData(service, 0).revision).toBe(1);
    expect(putData(service, 0).data.locations[0].hours.find((entry) => entry.day === 3)).toMatchObject({ close: 2200 });
  });

  it("an edit made before the service answers, over a draft changed there: their version, with the owner's change listed", async () => {
    const service = fakeService();
    await openSite(service);
    const back = await leaveAndComeBack(service, () => theirVersion(service, 2));
    setTime("Tuesday closes", "21:00");
    await back.release();
    const lost = await screen.findByRole("heading", { name: "Their version is loaded: your change was not saved" });
    expect(lost.parentElement).toHaveTextContent("Tuesday closes at 418 Carrow Street: 21:00");
    expect(within(carrow()).getByLabelText("Wednesday closes")).toHaveValue("19:00");
    expect(within(carrow()).getByLabelText("Tuesday closes")).toHaveValue("20:00");
    advance(5_000);
    expect(puts(service)).toHaveLength(0);
  });
});

it("staff read the site: a one-line note, read-only fields, no edit controls, nothing saved", async () => {
  const service = fakeService({ session: { user: { ...OWNER, role: "staff" }, csrf_token: CSRF } });
  await openSite(service);
  expect(screen.getByText("You can read the site here; only an owner can change it.")).toBeInTheDocument();
  const closes = within(carrow()).getByLabelText("Tuesday closes");
  expect(closes).toHaveAttribute("readonly");
  expect(within(carrow()).getByLabelText("Closed on Monday")).toBeDisabled();
  expect(screen.queryByRole("button", { name: "Add special hours" })).not.toBeInTheDocument();
  fireEvent.change(closes, { target: { value: "23:00" } });
  advance(2_000);
  expect(puts(service)).toHaveLength(0);
  fireEvent.click(screen.getByRole("link", { name: "History" }));
  await screen.findByText("Revision 1");
  expect(screen.queryByRole("link", { name: "Download the data file" })).not.toBeInTheDocument();
});
