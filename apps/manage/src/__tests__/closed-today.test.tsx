import React from "react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ClosedTodayReply } from "@mainstreet/rules/api/site-facts-api";
import type { Api } from "../api/client";
import { SessionProvider } from "../session";
import { ReadCache } from "../reads";
import { ClosedTodayControl } from "../site/closed-today-control";
import type { SiteDocument } from "../site/site-document";
import { NOW, OWNER } from "./fake-service";

/** The Site screen's "Closed today" quick action, against a stand-in for `POST manage/site/closed-today/`. */

const TODAY = "2030-06-04"; // NOW is noon in New York

function documentWith(specialHours: { date: string; closed?: boolean }[]): SiteDocument {
  return {
    locations: [
      { _id: "loc-main", street: "12 Main St", city: "New York", timezone: "America/New_York", specialHours },
      { id: "loc-pier", street: "1 Pier", city: "New York", timezone: "America/New_York" },
    ],
  } as unknown as SiteDocument;
}

function setup(document: SiteDocument, readOnly = false, refuse = false) {
  const sent: unknown[] = [];
  const announced: string[] = [];
  const saved: ClosedTodayReply[] = [];
  const api: Api = {
    base: "/api/",
    url: (path) => `/api/${path}`,
    get: () => Promise.reject(new Error("not used")),
    send: <T,>(_method: string, path: string, body?: unknown) => {
      sent.push({ path, body });
      if (refuse) return Promise.reject(Object.assign(new Error("Only owners can change the site."), { status: 403 }));
      const { location_id: locationId, closed } = body as { location_id: string; closed: boolean };
      return Promise.resolve({ revision: 8, location_id: locationId, date: TODAY, closed } as T);
    },
  };
  const view = render(
    <SessionProvider value={{ api, user: OWNER, signOut: () => Promise.resolve(), announce: (text) => announced.push(text), reads: new ReadCache() }}>
      <ClosedTodayControl document={document} readOnly={readOnly} onSaved={(reply) => saved.push(reply)} />
    </SessionProvider>,
  );
  return { ...view, sent, announced, saved };
}

beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => jest.useRealTimers());

describe("ClosedTodayControl", () => {
  it("closes a location today: one call, the new revision handed to the Site screen, a sentence announced", async () => {
    const { sent, saved, announced } = setup(documentWith([]));
    expect(screen.getAllByText(/open by its hours today/, { selector: "span" })).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Close Main Street today" }));
    await waitFor(() => expect(saved).toEqual([{ revision: 8, location_id: "loc-main", date: TODAY, closed: true }]));
    expect(sent).toEqual([{ path: "manage/site/closed-today/", body: { location_id: "loc-main", closed: true } }]);
    expect(announced).toEqual(["Main Street is closed today. The live site shows it within a minute."]);
  });

  it.each([
    ["a closure today offers Open again", [{ date: TODAY, closed: true }], "Open Main Street again today"],
    ["a closure on another date is not today's", [{ date: "2030-06-05", closed: true }], "Close Main Street today"],
  ])("%s", (_name, specialHours, button) => {
    setup(documentWith(specialHours));
    expect(screen.getByRole("button", { name: button })).toBeInTheDocument();
  });

  it("staff read it without the buttons", () => {
    setup(documentWith([{ date: TODAY, closed: true }]), true);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText(/closed today$/, { selector: "span" })).toBeInTheDocument();
  });

  it("a refusal is shown in words next to the buttons", async () => {
    setup(documentWith([]), false, true);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Close The Pier today" }));
    });
    expect(await screen.findByText(/Only owners can change the site|The service failed/)).toBeInTheDocument();
  });
});
