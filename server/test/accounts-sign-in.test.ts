import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { PasswordResetReplySchema, SessionReplySchema, SessionStatusReplySchema, SignInBrandReplySchema } from "@mainstreet/rules/api/manage-api";
import { attemptRules, waitUntil } from "../src/accounts/sign-in-limits";
import { API, FIXTURE_FILE, MERCHANT_PASSWORD, SECOND_BUSINESS_FILE, createMerchant, createTestContext, manageCall, signIn, type Json, type Reply, type TestContext } from "./helpers";

/**
 * Signing in safely, on both engines: failed sign-ins slow guessing down per email and per client
 * address without locking the real person out of a browser they signed in from; a forgotten password is
 * reset by a mailed single-use link; and what a signed-out workspace asks (am I signed in, whose is this)
 * is answered 200. The service's clock is the test's, pinned and moved by hand.
 */

let now = new Date("2030-06-04T16:00:00.000Z");
const clock = () => now;
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
const MINUTE = 60_000;
const NEW_PASSWORD = "a lantern by the harbour";

let ctx: TestContext;

before(async () => {
  ctx = await createTestContext({ clock, env: { LOGIN_FAILURES_PER_EMAIL: "10" } });
});
after(() => ctx.close());

interface From {
  address: string;
  /** The device cookie a browser holds (its value), if any. */
  device?: string | null;
  cookie?: string;
}

async function post(path: string, body: unknown, from: From, context: TestContext = ctx): Promise<Reply<Json>> {
  const cookies = [from.device ? `mainstreet_device=${from.device}` : null, from.cookie ? `mainstreet_session=${from.cookie}` : null].filter(Boolean);
  const response = await context.app.inject({
    method: "POST",
    url: `${API}/manage/${path}`,
    remoteAddress: from.address,
    headers: { "content-type": "application/json", ...(cookies.length > 0 ? { cookie: cookies.join("; ") } : {}) },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, headers: response.headers, body: response.body ? JSON.parse(response.body) : undefined };
}

const signInFrom = (email: string, password: string, from: From, context: TestContext = ctx) => post("session/", { email, password }, from, context);

/** A cookie's value among the reply's Set-Cookie headers. */
function cookieOf(reply: Reply<Json>, name: string): string | null {
  const raw = reply.headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)];
  for (const value of list) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(value);
    if (match) return match[1];
  }
  return null;
}

describe("slowing down guessing", () => {
  it("the limits grow: free failures, then waits doubling from 1 minute to at most an hour, forgotten after a day", () => {
    const rule = attemptRules(10).email;
    const at = new Date("2030-01-01T12:00:00Z");
    const cases: [number, number, number | null][] = [
      // attempts counted, minutes since the last one, minutes still to wait
      [9, 0, null],
      [10, 0, 1],
      [10, 1, null],
      [11, 0, 2],
      [12, 3, 1],
      [15, 0, 32],
      [16, 0, 60],
      [40, 59, 1],
      [40, 24 * 60, null],
    ];
    for (const [attempts, since, wait] of cases) {
      const until = waitUntil({ attempts, lastAt: new Date(at.getTime() - since * MINUTE) }, rule, at);
      assert.equal(until === null ? null : (until.getTime() - at.getTime()) / MINUTE, wait, `${attempts} attempts, ${since} min ago`);
    }
    assert.equal(attemptRules(10).address.free, 20);
  });

  it("ten wrong passwords from address A do not stop the owner signing in from a browser they signed in from before", async () => {
    await createMerchant(ctx.db, { email: "owner@bistro.test" });
    const first = await signInFrom("owner@bistro.test", MERCHANT_PASSWORD, { address: "198.51.100.7" });
    assert.equal(first.status, 200);
    const device = cookieOf(first, "mainstreet_device");
    assert.ok(device);
    const { rows } = await ctx.db.query<{ token_hash: string }>("SELECT token_hash FROM merchant_devices");
    assert.deepEqual(
      rows.map((row) => row.token_hash),
      [createHash("sha256").update(device.split(".")[0]).digest("hex")],
      "only the token's SHA-256 is stored",
    );

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) statuses.push((await signInFrom("owner@bistro.test", `guess number ${attempt} of many`, { address: "203.0.113.1" })).status);
    assert.deepEqual(statuses, [...Array(10).fill(401), 429, 429]);

    // The owner's browser, from home and even from the attacker's address.
    assert.equal((await signInFrom("owner@bistro.test", MERCHANT_PASSWORD, { address: "198.51.100.7", device })).status, 200);
    assert.equal((await signInFrom("owner@bistro.test", MERCHANT_PASSWORD, { address: "203.0.113.1", device })).status, 200);

    // A new browser waits, and is told so in words meant for the owner.
    const elsewhere = await signInFrom("owner@bistro.test", MERCHANT_PASSWORD, { address: "192.0.2.50" });
    assert.equal(elsewhere.status, 429);
    assert.deepEqual(elsewhere.body, { message: "Too many attempts from this device. Try again in 1 minute, or reset your password.", detail: { retry_after_seconds: 60 } });
    assert.doesNotMatch(elsewhere.body.message, /owner|invite/i);
  });

  it("throttles an unknown browser per email with growing waits, and forgets after a day", async () => {
    await createMerchant(ctx.db, { email: "target@bistro.test" });
    const addresses = (n: number) => `198.18.0.${n}`;
    for (let attempt = 0; attempt < 10; attempt += 1) assert.equal((await signInFrom("target@bistro.test", "wrong but long enough", { address: addresses(attempt) })).status, 401);
    const waits: string[] = [];
    for (const step of [1, 2, 4]) {
      const refused = await signInFrom("target@bistro.test", MERCHANT_PASSWORD, { address: addresses(20 + step) });
      assert.equal(refused.status, 429);
      waits.push(refused.body.message);
      advance(step * MINUTE);
      assert.equal((await signInFrom("target@bistro.test", "wrong but long enough", { address: addresses(30 + step) })).status, 401);
    }
    assert.deepEqual(waits, [1, 2, 4].map((minutes) => `Too many attempts from this device. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or reset your password.`));
    assert.equal((await signInFrom("target@bistro.test", MERCHANT_PASSWORD, { address: addresses(40) })).status, 429);
    advance(24 * 60 * MINUTE);
    const later = await signInFrom("target@bistro.test", MERCHANT_PASSWORD, { address: addresses(41) });
    assert.equal(later.status, 200);
  });

  it("throttles one client address trying many emails, and not other addresses", async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) assert.equal((await signInFrom(`nobody${attempt}@bistro.test`, "wrong but long enough", { address: "203.0.113.99" })).status, 401);
    await createMerchant(ctx.db, { email: "clerk@bistro.test", role: "staff" });
    assert.equal((await signInFrom("clerk@bistro.test", MERCHANT_PASSWORD, { address: "203.0.113.99" })).status, 429);
    assert.equal((await signInFrom("clerk@bistro.test", MERCHANT_PASSWORD, { address: "203.0.113.100" })).status, 200);
  });

  it("trusts no forged device cookie, and counts in the database, so another replica refuses too", async () => {
    await createMerchant(ctx.db, { email: "forged@bistro.test" });
    const genuine = cookieOf(await signInFrom("forged@bistro.test", MERCHANT_PASSWORD, { address: "192.0.2.1" }), "mainstreet_device") as string;
    const forged = `${genuine.split(".")[0]}.${"A".repeat(43)}`;
    for (let attempt = 0; attempt < 10; attempt += 1) await signInFrom("forged@bistro.test", "wrong but long enough", { address: `192.0.2.${10 + attempt}`, device: forged });
    assert.equal((await signInFrom("forged@bistro.test", MERCHANT_PASSWORD, { address: "192.0.2.30", device: forged })).status, 429);
    const replica = await createTestContext({ clock, db: ctx.db, env: { LOGIN_FAILURES_PER_EMAIL: "10" } });
    try {
      assert.equal((await signInFrom("forged@bistro.test", MERCHANT_PASSWORD, { address: "192.0.2.31" }, replica)).status, 429);
      assert.equal((await signInFrom("forged@bistro.test", MERCHANT_PASSWORD, { address: "192.0.2.31", device: genuine }, replica)).status, 200);
    } finally {
      await replica.close();
    }
  });

  it("limits a known browser's own failures too", async () => {
    await createMerchant(ctx.db, { email: "kiosk@bistro.test", role: "staff" });
    const device = cookieOf(await signInFrom("kiosk@bistro.test", MERCHANT_PASSWORD, { address: "192.0.2.200" }), "mainstreet_device") as string;
    for (let attempt = 0; attempt < 10; attempt += 1) assert.equal((await signInFrom("kiosk@bistro.test", "wrong but long enough", { address: "192.0.2.200", device })).status, 401);
    assert.equal((await signInFrom("kiosk@bistro.test", MERCHANT_PASSWORD, { address: "192.0.2.200", device })).status, 429);
    // Its failures are its own: the same account signs in from another browser.
    assert.equal((await signInFrom("kiosk@bistro.test", MERCHANT_PASSWORD, { address: "192.0.2.201" })).status, 200);
  });
});

describe("resetting a forgotten password", () => {
  const home = { address: "198.51.100.50" };
  const mailsTo = async (email: string) =>
    (await ctx.db.query<{ subject: string; body: string }>("SELECT subject, body FROM outbox WHERE mail_to = $1::jsonb AND subject LIKE 'Set a new password%' ORDER BY created_at", [JSON.stringify([email])])).rows;
  const tokenIn = (body: string) => /#\/reset\/([A-Za-z0-9_-]{43})$/m.exec(body)?.[1] as string;

  it("mails a single-use link, stores it hashed, sets the password, ends every other session and signs in", async () => {
    await createMerchant(ctx.db, { email: "forgetful@bistro.test" });
    const phone = await signIn(ctx.app, "forgetful@bistro.test");
    const tablet = await signIn(ctx.app, "forgetful@bistro.test");
    const asked = await post("password-reset/", { email: "Forgetful@Bistro.test" }, home);
    assert.equal(asked.status, 202);
    PasswordResetReplySchema.parse(asked.body);
    const [mail] = await mailsTo("forgetful@bistro.test");
    assert.equal(mail.subject, "Set a new password for the Fixture Bistro workspace");
    const token = tokenIn(mail.body);
    assert.ok(token, mail.body);
    assert.ok(mail.body.includes(`http://localhost:80/manage/#/reset/${token}`), mail.body);
    const { rows } = await ctx.db.query<{ token_hash: string }>("SELECT token_hash FROM merchant_password_resets");
    assert.ok(rows.some((row) => row.token_hash === createHash("sha256").update(token).digest("hex")));
    assert.ok(rows.every((row) => row.token_hash !== token));

    const weak = await post("password-reset/complete/", { token, password: "password1234" }, home);
    assert.equal(weak.status, 422);
    const done = await post("password-reset/complete/", { token, password: NEW_PASSWORD }, home);
    assert.equal(done.status, 200, JSON.stringify(done.body));
    SessionReplySchema.parse(done.body);
    assert.ok(cookieOf(done, "mainstreet_session"));
    assert.ok(cookieOf(done, "mainstreet_device"));
    assert.equal((await manageCall(ctx.app, "GET", "session/", phone)).status, 401);
    assert.equal((await manageCall(ctx.app, "GET", "session/", tablet)).status, 401);
    assert.equal((await signInFrom("forgetful@bistro.test", MERCHANT_PASSWORD, home)).status, 401);
    assert.equal((await signInFrom("forgetful@bistro.test", NEW_PASSWORD, home)).status, 200);

    const reused = await post("password-reset/complete/", { token, password: "another lantern by the sea" }, home);
    assert.equal(reused.status, 404);
    assert.match(reused.body.message, /^This link to set a new password no longer works/);
  });

  it("refuses a link more than an hour old, and an older link once a newer one was sent", async () => {
    await createMerchant(ctx.db, { email: "late@bistro.test" });
    await post("password-reset/", { email: "late@bistro.test" }, home);
    advance(60 * MINUTE + 1000);
    const expired = await post("password-reset/complete/", { token: tokenIn((await mailsTo("late@bistro.test"))[0].body), password: NEW_PASSWORD }, home);
    assert.equal(expired.status, 404);
    await post("password-reset/", { email: "late@bistro.test" }, home);
    await post("password-reset/", { email: "late@bistro.test" }, home);
    const [, older, newer] = await mailsTo("late@bistro.test");
    assert.equal((await post("password-reset/complete/", { token: tokenIn(older.body), password: NEW_PASSWORD }, home)).status, 404);
    assert.equal((await post("password-reset/complete/", { token: tokenIn(newer.body), password: NEW_PASSWORD }, home)).status, 200);
  });

  it("answers an address without an account the same, mails nothing, and mails one address at most three times an hour", async () => {
    await createMerchant(ctx.db, { email: "often@bistro.test" });
    const known = await post("password-reset/", { email: "often@bistro.test" }, home);
    const unknown = await post("password-reset/", { email: "stranger@bistro.test" }, home);
    assert.deepEqual([unknown.status, unknown.body], [known.status, known.body]);
    assert.equal((await mailsTo("stranger@bistro.test")).length, 0);
    for (let ask = 0; ask < 3; ask += 1) assert.deepEqual((await post("password-reset/", { email: "often@bistro.test" }, home)).body, known.body);
    assert.equal((await mailsTo("often@bistro.test")).length, 3);
    advance(61 * MINUTE);
    await post("password-reset/", { email: "often@bistro.test" }, home);
    assert.equal((await mailsTo("often@bistro.test")).length, 4);
  });

  it("lets the owner in after a reset even while guessing elsewhere holds the address", async () => {
    await createMerchant(ctx.db, { email: "besieged@bistro.test" });
    for (let attempt = 0; attempt < 11; attempt += 1) await signInFrom("besieged@bistro.test", "wrong but long enough", { address: `203.0.113.${150 + attempt}` });
    assert.equal((await signInFrom("besieged@bistro.test", MERCHANT_PASSWORD, home)).status, 429);
    await post("password-reset/", { email: "besieged@bistro.test" }, home);
    const done = await post("password-reset/complete/", { token: tokenIn((await mailsTo("besieged@bistro.test"))[0].body), password: NEW_PASSWORD }, home);
    assert.equal(done.status, 200);
    assert.equal((await signInFrom("besieged@bistro.test", NEW_PASSWORD, { ...home, device: cookieOf(done, "mainstreet_device") })).status, 200);
  });

  for (const [body, message] of [
    [{}, /body\.email/],
    [{ email: "nobody" }, /body\.email/],
    [{ email: "a@b.co", extra: 1 }, /unexpected field "extra"/],
  ] as const) {
    it(`refuses a malformed request ${JSON.stringify(body)} with 400 or 422`, async () => {
      const reply = await post("password-reset/", body, home);
      assert.ok([400, 422].includes(reply.status), String(reply.status));
      assert.match(reply.body.message, message);
    });
  }
});

describe("what a signed-out workspace asks", () => {
  const status = (headers: Record<string, string> = {}) => ctx.app.inject({ method: "GET", url: `${API}/manage/session/status/`, headers });

  it("answers 200 whether or not the browser is signed in, and clears an ended session's cookie", async () => {
    const out = await status();
    assert.equal(out.statusCode, 200);
    assert.deepEqual(out.json(), { signed_in: false });
    await createMerchant(ctx.db, { email: "status@bistro.test" });
    const merchant = await signIn(ctx.app, "status@bistro.test");
    const signedIn = SessionStatusReplySchema.parse((await status({ cookie: `mainstreet_session=${merchant.cookie}` })).json());
    assert.ok(signedIn.signed_in);
    assert.equal(signedIn.user.email, "status@bistro.test");
    assert.equal(signedIn.csrf_token, merchant.csrf);
    await manageCall(ctx.app, "DELETE", "session/", merchant);
    const ended = await status({ cookie: `mainstreet_session=${merchant.cookie}` });
    assert.equal(ended.statusCode, 200);
    assert.deepEqual(ended.json(), { signed_in: false });
    assert.match(String(ended.headers["set-cookie"]), /^mainstreet_session=; Max-Age=0/);
  });

  it("names the business and its logo, cacheably and nothing else, when the service serves one", async () => {
    const restaurant = await createTestContext({ clock, catalogFiles: [SECOND_BUSINESS_FILE] });
    try {
      const brand = await restaurant.app.inject({ method: "GET", url: `${API}/manage/brand/` });
      assert.equal(brand.statusCode, 200);
      assert.equal(brand.headers["cache-control"], "public, max-age=300");
      assert.deepEqual(SignInBrandReplySchema.parse(brand.json()), {
        business: { name: "Osteria Vela", logo: { path: "manage/brand/logo", alt: "Osteria Vela logo: a red sun with a wave, beside the word Vela" } },
      });
      const logo = await restaurant.app.inject({ method: "GET", url: `${API}/manage/brand/logo` });
      assert.equal(logo.statusCode, 200);
      assert.equal(logo.headers["content-type"], "image/png");
      assert.equal(logo.headers["cache-control"], "public, max-age=300");
      assert.deepEqual([...logo.rawPayload.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join(""), "PNG");
    } finally {
      await restaurant.close();
    }
    // The fixture has no logo.
    assert.deepEqual((await ctx.app.inject({ method: "GET", url: `${API}/manage/brand/` })).json(), { business: { name: "Fixture Bistro", logo: null } });
    assert.equal((await ctx.app.inject({ method: "GET", url: `${API}/manage/brand/logo` })).statusCode, 404);
  });

  it("names no business when the service serves several", async () => {
    const both = await createTestContext({ clock, catalogFiles: [FIXTURE_FILE, SECOND_BUSINESS_FILE] });
    try {
      assert.deepEqual((await both.app.inject({ method: "GET", url: `${API}/manage/brand/` })).json(), { business: null });
    } finally {
      await both.close();
    }
  });
});
