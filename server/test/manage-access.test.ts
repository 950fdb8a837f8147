import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  API,
  FIXED_NOW,
  FIXTURE_FILE,
  call,
  createWorkspaceContext,
  manageCall,
  placeOrder,
  signIn,
  type Json,
  type MerchantRef,
  type TestContext,
} from "./helpers";
import { event } from "./routes";
import { dataFileAt } from "../src/site/site.service";

/**
 * The access-control table of the workspace API: every route under manage/ (the table is checked
 * against the routes the service registers, so a new route cannot be left out) refuses a call without a
 * session (401), with an expired one (401), a change without the CSRF token (403), staff on an owner's route
 * (403), and a user of another business on this business's ids (403), on both engines.
 */

type Access = "public" | "user" | "owner";
interface Row {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The registered route, as printRoutes writes it. */
  route: string;
  access: Access;
  /** The path called (ids of business A filled in) and a valid body. */
  path: () => string;
  body?: () => Record<string, unknown>;
  /** The path parameter counts within the caller's own business (a revision number), so it names nothing of business A. */
  ownNumbering?: true;
}

let ctx: TestContext;
let now = FIXED_NOW;
let owner: MerchantRef;
let staff: MerchantRef;
let otherOwner: MerchantRef;
const ids = { order: "", staffUser: "", invitation: "", message: "", review: "", reservation: "", appointment: "", block: "", publish: "", preview: "" };

before(async () => {
  ({ ctx, owner, staff, otherOwner } = await createWorkspaceContext({ clock: () => now }));
  ids.staffUser = staff.user.id;
  await ctx.app.maintenance.seedSiteData([dataFileAt(FIXTURE_FILE)]);
  ids.publish = (await manageCall<Json>(ctx.app, "POST", "site/publishes/", owner)).body.id;
  ids.preview = (await manageCall<Json>(ctx.app, "POST", "site/previews/", owner)).body.id;
  ids.order = (await placeOrder(ctx.app)).id;
  const invited = await manageCall<Json>(ctx.app, "POST", "invitations/", owner, { body: { email: "new@bistro.test", role: "staff" } });
  ids.invitation = invited.body.id;
  await call(ctx.app, "POST", `${API}/businesses/restaurants/fixture-bistro/locations/loc-main/email/`, {
    body: { contact_name: "Grace Hopper", contact_email: "grace@example.com", contact_message: "Do you cater for 40?" },
  });
  ids.message = (await ctx.db.query<{ id: string }>("SELECT id FROM form_submissions WHERE kind = 'contact'")).rows[0].id;
  await call(ctx.app, "POST", `${API}/events/website/`, { body: event("review", { rating: 5, text: "Lovely.", name: "Ada Lovelace" }) });
  ids.review = (await ctx.db.query<{ id: string }>("SELECT id FROM form_submissions WHERE kind = 'review'")).rows[0].id;
  await call(ctx.app, "POST", `${API}/events/website/`, { body: event("reservation", { start: "2030-06-04T19:00:00-04:00", partySize: 2, name: "Dee", email: "dee@example.com" }) });
  ids.reservation = (await ctx.db.query<{ id: string }>("SELECT id FROM reservations")).rows[0].id;
  // The bistro's menu has nothing with a length to book, so its calendar gets one of each kind directly.
  const kinds = [
    ["appointment", "'appointment', 'walk_in', 'burger-single', 'A-ACCE-SS22', 'Ada', 'Lovelace'", "14"],
    ["block", "'block', NULL, NULL, NULL, NULL, NULL", "16"],
  ] as const;
  for (const [key, kind, hour] of kinds) {
    const { rows } = await ctx.db.query<{ id: string }>(
      `INSERT INTO appointments (id, business_id, location_id, staff_id, kind, source, variation_id, reference, first_name, last_name, starts_at, ends_at, buffer_ends_at, created_at, updated_at)
       VALUES (gen_random_uuid(), 'fixture-bistro', 'loc-main', 'chef', ${kind}, '2030-06-05T${hour}:00:00Z', '2030-06-05T${hour}:30:00Z', '2030-06-05T${hour}:30:00Z', now(), now()) RETURNING id`,
    );
    ids[key] = rows[0].id;
  }
});
after(() => ctx.close());

const TABLE: Row[] = [
  { method: "GET", route: "session/", access: "user", path: () => "session/" },
  { method: "DELETE", route: "session/", access: "user", path: () => "session/" },
  { method: "GET", route: "users/", access: "owner", path: () => "users/" },
  { method: "PUT", route: "users/:id/", access: "owner", path: () => `users/${ids.staffUser}/`, body: () => ({ team_member_id: null }) },
  { method: "DELETE", route: "users/:id/", access: "owner", path: () => `users/${ids.staffUser}/` },
  { method: "POST", route: "invitations/", access: "owner", path: () => "invitations/", body: () => ({ email: "another@bistro.test", role: "staff" }) },
  { method: "DELETE", route: "invitations/:id/", access: "owner", path: () => `invitations/${ids.invitation}/` },
  { method: "GET", route: "orders/", access: "user", path: () => "orders/" },
  { method: "GET", route: "orders/stream/", access: "user", path: () => "orders/stream/" },
  { method: "POST", route: "orders/:id/status/", access: "user", path: () => `orders/${ids.order}/status/`, body: () => ({ status: "accepted" }) },
  { method: "GET", route: "kitchen/", access: "user", path: () => "kitchen/" },
  { method: "PUT", route: "kitchen/:locationId/", access: "user", path: () => "kitchen/loc-main/", body: () => ({ rush_minutes: 10 }) },
  { method: "GET", route: "availability/", access: "user", path: () => "availability/" },
  { method: "PUT", route: "availability/:itemId/", access: "user", path: () => "availability/burger/", body: () => ({ sold_out: "today" }) },
  { method: "PUT", route: "availability/modifiers/:modifierId/", access: "user", path: () => "availability/modifiers/mod-bacon/", body: () => ({ sold_out: "today" }) },
  { method: "GET", route: "subscribers/", access: "user", path: () => "subscribers/" },
  { method: "GET", route: "messages/", access: "user", path: () => "messages/" },
  { method: "GET", route: "reviews/", access: "user", path: () => "reviews/" },
  { method: "GET", route: "reservations/", access: "user", path: () => "reservations/" },
  { method: "POST", route: "reservations/:id/status/", access: "user", path: () => `reservations/${ids.reservation}/status/`, body: () => ({ status: "cancelled" }) },
  { method: "POST", route: "reviews/:id/decision/", access: "user", path: () => `reviews/${ids.review}/decision/`, body: () => ({ decision: "approve" }) },
  { method: "POST", route: "messages/:id/read/", access: "user", path: () => `messages/${ids.message}/read/` },
  { method: "GET", route: "subscribers.csv", access: "user", path: () => "subscribers.csv" },
  { method: "GET", route: "appointments/", access: "user", path: () => "appointments/?location_id=loc-main" },
  { method: "POST", route: "appointments/", access: "user", path: () => "appointments/", body: () => ({ location_id: "loc-main", variation_id: "burger-single", staff_id: "chef", start: "2030-06-05T12:00:00-04:00", customer: { first_name: "Ada" } }) },
  { method: "POST", route: "appointments/:id/move/", access: "user", path: () => `appointments/${ids.appointment}/move/`, body: () => ({ start: "2030-06-05T12:00:00-04:00" }) },
  { method: "POST", route: "appointments/:id/cancel/", access: "user", path: () => `appointments/${ids.appointment}/cancel/`, body: () => ({}) },
  { method: "POST", route: "appointments/:id/no-show/", access: "user", path: () => `appointments/${ids.appointment}/no-show/` },
  { method: "POST", route: "appointment-blocks/", access: "user", path: () => "appointment-blocks/", body: () => ({ location_id: "loc-main", staff_id: "chef", start: "2030-06-05T12:00:00-04:00", end: "2030-06-05T13:00:00-04:00" }) },
  { method: "DELETE", route: "appointment-blocks/:id/", access: "user", path: () => `appointment-blocks/${ids.block}/` },
  { method: "GET", route: "site/", access: "user", path: () => "site/" },
  { method: "PUT", route: "site/", access: "owner", path: () => "site/", body: () => ({ revision: 1, data: { name: "Fixture Bistro" } }) },
  { method: "GET", route: "site/revisions/", access: "user", path: () => "site/revisions/" },
  { method: "POST", route: "site/revisions/:n/restore/", access: "owner", path: () => "site/revisions/1/restore/", ownNumbering: true },
  { method: "GET", route: "site/export/", access: "owner", path: () => "site/export/" },
  { method: "POST", route: "site/publishes/", access: "owner", path: () => "site/publishes/" },
  { method: "GET", route: "site/publishes/:id/", access: "user", path: () => `site/publishes/${ids.publish}/` },
  { method: "GET", route: "site/publishes/", access: "user", path: () => "site/publishes/?limit=5" },
  { method: "POST", route: "site/previews/", access: "owner", path: () => "site/previews/" },
  { method: "GET", route: "site/previews/:id/", access: "user", path: () => `site/previews/${ids.preview}/` },
  { method: "POST", route: "site/rollback/", access: "owner", path: () => "site/rollback/", body: () => ({ version: 1 }) },
  { method: "POST", route: "site/images/", access: "owner", path: () => "site/images/" },
  { method: "GET", route: "site/images/*", access: "user", path: () => "site/images/uploads/0123456789abcdef.webp" },
  { method: "POST", route: "site/closed-today/", access: "owner", path: () => "site/closed-today/", body: () => ({ location_id: "loc-main", closed: false }) },
];
/**
 * Routes open without a session by design: signing in, whether this browser is signed in, the sign-in
 * screen's name and logo, password resets and accepting an invitation.
 */
const PUBLIC = ["POST session/", "GET session/status/", "GET brand/", "GET brand/logo", "POST password-reset/", "POST password-reset/complete/", "POST invitations/accept/"];

/** Every method and path under `{API_BASE}manage/` the service registers (HEAD is GET's shadow). */
function registeredRoutes(): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const text of ctx.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?$/.exec(text);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const path = stack.join("");
    if (!match[3] || !path.startsWith(`${API}/manage/`)) continue;
    for (const method of match[3].split(", ")) if (method !== "HEAD") found.push(`${method} ${path.slice(`${API}/manage/`.length)}`);
  }
  return found.sort();
}

const send = (row: Row, who: MerchantRef | null, options: { csrf?: boolean } = {}) => manageCall<Json>(ctx.app, row.method, row.path(), who, { body: row.body?.(), csrf: options.csrf });
const name = (row: Row) => `${row.method} manage/${row.route}`;

describe("the workspace's access-control table", () => {
  it("covers every route under manage/", () => {
    assert.deepEqual(registeredRoutes(), [...TABLE.map((row) => `${row.method} ${row.route}`), ...PUBLIC].sort());
  });

  for (const row of TABLE) {
    it(`${name(row)}: 401 without a session`, async () => {
      const reply = await send(row, null);
      assert.equal(reply.status, 401);
      assert.match(reply.body.message, /^Sign in first/);
    });
  }

  it("every route: 401 with a session idle for more than 12 hours (and the cookie cleared)", async () => {
    const idle = await signIn(ctx.app, "staff@bistro.test");
    now = new Date(FIXED_NOW.getTime() + 12 * 60 * 60_000 + 1000);
    try {
      for (const row of TABLE) {
        const reply = await send(row, idle);
        assert.equal(reply.status, 401, name(row));
        assert.match(reply.body.message, /session has ended/, name(row));
        assert.match(String(reply.headers["set-cookie"]), /^mainstreet_session=; Max-Age=0/, name(row));
      }
    } finally {
      now = FIXED_NOW;
    }
  });

  for (const row of TABLE.filter((candidate) => candidate.method !== "GET")) {
    it(`${name(row)}: 403 without the CSRF token, and nothing changes`, async () => {
      const reply = await send(row, row.access === "owner" ? owner : staff, { csrf: false });
      assert.equal(reply.status, 403);
      assert.match(reply.body.message, /^X-CSRF-Token header is missing or wrong/);
    });
  }

  for (const row of TABLE.filter((candidate) => candidate.access === "owner")) {
    it(`${name(row)}: 403 for staff`, async () => {
      const reply = await send(row, staff);
      assert.equal(reply.status, 403);
      assert.equal(reply.body.message, "Only an owner of this business can do this");
    });
  }

  // Lists answer only the caller's business (each area's tests); ids of business A are refused.
  for (const row of TABLE.filter((candidate) => candidate.route.includes(":") && !candidate.ownNumbering)) {
    it(`${name(row)}: 403 for the owner of another business on this business's id`, async () => {
      const reply = await send(row, otherOwner);
      assert.equal(reply.status, 403, JSON.stringify(reply.body));
      assert.equal(typeof reply.body.message, "string");
    });
  }

  it("left every resource of business A as it was", async () => {
    const order = await manageCall<Json>(ctx.app, "GET", "orders/", owner);
    assert.equal(order.body.orders.find((ticket: Json) => ticket.id === ids.order).status, "placed");
    const kitchen = await manageCall<Json>(ctx.app, "GET", "kitchen/", owner);
    assert.equal(kitchen.body.locations.find((location: Json) => location.location_id === "loc-main").rush_minutes, 0);
    const users = await manageCall<Json>(ctx.app, "GET", "users/", owner);
    assert.ok(users.body.users.some((user: Json) => user.id === ids.staffUser));
    assert.ok(users.body.invitations.some((invitation: Json) => invitation.id === ids.invitation));
    const published = (await call<Json>(ctx.app, "GET", `${API}/businesses/fixture-bistro/availability/`)).body;
    assert.deepEqual(published.sold_out_items, ["sold-out-pie"]);
    assert.deepEqual(published.sold_out_modifiers, ["mod-avocado"]);
    assert.equal((await manageCall<Json>(ctx.app, "GET", "messages/", owner)).body.messages[0].read_at, null);
    assert.equal((await manageCall<Json>(ctx.app, "GET", "reviews/?status=pending", owner)).body.reviews[0].id, ids.review);
    assert.equal((await manageCall<Json>(ctx.app, "GET", "reservations/", owner)).body.reservations[0].status, "confirmed");
  });
});
