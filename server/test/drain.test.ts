import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { API, FIXTURE_FILE, PRODUCT, line, startServiceProcess } from "./helpers";

/**
 * SIGTERM during load: the service finishes what it accepted, answers anything new with a
 * 503 `{ message }` and Connection: close, then stops listening and closes the database. No client
 * connection may be reset, on either engine. Bounded: CLIENTS keep-alive clients run order flows until
 * the service is gone.
 */
const CLIENTS = Number(process.env.DRAIN_CLIENTS ?? 16);
const BEFORE_SIGNAL = Number(process.env.DRAIN_REQUESTS_BEFORE_SIGNAL ?? 120);

type Outcome = { kind: "reply"; status: number; body: unknown } | { kind: "refused" } | { kind: "reset"; message: string };

async function send(base: string, method: string, path: string, body?: unknown, token?: string): Promise<Outcome> {
  try {
    const response = await fetch(`${base}${API}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { kind: "reply", status: response.status, body: text ? JSON.parse(text) : undefined };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    // Refused: the service had stopped listening before this request opened its connection. That is
    // the end of the run for the client, not a lost request.
    if (cause?.code === "ECONNREFUSED") return { kind: "refused" };
    return { kind: "reset", message: `${method} ${path}: ${cause?.code ?? ""} ${cause?.message ?? String(error)}` };
  }
}

// The suite runs once per engine (server/scripts/test.mjs): the service under test uses the same one.
const engines: [string, Record<string, string>][] = process.env.DATABASE_URL ? [["PostgreSQL", { DATABASE_URL: process.env.DATABASE_URL }]] : [["PGlite", {}]];

describe("SIGTERM during load", () => {
  for (const [engine, env] of engines) {
    it(`${engine}: in-flight requests finish, new ones get 503 { message }, no connection is reset, exit 0`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "mainstreet-drain-"));
      const service = await startServiceProcess({
        DATA_DIR: dataDir,
        SITE_DATA: FIXTURE_FILE,
        PUBLIC_DIR: join(dataDir, "no-site"),
        RATE_LIMIT_ORDERS_PER_MINUTE: "1000000",
        SHUTDOWN_TIMEOUT_MS: "15000",
        ...env,
      });
      const outcomes: Outcome[] = [];
      let replies = 0;
      let signalled = false;
      const exited = new Promise<number | null>((resolve) => service.child.once("exit", (code) => resolve(code)));
      const record = (outcome: Outcome) => {
        outcomes.push(outcome);
        if (outcome.kind === "reply") replies += 1;
        if (!signalled && replies >= BEFORE_SIGNAL) {
          signalled = true;
          service.child.kill("SIGTERM");
        }
        return outcome;
      };

      const client = async () => {
        // A client stops at its first refused connection or 503: the service is going away.
        for (;;) {
          const created = record(await send(service.base, "POST", "/orders/", { merchant_product: PRODUCT, merchant_location: "loc-main", line_items: [line("fries-regular", "fries")] }));
          if (created.kind !== "reply" || created.status !== 201) return;
          const order = created.body as { id: string; session_token: string };
          const read = record(await send(service.base, "GET", `/orders/${order.id}/`, undefined, order.session_token));
          if (read.kind !== "reply" || read.status !== 200) return;
          const customer = record(await send(service.base, "PUT", `/orders/${order.id}/customers/`, { first_name: "Sam", last_name: "Lee", email: "sam@example.com", phone: "212-555-0100" }, order.session_token));
          if (customer.kind !== "reply" || customer.status !== 200) return;
        }
      };

      try {
        await Promise.all(Array.from({ length: CLIENTS }, client));
        const code = await exited;
        const resets = outcomes.filter((outcome) => outcome.kind === "reset");
        const statuses = new Map<number, number>();
        for (const outcome of outcomes) if (outcome.kind === "reply") statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        console.log(
          `drain on ${engine}: ${outcomes.length} requests, statuses ${[...statuses.entries()].map(([status, count]) => `${status}×${count}`).join(", ")}, ` +
            `${outcomes.filter((outcome) => outcome.kind === "refused").length} refused after close, ${resets.length} reset`,
        );
        assert.ok(signalled, "the load reached the signal");
        assert.deepEqual(resets, [], `no connection is reset (exit ${code}; stderr: ${service.stderr().slice(0, 2000)})`);
        assert.deepEqual(
          [...statuses.keys()].filter((status) => ![200, 201, 503].includes(status)),
          [],
          "every reply is a success or the drain's 503",
        );
        for (const outcome of outcomes) {
          if (outcome.kind === "reply" && outcome.status === 503) assert.deepEqual(outcome.body, { message: "The service is restarting: try again in a moment" });
        }
        assert.equal(code, 0, `exit code 0; stderr: ${service.stderr()}`);
      } finally {
        await service.kill();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
