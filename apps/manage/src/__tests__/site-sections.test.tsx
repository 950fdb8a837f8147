import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { BusinessSchema } from "@mainstreet/rules/business/schema";
import { NOW, fakeService } from "./fake-service";
import { renderApp } from "./render-app";

/** The details, announcement and pages sections write what the data contract accepts. */

type Service = ReturnType<typeof fakeService>;
type Data = Record<string, unknown> & { pages: { title: string; navigationPriority: number }[]; announcement?: Record<string, unknown> };

jest.setTimeout(30_000);
beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => jest.useRealTimers());

async function open(hash: string) {
  const service = fakeService();
  renderApp(service, hash);
  await screen.findByRole("navigation", { name: "Site sections" });
  return service;
}

async function saved(service: Service, count: number): Promise<Data> {
  act(() => void jest.advanceTimersByTime(800));
  await waitFor(() => expect(service.callsTo("PUT", "manage/site/")).toHaveLength(count));
  await screen.findByText(/^Saved at/);
  const puts = service.callsTo("PUT", "manage/site/");
  const data = (puts[puts.length - 1].body as { data: Data }).data;
  const parsed = BusinessSchema.safeParse(data);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  return data;
}

it("the sections are links in the Site sections navigation, the open one marked", async () => {
  await open("#/site");
  const nav = screen.getByRole("navigation", { name: "Site sections" });
  expect(within(nav).getAllByRole("link").map((link) => link.textContent)).toEqual(["Details", "Hours", "Announcement", "Services", "Photos", "Team", "Pages", "History", "Publish"]);
  expect(within(nav).getByRole("link", { name: "Details" })).toHaveAttribute("aria-current", "page");
  expect(screen.getByRole("heading", { level: 2, name: "Details" })).toBeInTheDocument();
});

it("details and brand: name, a location's phone, a social link added, the brand colour and the design", async () => {
  const service = await open("#/site/details");
  fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Luma Hair" } });
  const lakeview = screen.getByRole("group", { name: "Contact at Luma Lakeview" });
  fireEvent.change(within(lakeview).getByLabelText("Phone"), { target: { value: "(312) 555-0120" } });
  fireEvent.click(screen.getByRole("button", { name: "Add a social link" }));
  const added = screen.getByRole("group", { name: "Link 5: Instagram" });
  fireEvent.change(within(added).getByLabelText("Site"), { target: { value: "youtube" } });
  fireEvent.change(within(screen.getByRole("group", { name: "Link 5: YouTube" })).getByLabelText("Address"), { target: { value: "https://youtube.com/@luma" } });
  fireEvent.change(screen.getByLabelText("Accent colour"), { target: { value: "" } });
  fireEvent.click(screen.getByRole("radio", { name: "Muse" }));
  const data = await saved(service, 1);
  expect(data.name).toBe("Luma Hair");
  expect((data.locations as { phone?: string }[])[2].phone).toBe("(312) 555-0120");
  expect((data.socialMedia as unknown[])[4]).toEqual({ type: "youtube", link: "https://youtube.com/@luma" });
  expect(data.brandIdentity).toEqual({ primaryColor: "#b4235a", secondaryColor: "#2f1b2d", fontFamily: "Fraunces", tagline: "Cuts, colour and care, without the rush." });
  expect(data.recipe).toBe("muse");
});

it("the announcement: off and on again as it was, its text, link and timing", async () => {
  const service = await open("#/site/announcement");
  const toggle = screen.getByLabelText("Show an announcement above the navigation");
  fireEvent.click(toggle);
  expect(screen.queryByLabelText("Text")).not.toBeInTheDocument();
  expect((await saved(service, 1)).announcement).toBeUndefined();
  fireEvent.click(toggle);
  fireEvent.change(screen.getByLabelText("Text"), { target: { value: "Closed for the holidays from Dec 24." } });
  fireEvent.change(screen.getByLabelText("Link address (optional)"), { target: { value: "" } });
  fireEvent.change(screen.getByLabelText("Link text"), { target: { value: "" } });
  fireEvent.change(screen.getByLabelText("Seconds it stays (optional)"), { target: { value: "" } });
  fireEvent.change(screen.getByLabelText("Until (optional)"), { target: { value: "2030-12-31T18:00" } });
  fireEvent.change(screen.getByLabelText("After a visitor closes it"), { target: { value: "disabled" } });
  const data = await saved(service, 2);
  expect(data.announcement).toEqual({
    title: "Gift cards are back",
    text: "Closed for the holidays from Dec 24.",
    settings: { delay: 2500, startTime: "2025-01-01T00:00", endTime: "2030-12-31T18:00", timezone: "America/New_York", dismissalType: "disabled", referenceId: "gift-cards-2025" },
  });
  fireEvent.click(screen.getByRole("button", { name: "Show it again to people who closed it" }));
  expect(((await saved(service, 3)).announcement?.settings as { referenceId: string }).referenceId).not.toBe("gift-cards-2025");
});

it("a new announcement is saved once it has a text", async () => {
  const service = await open("#/site/announcement");
  const toggle = screen.getByLabelText("Show an announcement above the navigation");
  fireEvent.click(toggle);
  await saved(service, 1);
  // Leaving and coming back forgets what was turned off: the announcement starts from nothing.
  fireEvent.click(screen.getByRole("link", { name: "Pages" }));
  await screen.findByRole("heading", { level: 2, name: "Pages" });
  fireEvent.click(screen.getByRole("link", { name: "Announcement" }));
  await screen.findByRole("heading", { level: 2, name: "Announcement" });
  fireEvent.click(screen.getByLabelText("Show an announcement above the navigation"));
  expect(screen.getByText("Write the text first: the announcement is saved once it has one.")).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText("Text"), { target: { value: "New: Sunday hours" } });
  const data = await saved(service, 2);
  expect(data.announcement).toEqual({ text: "New: Sunday hours", settings: { referenceId: expect.stringMatching(/^announcement-/) } });
});

it("pages: a title, and a page moved up in the navigation with focus kept on its button", async () => {
  const service = await open("#/site/pages");
  const items = () => within(screen.getByRole("list", { name: "Pages in navigation order" })).getAllByRole("listitem");
  expect(items().map((item) => within(item).getByLabelText("Title")).map((input) => (input as HTMLInputElement).value)).toEqual([
    "Home",
    "Services",
    "Our Team",
    "About",
    "Careers",
    "Journal",
    "Contact",
    "Gift Cards",
    "Call Us",
    "Book Now",
  ]);
  fireEvent.change(within(items()[3]).getByLabelText("Title"), { target: { value: "About us" } });
  fireEvent.click(screen.getByRole("button", { name: "Move up About us" }));
  await waitFor(() => expect(screen.getByRole("button", { name: "Move up About us" })).toHaveFocus());
  expect(within(items()[2]).getByLabelText("Title")).toHaveValue("About us");
  const data = await saved(service, 1);
  const byPriority = [...data.pages].sort((a, b) => a.navigationPriority - b.navigationPriority).map((page) => page.title);
  expect(byPriority.slice(0, 4)).toEqual(["Home", "Services", "About us", "Our Team"]);
});
