import type {
  AvailabilityItem,
  AvailabilityModifier,
  InvitationReply,
  KitchenState,
  MerchantUser as ManageUser,
  SignInBrandReply,
  ManageMessage as Message,
  ManageReservation as Reservation,
  ManageReview as Review,
  OrderTicket,
  SessionReply,
  SubscribersReply,
  UsersReply,
} from "@mainstreet/rules/api/manage-api";
import fs from "node:fs";
import path from "node:path";
import { validateBusiness } from "@mainstreet/rules/business/load";
import type { RevisionEntry } from "@mainstreet/rules/api/site-api";


type StaffUser = UsersReply["users"][number];
type Invitation = UsersReply["invitations"][number] | InvitationReply;
type Subscriber = SubscribersReply["subscribers"][number];

/**
 * A stand-in for the API service's workspace calls (docs/api.md, "Merchant workspace"), in memory: the
 * screens are tested against what the contract says the service answers, including its refusals (401
 * without a session, 403 without the CSRF token, 409 for a move the order cannot make).
 */

export const CSRF = "csrf-token-of-this-session";
export const PASSWORD = "correct horse battery staple";
export const NOW = Date.parse("2030-06-04T16:00:00.000Z"); // 12:00 in New York

export const OWNER: ManageUser = {
  id: "user-owner",
  email: "owner@example.com",
  role: "owner",
  business_id: "bistro",
  business_name: "Fixture Bistro",
  locations: [
    { id: "loc-main", name: "Main Street", time_zone: "America/New_York" },
    { id: "loc-pier", name: "The Pier", time_zone: "America/New_York" },
  ],
};

let sequence = 0;

export function ticket(overrides: Partial<OrderTicket> = {}): OrderTicket {
  sequence += 1;
  const id = overrides.id ?? `order-${sequence}`;
  return {
    id,
    number: `A1B2C3${String(sequence).padStart(2, "0")}`,
    status: "placed",
    placed_at: new Date(NOW - 4 * 60_000).toISOString(),
    promised_at: "2030-06-04T12:30:00.000-04:00",
    promised_until: "2030-06-04T12:30:00.000-04:00",
    scheduled_for: null,
    location: { id: "loc-main", name: "Main Street", time_zone: "America/New_York" },
    fulfillment: { method: "pickup" },
    customer: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "215-555-0142" },
    lines: [
      { id: `${id}-l1`, item_name: "Margherita", variation_name: "Large", quantity: 2, modifiers: [{ name: "Extra basil" }], special_instructions: "Well done", total_cents: 3200 },
      { id: `${id}-l2`, item_name: "Lemonade", variation_name: "", quantity: 1, modifiers: [], special_instructions: "", total_cents: 450 },
    ],
    instructions: "Ring the bell",
    totals: { subtotal_cents: 3650, tax_cents: 292, tip_cents: 548, delivery_fee_cents: 0, total_cents: 4490 },
    currency: "USD",
    updated_at: new Date(NOW - 4 * 60_000).toISOString(),
    ...overrides,
  };
}

export interface ServiceState {
  session: SessionReply | null;
  /** What the public brand call names (null: a service with several businesses). */
  brand: SignInBrandReply["business"];
  /** Addresses a password reset link was asked for. */
  resetsAskedFor: string[];
  /** Emails with accounts at several businesses: signing in must name one. */
  multiBusiness: Record<string, { id: string; name: string }[]>;
  orders: OrderTicket[];
  kitchen: KitchenState[];
  items: AvailabilityItem[];
  modifiers: AvailabilityModifier[];
  reservations: Reservation[];
  messages: Message[];
  reviews: Review[];
  subscribers: Subscriber[];
  users: StaffUser[];
  invitations: Invitation[];
  /** The business data as revisions (docs/publishing.md), oldest first; the draft is the last. */
  siteRevisions: (RevisionEntry & { data: Record<string, unknown> })[];
}

/** The salon's data file, as the service's first revision holds it after seeding. */
export function salonDocument(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(__dirname, "../../../../data/salon/business.json"), "utf8")) as Record<string, unknown>;
}

/** `data: menu.items[0].price: expected …` → the 422 detail the service sends (site.service.ts problemDetail). */
function siteProblem(line: string): { path: string; message: string } {
  const match = /^data: (.*?): (expected .*)$/s.exec(line);
  if (!match) return { path: "data", message: line.replace(/^data: /, "") };
  return { path: match[1] === "(top level)" ? "data" : `data.${match[1]}`.replace(/^data\.\[/, "data["), message: match[2] };
}

export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
  /** The status the fake answered. */
  status?: number;
}

type Reply = { status: number; body?: unknown };
const json = (status: number, body?: unknown): Reply => ({ status, body });

const TRANSITIONS: Record<string, string[]> = { placed: ["accepted", "cancelled"], accepted: ["ready", "cancelled"], ready: ["completed", "cancelled"] };

export function fakeService(initial: Partial<ServiceState> = {}) {
  const state: ServiceState = {
    session: { user: OWNER, csrf_token: CSRF },
    brand: { name: "Fixture Bistro", logo: { path: "manage/brand/logo", alt: "Fixture Bistro logo: a copper pan" } },
    resetsAskedFor: [],
    multiBusiness: {},
    orders: [],
    kitchen: [
      { location_id: "loc-main", name: "Main Street", rush_minutes: 0, paused_until: null, orders_per_slot: null, orders_per_slot_from_data: 6 },
      { location_id: "loc-pier", name: "The Pier", rush_minutes: 0, paused_until: null, orders_per_slot: null, orders_per_slot_from_data: null },
    ],
    items: [],
    modifiers: [],
    reservations: [],
    messages: [],
    reviews: [],
    subscribers: [],
    users: [{ id: OWNER.id, email: OWNER.email, role: "owner", created_at: "2030-01-01T00:00:00Z", last_seen_at: new Date(NOW).toISOString() }],
    invitations: [],
    siteRevisions: [{ revision: 1, saved_by: { kind: "import" }, saved_at: "2030-06-01T14:00:00.000Z", summary: "Imported from data/salon/business.json", data: salonDocument() }],
    ...initial,
  };
  const draft = () => state.siteRevisions[state.siteRevisions.length - 1];
  const saveRevision = (data: Record<string, unknown>, summary: string) => {
    const user = state.session?.user ?? OWNER;
    const entry = { revision: draft().revision + 1, saved_by: { kind: "account" as const, user_id: user.id, email: user.email }, saved_at: new Date(NOW).toISOString(), summary, data };
    state.siteRevisions.push(entry);
    return entry.revision;
  };
  const ownerOnly = (reply: () => Reply) => () => (state.session?.user.role === "owner" ? reply() : json(403, { message: "Only an owner of the business can do this" }));
  const calls: Call[] = [];
  /** Replies a test forces for one path (an outage, an expired session): taken before the fake's own. */
  const overrides: { method: string; path: RegExp; reply: Reply }[] = [];
  /** Calls a test keeps waiting (a save in flight) until it lets them through. */
  const holds: { method: string; path: RegExp; released: Promise<void> }[] = [];

  /** A change to the record a path names (the path's one group is its id): 404 with `missing` when there is none. */
  function onRecord<T>(records: () => T[], key: keyof T, missing: string, change: (record: T, call: Call) => Reply) {
    return (call: Call, match: RegExpMatchArray): Reply => {
      const record = records().find((candidate) => candidate[key] === decodeURIComponent(match[1]));
      return record ? change(record, call) : json(404, { message: missing });
    };
  }

  const routes: [string, RegExp, (call: Call, match: RegExpMatchArray) => Reply][] = [
    [
      "POST",
      /^manage\/session\/$/,
      (call) => {
        const body = call.body as { email: string; password: string; business_id?: string };
        if (body.password !== PASSWORD) return json(401, { message: "Wrong email or password" });
        const businesses = state.multiBusiness[body.email];
        if (businesses && !body.business_id) return json(409, { message: `${body.email} has accounts at ${businesses.length} businesses: choose one`, businesses });
        state.session = { user: { ...OWNER, email: body.email }, csrf_token: CSRF };
        return json(200, state.session);
      },
    ],
    ["GET", /^manage\/session\/$/, () => json(200, state.session)],
    ["GET", /^manage\/session\/status\/$/, () => json(200, state.session ? { signed_in: true, ...state.session } : { signed_in: false })],
    ["GET", /^manage\/brand\/$/, () => json(200, { business: state.brand })],
    [
      "POST",
      /^manage\/password-reset\/$/,
      (call) => {
        state.resetsAskedFor.push((call.body as { email: string }).email);
        return json(202, { message: "If an account uses this address, a link to set a new password is on its way. It works once, for one hour." });
      },
    ],
    [
      "POST",
      /^manage\/password-reset\/complete\/$/,
      (call) => {
        if ((call.body as { token: string }).token !== "good-reset") {
          return json(404, { message: "This link to set a new password no longer works: it was used, a newer one was sent, or it is more than an hour old. Ask for a new one." });
        }
        state.session = { user: OWNER, csrf_token: CSRF };
        return json(200, state.session);
      },
    ],
    [
      "DELETE",
      /^manage\/session\/$/,
      () => {
        state.session = null;
        return json(204);
      },
    ],
    [
      "POST",
      /^manage\/invitations\/accept\/$/,
      (call) => {
        const body = call.body as { token: string; password: string };
        if (body.token !== "good-token") return json(404, { message: "This invitation link is not valid any more: ask the owner for a new one" });
        state.session = { user: { ...OWNER, id: "user-new", email: "new@example.com", role: "staff" }, csrf_token: CSRF };
        return json(201, state.session);
      },
    ],
    ["GET", /^manage\/orders\/$/, (call) => json(200, { orders: state.orders.filter((order) => (call.query.view === "recent" ? ["completed", "cancelled"] : ["placed", "accepted", "ready"]).includes(order.status)) })],
    [
      "POST",
      /^manage\/orders\/([^/]+)\/status\/$/,
      onRecord(() => state.orders, "id", "No such order", (order, call) => {
        const body = call.body as { status: OrderTicket["status"]; reason?: string };
        if (!(TRANSITIONS[order.status] ?? []).includes(body.status)) return json(409, { message: `Order ${order.number} is ${order.status}: it cannot become ${body.status}` });
        Object.assign(order, { status: body.status, updated_at: new Date(Date.parse(order.updated_at) + 60_000).toISOString(), ...(body.reason ? { cancel_reason: body.reason } : {}) });
        return json(200, { ...order });
      }),
    ],
    ["GET", /^manage\/kitchen\/$/, () => json(200, { locations: state.kitchen })],
    [
      "PUT",
      /^manage\/kitchen\/([^/]+)\/$/,
      onRecord(() => state.kitchen, "location_id", "No such location", (entry, call) => {
        Object.assign(entry, call.body);
        return json(200, { ...entry });
      }),
    ],
    ["GET", /^manage\/availability\/$/, () => json(200, { items: state.items, modifiers: state.modifiers })],
    [
      "PUT",
      /^manage\/availability\/modifiers\/([^/]+)\/$/,
      onRecord(() => state.modifiers, "modifier_id", "No such modifier", (modifier, call) => {
        const body = call.body as { sold_out: "today" | "indefinitely" | false };
        modifier.sold_out_until = body.sold_out === false ? null : body.sold_out === "today" ? "2030-06-05T00:00:00.000-04:00" : "indefinitely";
        return json(200, { ...modifier });
      }),
    ],
    [
      "PUT",
      /^manage\/availability\/([^/]+)\/$/,
      onRecord(() => state.items, "item_id", "No such item", (item, call) => {
        const body = call.body as { sold_out: "today" | "indefinitely" | false; variation_id?: string };
        const until = body.sold_out === false ? null : body.sold_out === "today" ? "2030-06-05T00:00:00.000-04:00" : "indefinitely";
        const target: { sold_out_until: string | null } | undefined = body.variation_id ? item.variations.find((variation) => variation.id === body.variation_id) : item;
        if (!target) return json(404, { message: "No such variation" });
        target.sold_out_until = until;
        return json(200, JSON.parse(JSON.stringify(item)));
      }),
    ],
    ["GET", /^manage\/reservations\/$/, (call) => json(200, { reservations: state.reservations.filter((entry) => !call.query.location_id || entry.location_id === call.query.location_id) })],
    [
      "POST",
      /^manage\/reservations\/([^/]+)\/status\/$/,
      onRecord(() => state.reservations, "id", "No such reservation", (entry, call) => {
        entry.status = (call.body as { status: Reservation["status"] }).status;
        return json(200, { ...entry });
      }),
    ],
    ["GET", /^manage\/messages\/$/, (call) => json(200, { messages: state.messages.filter((message) => message.kind === call.query.kind) })],
    [
      "POST",
      /^manage\/messages\/([^/]+)\/read\/$/,
      onRecord(() => state.messages, "id", "No such message", (message) => {
        message.read_at = new Date(NOW).toISOString();
        return json(204);
      }),
    ],
    ["GET", /^manage\/reviews\/$/, (call) => json(200, { reviews: state.reviews.filter((review) => review.status === call.query.status) })],
    [
      "POST",
      /^manage\/reviews\/([^/]+)\/decision\/$/,
      onRecord(() => state.reviews, "id", "No such review", (review, call) => {
        review.status = (call.body as { decision: string }).decision === "approve" ? "approved" : "rejected";
        return json(200, { ...review });
      }),
    ],
    // Newest first, as the service lists them (and writes its CSV).
    ["GET", /^manage\/subscribers\/$/, () => json(200, { subscribers: [...state.subscribers].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at)) })],
    ["GET", /^manage\/users\/$/, () => (state.session?.user.role === "owner" ? json(200, { users: state.users, invitations: state.invitations, team: [] }) : json(403, { message: "Only an owner can see staff" }))],
    [
      "POST",
      /^manage\/invitations\/$/,
      (call) => {
        const body = call.body as { email: string; role: Invitation["role"] };
        if (!/^[^@\s]+@[^@\s]+\.[a-z]+$/i.test(body.email)) return json(422, { message: `body.email: expected an email address like name@example.com, got "${body.email}"` });
        const invitation = { id: `inv-${state.invitations.length + 1}`, email: body.email, role: body.role, expires_at: "2030-06-11T16:00:00.000Z", accept_url: "/manage/#/accept/tok-123" };
        state.invitations.push(invitation);
        return json(201, invitation);
      },
    ],
    [
      "DELETE",
      /^manage\/users\/([^/]+)\/$/,
      (_call, match) => {
        state.users = state.users.filter((user) => user.id !== match[1]);
        return json(204);
      },
    ],
    ["GET", /^manage\/site\/$/, () => json(200, { revision: draft().revision, data: draft().data, live: null })],
    [
      "PUT",
      /^manage\/site\/$/,
      (call) =>
        ownerOnly(() => {
          const body = call.body as { revision: number; data: Record<string, unknown> };
          const checked = validateBusiness(body.data, "data");
          if (!checked.ok) {
            const detail = checked.problems.map(siteProblem);
            return json(422, { message: `${detail[0].path}: ${detail[0].message}`, detail });
          }
          const current = draft();
          const same = JSON.stringify(current.data) === JSON.stringify(body.data);
          if (body.revision !== current.revision) {
            if (same && current.revision === body.revision + 1) return json(200, { revision: current.revision });
            const by = current.saved_by.kind === "account" ? current.saved_by.email : "An import";
            return json(409, {
              message: `${by} saved a newer version of the site on Jun 4, 2030, 12:01 PM (${current.summary}). Reload to see it, then make your change again.`,
              detail: { your_revision: body.revision, current: { revision: current.revision, saved_by: current.saved_by, saved_at: current.saved_at, summary: current.summary } },
            });
          }
          if (same) return json(200, { revision: current.revision });
          return json(200, { revision: saveRevision(body.data, "Changed the site") });
        })(),
    ],
    [
      "GET",
      /^manage\/site\/revisions\/$/,
      (call) => {
        const limit = Number(call.query.limit ?? 50);
        const before = call.query.before === undefined ? Infinity : Number(call.query.before);
        const older = [...state.siteRevisions].reverse().filter((entry) => entry.revision < before);
        const page = older.slice(0, limit).map(({ data: _data, ...entry }) => entry);
        return json(200, { revisions: page, next_before: older.length > limit ? page[page.length - 1].revision : null });
      },
    ],
    [
      "POST",
      /^manage\/site\/revisions\/(\d+)\/restore\/$/,
      (_call, match) =>
        ownerOnly(() => {
          const old = state.siteRevisions.find((entry) => entry.revision === Number(match[1]));
          if (!old) return json(404, { message: `There is no revision ${match[1]} to restore` });
          return json(201, { revision: saveRevision(old.data, `Restored revision ${old.revision}`) });
        })(),
    ],
    ["GET", /^manage\/site\/export\/$/, ownerOnly(() => json(200, draft().data))],
  ];

  /** Calls answered without a session, as the service's access table has them. */
  const OPEN_CALLS = ["POST manage/session/", "GET manage/session/status/", "GET manage/brand/", "POST manage/password-reset/", "POST manage/password-reset/complete/", "POST manage/invitations/accept/"];

  function answer(call: Call): Reply {
    const forced = overrides.find((entry) => entry.method === call.method && entry.path.test(call.path));
    if (forced) return forced.reply;
    const open = OPEN_CALLS.includes(`${call.method} ${call.path}`);
    if (!open && !state.session) return json(401, { message: "Sign in to the workspace first" });
    if (!open && call.method !== "GET" && call.headers["X-CSRF-Token"] !== state.session?.csrf_token) return json(403, { message: "Missing or wrong CSRF token" });
    for (const [method, pattern, handle] of routes) {
      const match = call.path.match(pattern);
      if (method === call.method && match) return handle(call, match);
    }
    return json(404, { message: `No API call ${call.method} ${call.path}` });
  }

  const fetch = jest.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const call: Call = {
      method: init.method ?? "GET",
      path: url.pathname.replace(/^\/api\//, ""),
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const held = holds.find((entry) => entry.method === call.method && entry.path.test(call.path));
    if (held) await held.released;
    const reply = answer(call);
    call.status = reply.status;
    // A forced status 0 is a request that never reached the service (the connection dropped).
    if (reply.status === 0) throw new TypeError("Failed to fetch");
    const text = reply.body === undefined ? "" : JSON.stringify(reply.body);
    return { ok: reply.status >= 200 && reply.status < 300, status: reply.status, statusText: "", text: async () => text } as Response;
  });

  return {
    state,
    calls,
    fetch: fetch as unknown as typeof globalThis.fetch,
    /** The calls of one method and path, in order. */
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    force(method: string, path: RegExp, reply: Reply) {
      overrides.unshift({ method, path, reply });
    },
    /** Stops forcing replies for a path: the fake answers it itself again. */
    unforce(method: string, path: RegExp) {
      for (let index = overrides.length - 1; index >= 0; index -= 1) if (overrides[index].method === method && String(overrides[index].path) === String(path)) overrides.splice(index, 1);
    },
    /** Keeps calls to a path waiting until `release()`; a call already waiting is let through too. */
    hold(method: string, path: RegExp) {
      let release: () => void = () => undefined;
      const entry = { method, path, released: new Promise<void>((resolve) => (release = resolve)) };
      holds.push(entry);
      return () => {
        holds.splice(holds.indexOf(entry), 1);
        release();
      };
    },
  };
}

/** An EventSource the test drives: open it, send events, drop it. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  static latest(): FakeEventSource {
    const source = FakeEventSource.instances[FakeEventSource.instances.length - 1];
    if (!source) throw new Error("no EventSource was opened");
    return source;
  }

  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event("open"));
  }

  send(type: string, data: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  /** A dropped connection the browser retries (`closed: false`) or a stream refused for good. */
  fail(closed: boolean): void {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.(new Event("error"));
  }
}

/** The chime, counted instead of played. */
export function fakeSound() {
  let on = false;
  const listeners = new Set<() => void>();
  const sound = {
    supported: true,
    get on() {
      return on;
    },
    wanted: false,
    chimes: 0,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async turnOn() {
      on = true;
      listeners.forEach((listener) => listener());
      sound.chime();
      return true;
    },
    async turnOff() {
      on = false;
      listeners.forEach((listener) => listener());
    },
    chime() {
      if (!on) return false;
      sound.chimes += 1;
      return true;
    },
  };
  return sound;
}
