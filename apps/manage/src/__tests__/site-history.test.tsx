import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { NOW, fakeService, salonDocument } from "./fake-service";
import { renderApp } from "./render-app";

/** The Site screen's history: revisions newest first on the business's clock, older ones on demand, a restore confirmed first; the data file. */

jest.setTimeout(30_000);
beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => jest.useRealTimers());

function serviceWithRevisions(count: number) {
  const service = fakeService();
  const first = service.state.siteRevisions[0];
  for (let revision = 2; revision <= count; revision += 1) {
    const data = salonDocument();
    data.name = `Luma ${revision}`;
    service.state.siteRevisions.push({
      revision,
      saved_by: { kind: "account", user_id: "user-ada", email: "ada@example.com" },
      saved_at: new Date(NOW - (count - revision) * 3_600_000).toISOString(),
      summary: `Changed the business name to Luma ${revision}`,
      data,
    });
  }
  return { service, first };
}

it("lists who saved what and when, 50 at a time, and restores a revision as the draft once confirmed", async () => {
  const { service } = serviceWithRevisions(55);
  renderApp(service, "#/site/history");
  const list = await screen.findByRole("list", { name: "Revisions, newest first" });
  const entries = () => within(list).getAllByRole("listitem");
  expect(entries()).toHaveLength(50);
  expect(entries()[0]).toHaveTextContent("Revision 55 (the draft)Changed the business name to Luma 55ada@example.com, Tue, Jun 4 12:00 PM");
  expect(within(entries()[0]).queryByRole("button", { name: /Restore/ })).not.toBeInTheDocument();

  fireEvent.click(screen.getByRole("button", { name: "Show older" }));
  await waitFor(() => expect(entries()).toHaveLength(55));
  expect(entries()[54]).toHaveTextContent("Revision 1Imported from data/salon/business.jsonImported from a data file, Sat, Jun 1");
  expect(screen.queryByRole("button", { name: "Show older" })).not.toBeInTheDocument();

  fireEvent.click(within(entries()[52]).getByRole("button", { name: "Restore as the draft (revision 3)" }));
  const dialog = screen.getByRole("dialog", { name: "Restore revision 3?" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Keep the draft as it is" }));
  expect(service.callsTo("POST", "manage/site/revisions/3/restore/")).toHaveLength(0);

  fireEvent.click(within(entries()[52]).getByRole("button", { name: "Restore as the draft (revision 3)" }));
  await act(async () => fireEvent.click(within(screen.getByRole("dialog", { name: "Restore revision 3?" })).getByRole("button", { name: "Restore as the draft" })));
  await waitFor(() => expect(service.callsTo("POST", "manage/site/revisions/3/restore/")).toHaveLength(1));
  await waitFor(() => expect(within(screen.getByRole("list", { name: "Revisions, newest first" })).getAllByRole("listitem")[0]).toHaveTextContent("Revision 56 (the draft)Restored revision 3"));
  expect(service.callsTo("GET", "manage/site/")).toHaveLength(2);

  fireEvent.click(screen.getByRole("link", { name: "Details" }));
  expect(await screen.findByLabelText("Name")).toHaveValue("Luma 3");
});

it("owners download the draft as the data file, alone or with its photos in a zip", async () => {
  const service = fakeService();
  renderApp(service, "#/site/history");
  const link = await screen.findByRole("link", { name: "Download the data file" });
  expect(link).toHaveAttribute("href", "/api/manage/site/export/");
  expect(link).toHaveAttribute("download");
  const whole = screen.getByRole("link", { name: "Download with photos (zip)" });
  expect(whole).toHaveAttribute("href", "/api/manage/site/export/?format=zip");
  expect(whole).toHaveAttribute("download");
});
