import { useStaticQuery } from "gatsby";
import { sampleSite, staticQueryData } from "../../__tests__/fixtures";
import type { FormsQuery } from "../use-forms-data";

/**
 * The forms' static query answered from a real sample business, shaped by the node builder gatsby-node
 * uses, plus a recording fetch that answers like the API service (docs/api.md).
 */
export function formsQuery(name: "salon" | "restaurant" | "merchant" = "salon") {
  const site = sampleSite(name);
  const data = staticQueryData(site) as unknown as FormsQuery;
  return { site, data };
}

export function useSample(name: "salon" | "restaurant" | "merchant" = "salon") {
  const sample = formsQuery(name);
  (useStaticQuery as jest.Mock).mockReturnValue(sample.data);
  return sample.site;
}

/**
 * The salon with slot reservations at one location, as a salon that does not take appointments would
 * have them: the sample itself books by appointment, one way to book, so the reservation form's service
 * and team member fields are tested on this variant.
 */
export function useSalonWithReservations(change: Record<string, unknown> = {}, locationId = "loc-carrow") {
  const sample = formsQuery("salon");
  const nodes = (sample.data.allMainstreetLocation?.nodes ?? []).map((location) => (location.locationId === locationId ? { ...location, reservations: { enabled: true, capacity: 4, slotMinutes: 30 }, ...change } : location));
  (useStaticQuery as jest.Mock).mockReturnValue({ ...sample.data, allMainstreetLocation: { nodes } });
  return sample.site;
}

export interface Call {
  method: string;
  url: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

export type Reply = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
type Handler = (call: Call) => Reply | undefined;

/** Installs a fetch that records calls and answers from the first matching handler, else 404. */
export function fakeFetch(...handlers: Handler[]) {
  const calls: Call[] = [];
  const fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, "http://localhost");
    const call: Call = {
      method: init.method ?? "GET",
      url,
      path: parsed.pathname.replace(/^\/api\//, ""),
      query: Object.fromEntries(parsed.searchParams.entries()),
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    let reply: { status: number; body?: unknown } = { status: 404, body: { message: `No route ${call.method} ${call.path}` } };
    for (const handler of handlers) {
      const answer = handler(call);
      if (answer) {
        reply = await answer;
        break;
      }
    }
    const text = reply.body === undefined ? "" : JSON.stringify(reply.body);
    return { ok: reply.status >= 200 && reply.status < 300, status: reply.status, statusText: reply.status === 422 ? "Unprocessable Entity" : "", text: async () => text };
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return { calls, fetchMock, posts: (path: string) => calls.filter((call) => call.method === "POST" && call.path === path) };
}

/** A reply the test releases when it wants, to look at the in-flight state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export function dataLayerEvents(): Record<string, unknown>[] {
  return (window.dataLayer ?? []).filter((entry) => entry.event === "mainstreet.event");
}
