import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { FIXTURE_FILE, PRODUCT, fulfillmentChoice, httpJson, line, startServiceProcess, type Json } from "./helpers";

/**
 * Crash test: SIGKILL the service in the middle of a load of order flows, several
 * times, restart it on the same database, and check that
 * - every acknowledged order is there with exactly its acknowledged lines and consistent totals: every
 *   mutating call carries an Idempotency-Key, and a call left without an answer by a kill is retried with
 *   the same key after the restart, so it acts once whether or not it had committed (half the visitors
 *   leave instead; their last unanswered add may have acted, at most once);
 * - every checkout acknowledged as closed is placed;
 * - no checkout is stranded: after the last restart (CHECKOUT_TIMEOUT_MS short) and its sweep, no order
 *   is left in checkout, whether the kill fell between checkout start and close or not.
 *
 * Bounded and seeded by count: CRASH_KILLS kills (2 in `npm test`, 10 in `npm run test:reliability`),
 * each after CRASH_ACKS_PER_ROUND acknowledged requests from CRASH_CLIENTS clients.
 */
const KILLS = Number(process.env.CRASH_KILLS ?? 2);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 8);
const ACKS_PER_ROUND = Number(process.env.CRASH_ACKS_PER_ROUND ?? 60);
/** The final restart releases checkouts older than this. */
const SWEEP_TIMEOUT_MS = 1_000;

interface TrackedOrder {
  id: string;
  token: string;
  lines: number;
  /** A request of this order got no answer and was never sent again: it may or may not have acted. */
  abandoned: boolean;
  customer: boolean;
  checkout?: string;
  placed: boolean;
}

/** A request that got no answer (the service died under it), to be sent again with the same key. */
interface Pending {
  method: string;
  path: string;
  body?: unknown;
  key: string;
  token?: string;
}

type Answer = { status: number; body: Json };

const engines: [string, Record<string, string>][] = process.env.DATABASE_URL ? [["PostgreSQL", { DATABASE_URL: process.env.DATABASE_URL }]] : [["PGlite", {}]];

/**
 * One visitor: orders, adds lines, sets everything checkout needs, starts the checkout and closes it,
 * again and again. After a kill a visitor who `retries` first sends again the request that got no answer,
 * with the same key; the others leave it (a closed tab) and start a new order, so a checkout started just
 * before the kill stays authorised until the sweep releases it.
 */
class Client {
  order: TrackedOrder | null = null;
  /** How far the order has got: 0 created, then one per request of `next`. */
  step = 0;
  pending: Pending | null = null;

  constructor(
    private readonly acknowledged: Map<string, TrackedOrder>,
    readonly retries: boolean,
  ) {}

  /** After a kill: a visitor who does not retry leaves the unanswered request and its order behind. */
  leave(): void {
    if (this.pending && !this.retries) {
      if (this.order) this.order.abandoned = true;
      this.pending = null;
      this.order = null;
    }
  }

  /** Runs until `alive` says stop or the service dies under a request; `ack` counts acknowledged requests. */
  async run(base: string, ack: () => void, alive: () => boolean): Promise<void> {
    for (;;) {
      const request = this.pending ?? (alive() ? await this.next(base) : null);
      if (!request) return;
      const answer = await this.send(base, request);
      if (!answer) {
        this.pending = request;
        return;
      }
      this.pending = null;
      if (this.apply(request, answer)) ack();
      else this.order = null;
    }
  }

  /** Sends a keyed request; 409 "still running" (a claim a kill left behind) is retried after its Retry-After. */
  private async send(base: string, request: Pending): Promise<Answer | null> {
    for (let tries = 0; tries < 30; tries += 1) {
      const answer = await httpJson(base, request.method, request.path, { body: request.body, token: request.token, headers: { "idempotency-key": request.key } });
      if (!answer || answer.status !== 409 || !/still being processed/.test(String(answer.body?.message))) return answer;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    throw new Error(`${request.method} ${request.path}: still running after 30 s`);
  }

  /** The order's next request, or null when the service did not answer the slots read it needs. */
  private async next(base: string): Promise<Pending | null> {
    const key = randomUUID();
    const order = this.order;
    if (!order) return { method: "POST", path: "/orders/", body: { merchant_product: PRODUCT, merchant_location: "loc-main", line_items: [line("fries-regular", "fries")] }, key };
    const token = order.token;
    switch (this.step) {
      case 0:
        return { method: "POST", path: `/orders/${order.id}/items/`, body: { line_items: [line("burger-single", "burger", 1, ["mod-rare"])] }, key, token };
      case 1:
        return { method: "POST", path: `/orders/${order.id}/items/`, body: { line_items: [line("fries-regular", "fries", 2)] }, key, token };
      case 2:
        return { method: "PUT", path: `/orders/${order.id}/customers/`, body: { first_name: "Sam", last_name: "Lee", email: "sam@example.com", phone: "212-555-0100" }, key, token };
      case 3: {
        // Pickup as a visitor would choose it with the real clock: as soon as possible, else the first time.
        const choice = await fulfillmentChoice(base, order.id, token);
        return choice ? { method: "PUT", path: `/orders/${order.id}/fulfillments/`, body: choice, key, token } : null;
      }
      case 4:
        return { method: "PUT", path: `/orders/${order.id}/attributes/`, body: { tip_percentage: 10 }, key, token };
      case 5:
        return { method: "PUT", path: `/orders/${order.id}/payment-source/`, body: { token: "tok_test_visa", provider_id: "test" }, key, token };
      case 6:
        return { method: "POST", path: "/checkouts/", body: { order_uuid: order.id }, key, token };
      default:
        return { method: "POST", path: `/checkouts/${order.checkout}/close/`, key, token };
    }
  }

  /** Records an answer; false when the order cannot go on (the client then starts a new one). */
  private apply(request: Pending, answer: Answer): boolean {
    if (answer.status >= 300) return false;
    if (request.path === "/orders/") {
      this.order = { id: answer.body.id, token: answer.body.session_token, lines: 1, abandoned: false, customer: false, placed: false };
      this.acknowledged.set(this.order.id, this.order);
      this.step = 0;
      return true;
    }
    const order = this.order as TrackedOrder;
    if (request.path.endsWith("/items/")) order.lines += 1;
    if (request.path.endsWith("/customers/")) order.customer = true;
    if (request.path === "/checkouts/") order.checkout = answer.body.id;
    if (request.path.endsWith("/close/")) {
      order.placed = answer.body.order_status === "placed";
      this.order = null;
      return true;
    }
    this.step += 1;
    return true;
  }
}

describe("SIGKILL during load, then restart", () => {
  for (const [engine, env] of engines) {
    it(`${engine}: every acknowledged order and line survives ${KILLS} kills, retried requests act once, no checkout is stranded`, { timeout: 900_000 }, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "mainstreet-crash-"));
      const serviceEnv = { DATA_DIR: join(dataDir, "db"), SITE_DATA: FIXTURE_FILE, PUBLIC_DIR: join(dataDir, "no-site"), RATE_LIMIT_ORDERS_PER_MINUTE: "1000000", ...env };
      const acknowledged = new Map<string, TrackedOrder>();
      const clients = Array.from({ length: CLIENTS }, (_, index) => new Client(acknowledged, index % 2 === 0));
      let requests = 0;
      let retried = 0;
      let killedAt = 0;
      try {
        for (let round = 0; round < KILLS; round += 1) {
          const service = await startServiceProcess(serviceEnv);
          let acks = 0;
          let killed = false;
          const exited = new Promise((resolve) => service.child.once("exit", resolve));
          const ack = () => {
            requests += 1;
            acks += 1;
            if (!killed && acks >= ACKS_PER_ROUND) {
              killed = true;
              killedAt = Date.now();
              service.child.kill("SIGKILL");
            }
          };
          for (const client of clients) client.leave();
          retried += clients.filter((client) => client.pending).length;
          await Promise.all(clients.map((client) => client.run(service.base, ack, () => !killed)));
          await exited;
        }

        // The last restart sweeps checkouts older than SWEEP_TIMEOUT_MS: the kill must be that old first.
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, killedAt + SWEEP_TIMEOUT_MS + 100 - Date.now())));
        const service = await startServiceProcess({ ...serviceEnv, CHECKOUT_TIMEOUT_MS: String(SWEEP_TIMEOUT_MS) });
        try {
          // Requests the last kill left without an answer are retried with their keys, as a visitor's page
          // would, and a checkout they started is closed; the visitors who leave leave theirs to the sweep.
          for (const client of clients) client.leave();
          for (const client of clients.filter((candidate) => candidate.pending)) {
            retried += 1;
            await client.run(service.base, () => undefined, () => client.order?.checkout !== undefined);
            if (client.pending) throw new Error("a retried request got no answer from a running service");
          }
          const problems: string[] = [];
          let placedFound = 0;
          let stranded = 0;
          let released = 0;
          for (const order of acknowledged.values()) {
            const read = await httpJson(service.base, "GET", `/orders/${order.id}/`, { token: order.token });
            if (!read || read.status !== 200) {
              problems.push(`${order.id}: acknowledged, then ${read ? read.status : "no answer"} after restart`);
              continue;
            }
            const lines = read.body.line_items as { total_price_cents: number }[];
            // Every add carried a key and every unanswered one was retried with it: exactly the acknowledged
            // lines, unless the visitor left an unanswered add behind (then it may have acted once).
            const most = order.abandoned ? order.lines + 1 : order.lines;
            if (lines.length < order.lines || lines.length > most) problems.push(`${order.id}: ${order.lines} lines acknowledged${order.abandoned ? " (one more possible)" : ""}, ${lines.length} stored`);
            if (order.customer && !read.body.customer) problems.push(`${order.id}: customer acknowledged, missing after restart`);
            const sum = lines.reduce((total, entry) => total + entry.total_price_cents, 0);
            if (read.body.totals.subtotal_cents !== sum) problems.push(`${order.id}: subtotal ${read.body.totals.subtotal_cents} but lines sum to ${sum}`);
            if (order.placed && read.body.status !== "placed") problems.push(`${order.id}: close acknowledged, order ${read.body.status}`);
            if (read.body.status === "placed") placedFound += 1;
            if (read.body.status === "checkout") stranded += 1;
            if (read.body.checkout?.payment_status === "voided") released += 1;
          }
          const placedAcknowledged = [...acknowledged.values()].filter((order) => order.placed).length;
          console.log(
            `crash on ${engine}: ${KILLS} kills, ${requests} acknowledged requests, ${retried} retried after a kill; orders acknowledged ${acknowledged.size}, found ${acknowledged.size - problems.filter((problem) => problem.includes("after restart")).length}; placed acknowledged ${placedAcknowledged}, placed found ${placedFound}; checkouts released by the sweep ${released}; stranded checkouts ${stranded}; ${problems.length} problems`,
          );
          assert.ok(acknowledged.size >= KILLS, "every round acknowledged orders");
          assert.deepEqual(problems, []);
          assert.equal(stranded, 0, "no order left in checkout after the restart's sweep");
          assert.ok(placedFound >= placedAcknowledged);
        } finally {
          await service.kill();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
