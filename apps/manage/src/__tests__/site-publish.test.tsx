import React from "react";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { PreviewStatusReply, PublishListEntry, PublishStatusReply } from "@mainstreet/rules/api/publish-api";
import type { SiteReply } from "@mainstreet/rules/api/site-api";
import type { Api } from "../api/client";
import { SessionProvider } from "../session";
import { ReadCache } from "../reads";
import { POLL_MS } from "../site/publish-polling";
import { PublishSection } from "../site/publish-section";
import type { SiteDocument } from "../site/site-document";
import { OWNER } from "./fake-service";

/**
 * The Site screen's Publish section against an in-memory service that answers as docs/publishing.md says:
 * each read of a job's status takes the next state of a script, so the polling is driven beat by beat with
 * fake timers.
 */

const PREVIEW_URL = "http://0123456789abcdef0123456789abcdef.preview.localhost:8000/";

function entry(overrides: Partial<PublishListEntry>): PublishListEntry {
  return { id: "job-1", status: "live", version: 1, revision: 1, seconds: 30, queued_at: "2030-06-04T15:00:00.000Z", finished_at: "2030-06-04T15:00:30.000Z", requested_by: "owner@example.com", kept: true, ...overrides };
}

interface Script {
  live: SiteReply["live"];
  publishes: PublishListEntry[];
  /** What successive reads of a publish's status answer (the last one repeats). */
  publish: PublishStatusReply[];
  preview: PreviewStatusReply[];
}

function fakeApi(script: Script) {
  const calls: string[] = [];
  const reads = { publish: 0, preview: 0 };
  const next = <T,>(list: T[], kind: keyof typeof reads) => list[Math.min(reads[kind]++, list.length - 1)];
  const api: Api = {
    base: "/api/",
    url: (path) => `/api/${path}`,
    async get<T>(path: string): Promise<T> {
      calls.push(`GET ${path}`);
      if (path === "manage/site/") return { revision: 7, data: {}, live: script.live } as T;
      if (path.startsWith("manage/site/publishes/?")) return { publishes: script.publishes } as T;
      if (path.startsWith("manage/site/publishes/")) return next(script.publish, "publish") as T;
      if (path.startsWith("manage/site/previews/")) return next(script.preview, "preview") as T;
      throw new Error(`no fake for GET ${path}`);
    },
    async send<T>(method: string, path: string, body?: unknown): Promise<T> {
      calls.push(`${method} ${path}${body === undefined ? "" : ` ${JSON.stringify(body)}`}`);
      if (path === "manage/site/publishes/") return { id: "job-new" } as T;
      if (path === "manage/site/previews/") return { id: "preview-1" } as T;
      if (path === "manage/site/rollback/") {
        const { version } = body as { version: number };
        script.live = { version, revision: version, published_at: "2030-06-04T16:00:00.000Z" };
        return script.live as T;
      }
      throw new Error(`no fake for ${method} ${path}`);
    },
  };
  return { api, calls };
}

const DOCUMENT = { name: "Fixture Bistro" } as SiteDocument;

function renderSection(script: Script, readOnly = false) {
  const fake = fakeApi(script);
  const announced: string[] = [];
  const session = { api: fake.api, user: OWNER, signOut: async () => undefined, announce: (text: string) => void announced.push(text), reads: new ReadCache() };
  render(
    <SessionProvider value={session}>
      <PublishSection document={DOCUMENT} change={() => undefined} readOnly={readOnly} errors={new Map()} />
    </SessionProvider>,
  );
  return { ...fake, announced };
}

/** One polling beat, and the reads it starts settled. */
async function beat() {
  await act(async () => {
    jest.advanceTimersByTime(POLL_MS);
  });
}

const statusRegion = () => within(screen.getByRole("region", { name: "Publish the draft" })).getByRole("status");
async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

beforeEach(() => {
  jest.useFakeTimers({ now: Date.parse("2030-06-04T16:00:00.000Z") });
});
afterEach(() => {
  jest.useRealTimers();
});

const LIVE_ONE = { version: 1, revision: 1, published_at: "2030-06-04T15:00:30.000Z" };

describe("the Publish section", () => {
  it("shows the draft's revision and the live version, then follows a Publish queued → building → live, once a second, and reads the versions again", async () => {
    const { calls, announced } = renderSection({
      live: LIVE_ONE,
      publishes: [entry({})],
      publish: [
        { status: "queued", version: 2, revision: 7, seconds: 0 },
        { status: "building", version: 2, revision: 7, seconds: 1 },
        { status: "building", version: 2, revision: 7, seconds: 12 },
        { status: "live", version: 2, revision: 7, seconds: 31 },
      ],
      preview: [],
    });
    expect(await screen.findByText("Revision 7")).toBeInTheDocument();
    expect(screen.getByText(/Version 1 \(revision 1\), live since .*, published by owner@example\.com/)).toBeInTheDocument();
    await click(screen.getByRole("button", { name: "Publish" }));
    expect(calls).toContain("POST manage/site/publishes/");
    expect(statusRegion()).toHaveTextContent("Queued…");
    await beat();
    expect(statusRegion()).toHaveTextContent("Building… 1 s");
    await beat();
    expect(statusRegion()).toHaveTextContent("Building… 12 s");
    const sitesRead = calls.filter((call) => call === "GET manage/site/").length;
    await beat();
    expect(statusRegion()).toHaveTextContent("Live: version 2 (published 31 s after you pressed Publish)");
    expect(screen.getByRole("link", { name: "Open the live site" })).toHaveAttribute("href", "/");
    expect(announced).toEqual(["Queued…", "Building the site.", "Live: version 2 (published 31 s after you pressed Publish)"]);
    expect(calls.filter((call) => call === "GET manage/site/").length).toBe(sitesRead + 1);
    // Live is the end: no more reads of the job.
    const jobReads = calls.filter((call) => call === "GET manage/site/publishes/job-new/").length;
    await beat();
    expect(calls.filter((call) => call === "GET manage/site/publishes/job-new/").length).toBe(jobReads);
  });

  it("shows the owner's sentence when the build failed, and reads the draft again", async () => {
    const message = "The site could not be built, so your live site was left as it was. Try publishing again; if it fails again, contact support.";
    const { announced, calls } = renderSection({ live: LIVE_ONE, publishes: [entry({})], publish: [{ status: "building", version: 2, revision: 7, seconds: 3 }, { status: "failed", version: 2, revision: 7, seconds: 9, message }], preview: [] });
    await click(await screen.findByRole("button", { name: "Publish" }));
    expect(statusRegion()).toHaveTextContent("Building… 3 s");
    await beat();
    expect(statusRegion()).toHaveTextContent(message);
    expect(announced).toContain(message);
    expect(calls.filter((call) => call === "GET manage/site/")).toHaveLength(2);
    expect(screen.queryByRole("link", { name: "Open the live site" })).not.toBeInTheDocument();
  });

  it("after a reload, finds the publish still running and follows it without a press", async () => {
    const { calls } = renderSection({
      live: LIVE_ONE,
      publishes: [entry({ id: "job-running", status: "building", version: 2, revision: 7, seconds: 5, finished_at: null, kept: false }), entry({})],
      publish: [{ status: "building", version: 2, revision: 7, seconds: 5 }, { status: "live", version: 2, revision: 7, seconds: 20 }],
      preview: [],
    });
    expect(await screen.findByText("Building… 5 s")).toBeInTheDocument();
    expect(calls).toContain("GET manage/site/publishes/job-running/");
    expect(calls).not.toContain("POST manage/site/publishes/");
    await beat();
    expect(statusRegion()).toHaveTextContent("Live: version 2 (published 20 s after you pressed Publish)");
  });

  it("rolls back only after the owner confirms, at once, and says so", async () => {
    const { calls, announced } = renderSection({ live: { version: 2, revision: 5, published_at: "2030-06-04T15:30:00.000Z" }, publishes: [entry({ id: "job-2", version: 2, revision: 5 }), entry({})], publish: [], preview: [] });
    const versions = await screen.findByRole("region", { name: "Versions kept" });
    expect(within(versions).queryByRole("button", { name: "Roll back to version 2" })).not.toBeInTheDocument();
    expect(within(versions).getByText("Live now")).toBeInTheDocument();
    await click(within(versions).getByRole("button", { name: "Roll back to version 1" }));
    const dialog = screen.getByRole("dialog", { name: "Roll back to version 1?" });
    expect(calls.some((call) => call.startsWith("POST manage/site/rollback/"))).toBe(false);
    await click(within(dialog).getByRole("button", { name: "Keep the live site" }));
    expect(calls.some((call) => call.startsWith("POST manage/site/rollback/"))).toBe(false);
    await click(within(versions).getByRole("button", { name: "Roll back to version 1" }));
    await click(within(screen.getByRole("dialog", { name: "Roll back to version 1?" })).getByRole("button", { name: "Roll back" }));
    expect(calls).toContain('POST manage/site/rollback/ {"version":1}');
    expect(announced).toContain("Version 1 is live again.");
    expect(await screen.findByText(/Version 1 \(revision 1\), live since/)).toBeInTheDocument();
  });

  it("staff see the status and the versions, with no Preview, Publish or Roll back", async () => {
    renderSection({ live: { version: 2, revision: 5, published_at: "2030-06-04T15:30:00.000Z" }, publishes: [entry({ id: "job-2", version: 2, revision: 5 }), entry({})], publish: [], preview: [] }, true);
    expect(await screen.findByRole("region", { name: "Versions kept" })).toBeInTheDocument();
    expect(screen.getByText("Version 1")).toBeInTheDocument();
    expect(screen.getByText("Only owners can publish or roll back the site.")).toBeInTheDocument();
    for (const name of ["Preview", "Publish", "Roll back to version 1"]) expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
  });

  it("Preview builds the draft, then shows it in a frame at phone width, desktop on demand, and opens in a new tab", async () => {
    const { announced } = renderSection({
      live: LIVE_ONE,
      publishes: [entry({})],
      publish: [],
      preview: [
        { status: "building", revision: 7, seconds: 12 },
        { status: "ready", revision: 7, seconds: 25, url: PREVIEW_URL },
      ],
    });
    await click(await screen.findByRole("button", { name: "Preview" }));
    expect(screen.getByText("Building the preview… 12 s")).toBeInTheDocument();
    await beat();
    const frame = screen.getByTitle("Preview of your site at phone width");
    expect(frame).toHaveAttribute("src", PREVIEW_URL);
    expect(frame).toHaveAttribute("width", "375");
    expect(screen.getByRole("button", { name: "Phone" })).toHaveAttribute("aria-pressed", "true");
    await click(screen.getByRole("button", { name: "Desktop" }));
    expect(screen.getByTitle("Preview of your site at desktop width")).toHaveAttribute("width", "1280");
    expect(screen.getByRole("button", { name: "Desktop" })).toHaveAttribute("aria-pressed", "true");
    const open = screen.getByRole("link", { name: "Open the preview in a new tab" });
    expect(open).toHaveAttribute("href", PREVIEW_URL);
    expect(open).toHaveAttribute("target", "_blank");
    expect(announced).toEqual(["Building the preview.", "The preview of revision 7 is ready."]);
  });
});
