import type { CalendarEntry, CalendarReply } from "@mainstreet/rules/api/manage-appointments-api";
import { fakeService, NOW } from "./fake-service";

/**
 * The workspace's fake service with the calendar's calls (docs/api.md "Appointments") in memory: the
 * day's entries of a location, and the changes, with the service's refusal of a time a person is not
 * free (409, one plain sentence).
 */

const ZONE = "America/New_York";
export const STAFF = [
  { id: "maya", name: "Maya" },
  { id: "leo", name: "Leo" },
];
export const SERVICES: CalendarReply["services"] = [
  { variation_id: "cut-stylist", name: "Haircut · Stylist", duration_minutes: 45, buffer_minutes: 0, staff_ids: ["maya", "leo"] },
  { variation_id: "balayage-full", name: "Balayage", duration_minutes: 180, buffer_minutes: 0, staff_ids: ["maya"] },
];

let sequence = 0;
export function entry(overrides: Partial<CalendarEntry> = {}): CalendarEntry {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, "0")}`,
    kind: "appointment",
    location_id: "loc-main",
    staff_id: "maya",
    start: "2030-06-04T10:00:00-04:00",
    end: "2030-06-04T10:45:00-04:00",
    busy_until: "2030-06-04T10:45:00-04:00",
    status: "booked",
    source: "online",
    reference: `A-AAAA-${String(sequence).padStart(4, "2")}`,
    variation_id: "cut-stylist",
    service_name: "Haircut · Stylist",
    customer: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "215-555-0142" },
    notes: "",
    updated_at: new Date(NOW - 60_000).toISOString(),
    ...overrides,
  };
}

const onClock = (at: number) => {
  // New York in June is four hours behind UTC; the fixtures stay in June.
  const local = new Date(at - 4 * 3_600_000).toISOString().slice(0, 19);
  return `${local}-04:00`;
};
const localDate = (iso: string) => onClock(Date.parse(iso)).slice(0, 10);

export function calendarService(entries: CalendarEntry[] = []) {
  const base = fakeService();
  const state = { entries: [...entries] };
  const calls: { method: string; path: string; query: Record<string, string>; body: unknown }[] = [];
  type Reply = { status: number; body?: unknown };
  const taken = (staffId: string, start: number, end: number, except?: string) =>
    state.entries.some((other) => other.id !== except && other.staff_id === staffId && other.status !== "cancelled" && Date.parse(other.start) < end && start < Date.parse(other.busy_until));
  const refusal: Reply = { status: 409, body: { message: "That person is not free then: another appointment or a block overlaps that time. Choose another time." } };
  const touched = (found: CalendarEntry, change: Partial<CalendarEntry>): Reply => {
    Object.assign(found, change, { updated_at: new Date(Date.parse(found.updated_at) + 60_000).toISOString() });
    return { status: 200, body: { ...found } };
  };

  function answer(method: string, path: string, query: Record<string, string>, body: unknown): Reply | null {
    const record = (id: string) => state.entries.find((candidate) => candidate.id === id);
    if (method === "GET" && path === "manage/appointments/") {
      const days = Number(query.days ?? 1);
      const last = new Date(Date.parse(`${query.from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
      const shown = state.entries.filter((candidate) => candidate.location_id === query.location_id && localDate(candidate.start) >= query.from && localDate(candidate.start) < last);
      const reply: CalendarReply = { location_id: query.location_id, time_zone: ZONE, from: query.from, days, staff: STAFF, services: SERVICES, entries: shown.map((shownEntry) => ({ ...shownEntry })) };
      return { status: 200, body: reply };
    }
    if (method === "POST" && path === "manage/appointments/") {
      const walkIn = body as { location_id: string; variation_id: string; staff_id: string; start: string; customer: { first_name: string; last_name: string; email?: string; phone?: string }; notes: string };
      const service = SERVICES.find((candidate) => candidate.variation_id === walkIn.variation_id);
      if (!service) return { status: 422, body: { message: "body.variation_id: not a service" } };
      const start = Date.parse(walkIn.start);
      const end = start + service.duration_minutes * 60_000;
      if (taken(walkIn.staff_id, start, end)) return refusal;
      const created = entry({ location_id: walkIn.location_id, staff_id: walkIn.staff_id, start: onClock(start), end: onClock(end), busy_until: onClock(end), source: "walk_in", variation_id: service.variation_id, service_name: service.name, customer: { first_name: walkIn.customer.first_name, last_name: walkIn.customer.last_name, email: walkIn.customer.email ?? null, phone: walkIn.customer.phone ?? null }, notes: walkIn.notes, updated_at: new Date(NOW).toISOString() });
      state.entries.push(created);
      return { status: 201, body: { ...created } };
    }
    if (method === "POST" && path === "manage/appointment-blocks/") {
      const block = body as { location_id: string; staff_id: string; start: string; end: string; reason: string };
      if (taken(block.staff_id, Date.parse(block.start), Date.parse(block.end))) return refusal;
      const created = entry({ kind: "block", location_id: block.location_id, staff_id: block.staff_id, start: onClock(Date.parse(block.start)), end: onClock(Date.parse(block.end)), busy_until: onClock(Date.parse(block.end)), source: null, reference: null, variation_id: null, service_name: null, customer: null, notes: block.reason });
      state.entries.push(created);
      return { status: 201, body: { ...created } };
    }
    const blockMatch = /^manage\/appointment-blocks\/([^/]+)\/$/.exec(path);
    if (method === "DELETE" && blockMatch) {
      const found = record(blockMatch[1]);
      return found ? touched(found, { status: "cancelled" }) : { status: 403, body: { message: "No calendar block" } };
    }
    const change = /^manage\/appointments\/([^/]+)\/(move|cancel|no-show)\/$/.exec(path);
    if (method === "POST" && change) {
      const found = record(change[1]);
      if (!found) return { status: 403, body: { message: "No appointment" } };
      if (change[2] === "cancel") return touched(found, { status: "cancelled" });
      if (change[2] === "no-show") return Date.parse(found.start) > NOW ? { status: 409, body: { message: "An appointment can be marked a no-show only once its time has come." } } : touched(found, { status: "no_show" });
      const move = body as { start: string; staff_id?: string };
      const length = Date.parse(found.end) - Date.parse(found.start);
      const start = Date.parse(move.start);
      const staffId = move.staff_id ?? found.staff_id;
      if (taken(staffId, start, start + length, found.id)) return refusal;
      return touched(found, { staff_id: staffId, start: onClock(start), end: onClock(start + length), busy_until: onClock(start + length) });
    }
    return null;
  }

  const fetch = jest.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = init.method ?? "GET";
    const path = url.pathname.replace(/^\/api\//, "");
    const query = Object.fromEntries(url.searchParams);
    const body = typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const reply = path.startsWith("manage/appointment") ? answer(method, path, query, body) : null;
    if (!reply) return base.fetch(input as string, init);
    calls.push({ method, path, query, body });
    const text = reply.body === undefined ? "" : JSON.stringify(reply.body);
    return { ok: reply.status >= 200 && reply.status < 300, status: reply.status, statusText: "", text: async () => text } as Response;
  });

  return { ...base, fetch: fetch as unknown as typeof globalThis.fetch, calendar: state, calendarCalls: calls, calendarCallsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path) };
}
