import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { FIXTURE_FILE, PRODUCT, fulfillmentChoice, httpJson, line, startServiceProcess, type Json } from "./helpers";

/**
 * Payments that survive a restart: a checkout authorised before the service is killed (SIGKILL)
 * or stopped (SIGTERM) is closed after it, since the test processor keeps its authorisations in the
 * database; one left authorised past CHECKOUT_TIMEOUT_MS is released by the sweep at start and its order
 * reopened. Real processes on the engine of the run (DATABASE_URL set: PostgreSQL).
 */
const engine = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const engineEnv: Record<string, string> = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {};

/** An order taken to an authorised checkout through the API, as the site does it. */
async function authorisedCheckout(base: string): Promise<{ id: string; token: string; checkout: string }> {
  const created = await httpJson(base, "POST", "/orders/", { body: { merchant_product: PRODUCT, merchant_location: "loc-main", line_items: [line("fries-regular", "fries", 2)] } });
  assert.equal(created?.status, 201);
  const { id, session_token: token } = created!.body as Json;
  const choice = await fulfillmentChoice(base, id, token);
  const steps: [string, string, unknown][] = [
    ["PUT", `/orders/${id}/customers/`, { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "212-555-0199" }],
    ["PUT", `/orders/${id}/fulfillments/`, choice],
    ["PUT", `/orders/${id}/attributes/`, { tip_percentage: 15 }],
    ["PUT", `/orders/${id}/payment-source/`, { token: "tok_test_visa", provider_id: "test" }],
  ];
  for (const [method, path, body] of steps) {
    const reply = await httpJson(base, method, path, { body, token });
    assert.equal(reply?.status, 200, `${method} ${path}: ${JSON.stringify(reply?.body)}`);
  }
  const started = await httpJson(base, "POST", "/checkouts/", { body: { order_uuid: id }, token });
  assert.equal(started?.status, 200, JSON.stringify(started?.body));
  assert.equal(started!.body.status, "authorized");
  return { id, token, checkout: started!.body.id };
}

async function stop(service: Awaited<ReturnType<typeof startServiceProcess>>, signal: "SIGKILL" | "SIGTERM"): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => service.child.once("exit", (code) => resolve(code)));
  service.child.kill(signal);
  return exited;
}

describe("checkouts across a restart", () => {
  // One data directory through four starts (each start of a service process is the slow part).
  it(`${engine}: checkouts authorised before a SIGTERM and a SIGKILL close after the restart; one left behind is released`, { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mainstreet-restart-"));
    // The rate limits live in the database: on PostgreSQL, files running beside this one count against the same
    // address, and a 429 is not what this test is about.
    const env = { DATA_DIR: join(dataDir, "db"), SITE_DATA: FIXTURE_FILE, PUBLIC_DIR: join(dataDir, "no-site"), RATE_LIMIT_ORDERS_PER_MINUTE: "1000000", ...engineEnv };
    // Every process started is stopped whatever fails: one left running keeps the test file from ever ending.
    const started: Awaited<ReturnType<typeof startServiceProcess>>[] = [];
    const start = async (extra: Record<string, string> = {}) => {
      const service = await startServiceProcess({ ...env, ...extra });
      started.push(service);
      return service;
    };
    const closes = async (base: string, order: { id: string; token: string; checkout: string }) => {
      const closed = await httpJson(base, "POST", `/checkouts/${order.checkout}/close/`, { token: order.token });
      assert.equal(closed?.status, 200, JSON.stringify(closed?.body));
      assert.deepEqual([closed!.body.status, closed!.body.order_status, closed!.body.payment.status], ["closed", "placed", "captured"]);
      assert.equal((await httpJson(base, "GET", `/orders/${order.id}/`, { token: order.token }))?.body.status, "placed");
    };
    try {
      const first = await start();
      const beforeTerm = await authorisedCheckout(first.base);
      assert.equal(await stop(first, "SIGTERM"), 0, "a clean shutdown");

      const second = await start();
      await closes(second.base, beforeTerm);
      const beforeKill = await authorisedCheckout(second.base);
      const leftBehind = await authorisedCheckout(second.base);
      const leftAt = Date.now();
      await stop(second, "SIGKILL");

      const third = await start();
      await closes(third.base, beforeKill);
      await stop(third, "SIGKILL");

      // With a 1-second timeout, the checkout nobody closed is older than it when the service starts: it is
      // released before the first request (wait out what is left of the second, if anything).
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, leftAt + 1_100 - Date.now())));
      const fourth = await start({ CHECKOUT_TIMEOUT_MS: "1000" });
      try {
        const read = await httpJson(fourth.base, "GET", `/orders/${leftBehind.id}/`, { token: leftBehind.token });
        assert.deepEqual([read?.body.status, read?.body.checkout.status, read?.body.checkout.payment_status], ["open", "payment_failed", "voided"]);
        assert.match(read!.body.checkout.failure_message, /^This checkout was not completed within 1 second, so the hold on your card was released/);
        const late = await httpJson(fourth.base, "POST", `/checkouts/${leftBehind.checkout}/close/`, { token: leftBehind.token });
        assert.equal(late?.status, 409);
        assert.equal((await httpJson(fourth.base, "GET", `/orders/${beforeKill.id}/`, { token: beforeKill.token }))?.body.status, "placed", "a placed order is never swept");
      } finally {
        await fourth.kill();
      }
    } finally {
      await Promise.all(started.map((service) => service.kill()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
