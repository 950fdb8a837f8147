import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  API,
  FIXTURE_BUSINESS,
  FIXTURE_FILE,
  MERCHANT_PASSWORD,
  SECOND_BUSINESS,
  SECOND_BUSINESS_FILE,
  call,
  createMerchant,
  createTestContext,
  manageCall,
  sessionCookieOf,
  signIn,
  type Json,
  type TestContext,
} from "./helpers";

/**
 * Merchant accounts: sign-in, sessions in the database as an HttpOnly cookie, CSRF, the per-client
 * request limit, invitations and removal, on both engines (the limits on failed sign-ins, password resets
 * and the signed-out calls are in accounts-sign-in.test.ts). The clock is the service's: tests move it to expire
 * sessions and let the failure window pass.
 */

let now = new Date("2030-06-04T16:00:00.000Z");
const clock = () => now;
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
const MINUTE = 60_000;

let ctx: TestContext;

before(async () => {
  ctx = await createTestContext({ clock, catalogFiles: [FIXTURE_FILE, SECOND_BUSINESS_FILE], env: { LOGIN_FAILURES_PER_EMAIL: "4" } });
  await createMerchant(ctx.db, { email: "owner@bistro.test" });
  await createMerchant(ctx.db, { email: "staff@bistro.test", role: "staff" });
  await createMerchant(ctx.db, { email: "both@example.com" });
  await createMerchant(ctx.db, { email: "both@example.com", businessId: SECOND_BUSINESS, role: "staff" });
});
after(() => ctx.close());

const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) => call<Json>(ctx.app, "POST", `${API}/manage/session/`, { body, headers });

describe("signing in", () => {
  it("answers the user and a CSRF token, and sets an HttpOnly, SameSite=Strict session cookie for 7 days", async () => {
    const reply = await login({ email: "Owner@Bistro.test", password: MERCHANT_PASSWORD });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.deepEqual(Object.keys(reply.body).sort(), ["csrf_token", "user"]);
    assert.equal(reply.body.user.email, "owner@bistro.test");
    assert.equal(reply.body.user.role, "owner");
    assert.equal(reply.body.user.business_id, FIXTURE_BUSINESS);
    assert.equal(reply.body.user.business_name, "Fixture Bistro");
    assert.equal(reply.body.user.businesses, undefined);
    assert.deepEqual(reply.body.user.locations, [
      { id: "loc-main", name: "Main Street", time_zone: "America/New_York" },
      { id: "loc-harbor", name: reply.body.user.locations[1].name, time_zone: "America/New_York" },
      { id: "loc-london", name: reply.body.user.locations[2].name, time_zone: "Europe/London" },
    ]);
    assert.match(reply.body.csrf_token, /^[A-Za-z0-9_-]{43}$/);
    const [session, device] = reply.headers["set-cookie"] as string[];
    assert.match(session, /^mainstreet_session=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict$/);
    // The browser is known to the account from now on (accounts-sign-in.test.ts): signed, 180 days.
    assert.match(device, /^mainstreet_device=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Strict$/);
  });

  it("marks the cookie Secure when the request came over HTTPS through a trusted proxy", async () => {
    const proxied = await createTestContext({ clock, env: { TRUST_PROXY: "true" } });
    try {
      await createMerchant(proxied.db, { email: "owner@bistro.test" });
      const reply = await call<Json>(proxied.app, "POST", `${API}/manage/session/`, {
        body: { email: "owner@bistro.test", password: MERCHANT_PASSWORD },
        headers: { "x-forwarded-proto": "https" },
      });
      assert.equal(reply.status, 200);
      assert.match(String(reply.headers["set-cookie"]), /; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it("stores the password as an Argon2id hash with OWASP's parameters", async () => {
    const { rows } = await ctx.db.query<{ password_hash: string }>("SELECT password_hash FROM merchant_users WHERE email = 'owner@bistro.test'");
    assert.match(rows[0].password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  for (const [name, body] of [
    ["a wrong password", { email: "owner@bistro.test", password: "not the password at all" }],
    ["an unknown address", { email: "nobody@bistro.test", password: MERCHANT_PASSWORD }],
    ["an account at another business named", { email: "owner@bistro.test", password: MERCHANT_PASSWORD, business_id: SECOND_BUSINESS }],
  ] as const) {
    it(`refuses ${name} with the same 401 and no cookie`, async () => {
      const reply = await login(body);
      assert.equal(reply.status, 401);
      assert.deepEqual(reply.body, { message: "Wrong email or password" });
      assert.equal(sessionCookieOf(reply.headers), null);
    });
  }

  it("asks which business when the address has accounts at several (only once the password matched)", async () => {
    const wrong = await login({ email: "both@example.com", password: "not the password at all" });
    assert.equal(wrong.status, 401);
    const reply = await login({ email: "both@example.com", password: MERCHANT_PASSWORD });
    assert.equal(reply.status, 409);
    assert.deepEqual(reply.body.detail, {
      businesses: [
        { id: FIXTURE_BUSINESS, name: "Fixture Bistro" },
        { id: SECOND_BUSINESS, name: "Osteria Vela" },
      ],
    });
    const chosen = await signIn(ctx.app, "both@example.com", { businessId: SECOND_BUSINESS });
    assert.equal(chosen.user.business_id, SECOND_BUSINESS);
    assert.equal(chosen.user.role, "staff");
    assert.deepEqual(
      chosen.user.businesses.map((business: { id: string }) => business.id),
      [FIXTURE_BUSINESS, SECOND_BUSINESS],
    );
  });

  it("limits sign-ins per client address (RATE_LIMIT_LOGIN_PER_MINUTE)", async () => {
    const limited = await createTestContext({ clock, env: { RATE_LIMIT_LOGIN_PER_MINUTE: "2" } });
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        statuses.push((await call<Json>(limited.app, "POST", `${API}/manage/session/`, { body: { email: "x@bistro.test", password: "whatever it may be" } })).status);
      }
      assert.deepEqual(statuses, [401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  for (const [body, message] of [
    [{ email: "owner@bistro.test" }, /body\.password/],
    [{ email: "owner@bistro.test", password: "" }, /body\.password: expected the password/],
    [{ email: "owner@bistro.test", password: MERCHANT_PASSWORD, role: "owner" }, /unexpected field "role"/],
    [{ email: "x", password: MERCHANT_PASSWORD }, /body\.email/],
  ] as const) {
    it(`refuses a malformed sign-in ${JSON.stringify(body)} with 400`, async () => {
      const reply = await login(body);
      assert.equal(reply.status, 400);
      assert.match(reply.body.message, message);
    });
  }
});

describe("sessions", () => {
  it("reads the session back, and signing out needs the CSRF token and ends it", async () => {
    const owner = await signIn(ctx.app, "owner@bistro.test");
    const read = await manageCall(ctx.app, "GET", "session/", owner, { csrf: false });
    assert.equal(read.status, 200);
    assert.equal(read.body.csrf_token, owner.csrf);
    assert.equal(read.body.user.email, "owner@bistro.test");
    assert.equal((await manageCall(ctx.app, "DELETE", "session/", owner, { csrf: false })).status, 403);
    assert.equal((await manageCall(ctx.app, "DELETE", "session/", owner, { csrf: "x".repeat(43) })).status, 403);
    const out = await manageCall(ctx.app, "DELETE", "session/", owner);
    assert.equal(out.status, 204);
    assert.match(String(out.headers["set-cookie"]), /^mainstreet_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict$/);
    const again = await manageCall(ctx.app, "GET", "session/", owner);
    assert.equal(again.status, 401);
    assert.match(again.body.message, /session has ended/);
  });

  for (const [name, headers] of [
    ["no cookie", {}],
    ["a malformed cookie", { cookie: "mainstreet_session=abc" }],
    ["an unknown token", { cookie: `mainstreet_session=${"A".repeat(43)}` }],
  ] as const) {
    it(`answers 401 with ${name}`, async () => {
      const reply = await call<Json>(ctx.app, "GET", `${API}/manage/session/`, { headers });
      assert.equal(reply.status, 401);
      assert.equal(typeof reply.body.message, "string");
    });
  }

  it("ends after 12 hours idle, and activity keeps it alive", async () => {
    const staff = await signIn(ctx.app, "staff@bistro.test");
    advance(11 * 60 * MINUTE);
    assert.equal((await manageCall(ctx.app, "GET", "session/", staff)).status, 200);
    advance(11 * 60 * MINUTE);
    assert.equal((await manageCall(ctx.app, "GET", "session/", staff)).status, 200);
    advance(12 * 60 * MINUTE + 1000);
    assert.equal((await manageCall(ctx.app, "GET", "session/", staff)).status, 401);
  });

  it("ends 7 days after sign-in however active it is", async () => {
    const staff = await signIn(ctx.app, "staff@bistro.test");
    for (let hour = 0; hour < 7 * 24 - 6; hour += 6) {
      advance(6 * 60 * MINUTE);
      assert.equal((await manageCall(ctx.app, "GET", "session/", staff)).status, 200, `hour ${hour + 6}`);
    }
    advance(6 * 60 * MINUTE);
    assert.equal((await manageCall(ctx.app, "GET", "session/", staff)).status, 401);
  });
});

describe("users and invitations", () => {
  it("lets owners invite (mailed, single-use, 7 days), list and remove; staff may not", async () => {
    const owner = await signIn(ctx.app, "owner@bistro.test");
    const staff = await signIn(ctx.app, "staff@bistro.test");
    assert.equal((await manageCall(ctx.app, "POST", "invitations/", staff, { body: { email: "new@bistro.test", role: "staff" } })).status, 403);
    assert.equal((await manageCall(ctx.app, "GET", "users/", staff)).status, 403);

    const invited = await manageCall(ctx.app, "POST", "invitations/", owner, { body: { email: "New@Bistro.test", role: "staff" }, headers: { host: "shop.example:8000" } });
    assert.equal(invited.status, 201, JSON.stringify(invited.body));
    assert.equal(invited.body.email, "new@bistro.test");
    assert.equal(invited.body.expires_at, new Date(now.getTime() + 7 * 24 * 60 * MINUTE).toISOString());
    const token = /^\/manage\/#\/accept\/([A-Za-z0-9_-]{43})$/.exec(invited.body.accept_url)?.[1];
    assert.ok(token, invited.body.accept_url);
    const { rows: mail } = await ctx.db.query<{ mail_to: string[]; subject: string; body: string }>("SELECT mail_to, subject, body FROM outbox WHERE subject LIKE 'You are invited%'");
    assert.deepEqual(mail[0].mail_to, ["new@bistro.test"]);
    assert.ok(mail[0].body.includes(`http://shop.example:8000/manage/#/accept/${token}`), mail[0].body);

    const listed = await manageCall(ctx.app, "GET", "users/", owner);
    assert.deepEqual(
      listed.body.invitations.map((invitation: { email: string; role: string }) => [invitation.email, invitation.role]),
      [["new@bistro.test", "staff"]],
    );
    assert.ok(listed.body.users.every((user: { email: string }) => !user.email.includes("osteria")));

    const weak = await call<Json>(ctx.app, "POST", `${API}/manage/invitations/accept/`, { body: { token, password: "password1234" } });
    assert.equal(weak.status, 422);
    assert.match(weak.body.message, /^password: This is one of the most common passwords/);
    const accepted = await call<Json>(ctx.app, "POST", `${API}/manage/invitations/accept/`, { body: { token, password: "a lantern by the harbour" } });
    assert.equal(accepted.status, 201, JSON.stringify(accepted.body));
    assert.equal(accepted.body.user.role, "staff");
    assert.ok(sessionCookieOf(accepted.headers));
    const reused = await call<Json>(ctx.app, "POST", `${API}/manage/invitations/accept/`, { body: { token, password: "a lantern by the harbour" } });
    assert.equal(reused.status, 404);

    const newcomer = await signIn(ctx.app, "new@bistro.test", { password: "a lantern by the harbour" });
    assert.equal((await manageCall(ctx.app, "POST", "invitations/", owner, { body: { email: "new@bistro.test", role: "owner" } })).status, 409);
    const ownList = await manageCall(ctx.app, "GET", "users/", owner);
    const newcomerId = ownList.body.users.find((user: { email: string }) => user.email === "new@bistro.test").id;
    assert.equal((await manageCall(ctx.app, "DELETE", `users/${owner.user.id}/`, owner)).status, 409);
    assert.equal((await manageCall(ctx.app, "DELETE", `users/${newcomerId}/`, owner)).status, 204);
    assert.equal((await manageCall(ctx.app, "GET", "session/", newcomer)).status, 401);
    assert.equal((await manageCall(ctx.app, "DELETE", `users/${newcomerId}/`, owner)).status, 403);
  });

  it("replaces an older invitation for the same address and lets owners revoke one", async () => {
    const owner = await signIn(ctx.app, "owner@bistro.test");
    const first = await manageCall(ctx.app, "POST", "invitations/", owner, { body: { email: "twice@bistro.test", role: "staff" } });
    const second = await manageCall(ctx.app, "POST", "invitations/", owner, { body: { email: "twice@bistro.test", role: "owner" } });
    const tokenOf = (reply: { body: Json }) => reply.body.accept_url.split("/").pop();
    assert.equal((await call<Json>(ctx.app, "POST", `${API}/manage/invitations/accept/`, { body: { token: tokenOf(first), password: "a lantern by the harbour" } })).status, 404);
    assert.equal((await manageCall(ctx.app, "DELETE", `invitations/${second.body.id}/`, owner)).status, 204);
    assert.equal((await manageCall(ctx.app, "DELETE", `invitations/${second.body.id}/`, owner)).status, 403);
    assert.equal((await call<Json>(ctx.app, "POST", `${API}/manage/invitations/accept/`, { body: { token: tokenOf(second), password: "a lantern by the harbour" } })).status, 404);
  });

  it("lets an invitation expire after 7 days", async () => {
    const owner = await signIn(ctx.app, "owner@bistro.test");
    const invited = await manageCall(ctx.app, "POST", "invitations/", owner, { body: { email: "late@bistro.test", role: "staff" } });
    advance(7 * 24 * 60 * MINUTE + 1000);
    const reply = await call<Json>(ctx.app, "POST", `${API}/manage/invitations/accept/`, { body: { token: invited.body.accept_url.split("/").pop(), password: "a lantern by the harbour" } });
    assert.equal(reply.status, 404);
    assert.match(reply.body.message, /does not work any more/);
  });
});
