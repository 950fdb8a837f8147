import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { recaptchaEnterpriseBotCheck } from "../src/bot-check/bot-check";
import { API, call, createOrder, createTestContext, prepareForCheckout, type Json, type TestContext } from "./helpers";

/**
 * BOT_CHECK=recaptcha-enterprise against an in-process assessment endpoint that behaves like
 * reCAPTCHA Enterprise's `assessments.create`: tokens decide validity, action and score.
 */

const SITE_KEY = "site-key-123";
const tokens: Record<string, { valid: boolean; action?: string; score?: number; invalidReason?: string }> = {
  "human-contact": { valid: true, action: "contact_form", score: 0.9 },
  "human-checkout": { valid: true, action: "start_order_checkout", score: 0.9 },
  "human-close": { valid: true, action: "close_order_checkout", score: 0.9 },
  "human-review": { valid: true, action: "review_form", score: 0.7 },
  "bot-contact": { valid: true, action: "contact_form", score: 0.1 },
  expired: { valid: false, invalidReason: "EXPIRED" },
};

let server: Server;
let assessmentUrl: string;
const requests: Json[] = [];
let ctx: TestContext;

before(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const parsed = JSON.parse(body) as Json;
      requests.push({ url: request.url, ...parsed });
      const verdict = tokens[parsed.event.token] ?? { valid: false, invalidReason: "MALFORMED" };
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify({
          tokenProperties: { valid: verdict.valid, action: verdict.action, invalidReason: verdict.invalidReason },
          riskAnalysis: { score: verdict.score ?? 0 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  assessmentUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/projects/demo/assessments`;
  ctx = await createTestContext({ botCheck: recaptchaEnterpriseBotCheck({ assessmentUrl, siteKey: SITE_KEY, apiKey: "api-key-xyz", minScore: 0.5 }) });
});
after(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const contact = (headers: Record<string, string>) =>
  call<Json>(ctx.app, "POST", `${API}/businesses/restaurants/fixture-bistro/locations/loc-main/email/`, {
    headers,
    body: { contact_name: "Ann", contact_email: "ann@example.com", contact_message: "Hello" },
  });

describe("recaptcha-enterprise bot check", () => {
  const cases: [string, Record<string, string>, number, RegExp | null][] = [
    ["a human token", { "x-recaptcha-token": "human-contact", "x-recaptcha-site-key": SITE_KEY }, 201, null],
    ["no token", { "x-recaptcha-site-key": SITE_KEY }, 403, /x-recaptcha-token header is missing/],
    ["no site key", { "x-recaptcha-token": "human-contact" }, 403, /x-recaptcha-site-key header is missing/],
    ["another site's key", { "x-recaptcha-token": "human-contact", "x-recaptcha-site-key": "other" }, 403, /not this service's site key/],
    ["an expired token", { "x-recaptcha-token": "expired", "x-recaptcha-site-key": SITE_KEY }, 403, /not valid \(EXPIRED\)/],
    ["a token for another action", { "x-recaptcha-token": "human-review", "x-recaptcha-site-key": SITE_KEY }, 403, /made for action "review_form", expected "contact_form"/],
    ["a bot's low score", { "x-recaptcha-token": "bot-contact", "x-recaptcha-site-key": SITE_KEY }, 403, /risk score 0\.1 is below 0\.5/],
  ];
  for (const [name, headers, status, message] of cases) {
    it(`contact form with ${name} → ${status}`, async () => {
      const reply = await contact(headers);
      assert.equal(reply.status, status);
      if (message) assert.match(reply.body.message, message);
    });
  }

  it("sends the token, site key, expected action and API key to the assessment URL", async () => {
    await contact({ "x-recaptcha-token": "human-contact", "x-recaptcha-site-key": SITE_KEY, "user-agent": "test-agent" });
    const last = requests.at(-1);
    assert.equal(last.url, "/v1/projects/demo/assessments?key=api-key-xyz");
    assert.deepEqual(
      { token: last.event.token, siteKey: last.event.siteKey, expectedAction: last.event.expectedAction, userAgent: last.event.userAgent },
      { token: "human-contact", siteKey: SITE_KEY, expectedAction: "contact_form", userAgent: "test-agent" },
    );
  });

  it("checks checkout start and close with their own actions", async () => {
    const order = await createOrder(ctx.app);
    await prepareForCheckout(ctx.app, order);
    const token = order.session_token;
    const noBot = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token, body: { order_uuid: order.id } });
    assert.equal(noBot.status, 403);
    const started = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, {
      token,
      body: { order_uuid: order.id },
      headers: { "x-recaptcha-token": "human-checkout", "x-recaptcha-site-key": SITE_KEY },
    });
    assert.equal(started.status, 200);
    const wrongAction = await call<Json>(ctx.app, "POST", `${API}/checkouts/${started.body.id}/close/`, {
      token,
      headers: { "x-recaptcha-token": "human-checkout", "x-recaptcha-site-key": SITE_KEY },
    });
    assert.equal(wrongAction.status, 403);
    const closed = await call<Json>(ctx.app, "POST", `${API}/checkouts/${started.body.id}/close/`, {
      token,
      headers: { "x-recaptcha-token": "human-close", "x-recaptcha-site-key": SITE_KEY },
    });
    assert.equal(closed.status, 200);
    assert.equal(closed.body.order_status, "placed");
  });

  it("fails closed with a readable 424 when the assessment endpoint is unreachable", async () => {
    const check = recaptchaEnterpriseBotCheck({ assessmentUrl: "http://127.0.0.1:9/assess", siteKey: SITE_KEY, minScore: 0.5, timeoutMs: 2000 });
    await assert.rejects(check.verify({ token: "human-contact", siteKey: SITE_KEY, action: "contact_form" }), (error: Json) => {
      assert.equal(error.statusCode, 424);
      assert.match(error.message, /could not be completed right now; nothing was sent/);
      return true;
    });
  });
});
