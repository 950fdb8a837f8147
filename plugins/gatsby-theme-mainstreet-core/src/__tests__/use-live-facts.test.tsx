import { renderHook, waitFor } from "@testing-library/react";
import { sampleSite } from "./fixtures";
import * as reader from "../runtime/live-facts";
import { useLiveFacts } from "../layout/use-live-facts";

jest.mock("../runtime/live-facts", () => {
  const actual = jest.requireActual<typeof import("../runtime/live-facts")>("../runtime/live-facts");
  return { ...actual, loadLiveFacts: jest.fn(actual.loadLiveFacts) };
});
const loadLiveFacts = reader.loadLiveFacts as jest.MockedFunction<typeof reader.loadLiveFacts>;

/**
 * The layout's read of the live facts: one request per page (the browser's cache answers repeats within the
 * answer's 30 seconds), and the reader (a chunk of its own) asked for only when the answer's facts come from
 * another revision than the build's.
 */
const salon = sampleSite("salon");
const carrow = salon.site.locations[0];
const built = salon.site.locations.map((location) => ({ locationId: location.locationId, timezone: location.timezone, hours: location.hours, specialHours: location.specialHours }));
// Tuesday 5 May 2026, noon in New York: the salon's Carrow location is open by its build.
const NOW = Date.UTC(2026, 4, 5, 16, 0);
const hours = carrow.hours.map((entry) => ({ day: entry.day, open: entry.open ?? null, close: entry.close ?? null, ...(entry.label ? { label: entry.label } : {}) }));
const answer = (revision: number | null, closedToday: boolean) => ({
  revision,
  locations: [
    {
      id: carrow.locationId,
      timezone: carrow.timezone,
      hours,
      special_hours: closedToday ? [{ date: "2026-05-05", closed: true, open: null, close: null, label: "Closed today" }] : [],
    },
  ],
  announcement: null,
});

let fetchMock: jest.Mock;
beforeEach(() => {
  jest.useFakeTimers({ now: NOW, doNotFake: ["queueMicrotask", "setImmediate", "nextTick", "setTimeout", "setInterval", "clearTimeout", "clearInterval"] });
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  jest.useRealTimers();
  reader.resetLiveFacts();
  loadLiveFacts.mockClear();
});

const respond = (body: unknown) => fetchMock.mockResolvedValue({ ok: true, json: async () => body });
const read = (builtRevision: number | null) => renderHook(() => useLiveFacts("luma", builtRevision, built, "en-US", null, "/"));
/** Lets the read's promise chain run to its end (a turn of the task queue, no waiting on a clock). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

it.each([
  ["facts of the build's own revision", 7, answer(7, true)],
  ["facts of the data file, when the build was made from it", null, answer(null, true)],
])("%s change nothing, whatever they say, and the reader is never fetched", async (_name, builtRevision, body) => {
  respond(body);
  const { result } = read(builtRevision);
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  await settle();
  expect(result.current).toBeNull();
  expect(loadLiveFacts).not.toHaveBeenCalled();
});

it("facts of another revision are worked out over the build: a closure today becomes the location's hours", async () => {
  respond(answer(8, true));
  const { result } = read(7);
  await waitFor(() => expect(result.current?.hours.get(carrow.locationId)?.specialHours).toContainEqual(expect.objectContaining({ date: "2026-05-05", closed: true })));
  expect(fetchMock).toHaveBeenCalledWith("/api/businesses/luma/site-facts/");
  expect(loadLiveFacts).toHaveBeenCalledTimes(1);
});

it("asks again when the page changes", async () => {
  respond(answer(7, false));
  const { rerender } = renderHook(({ path }) => useLiveFacts("luma", 7, built, "en-US", null, path), { initialProps: { path: "/" } });
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  rerender({ path: "/menu/" });
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
});

it("a service that cannot be reached leaves the build's facts", async () => {
  fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
  const { result } = read(7);
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  await settle();
  expect(result.current).toBeNull();
});
