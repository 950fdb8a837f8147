import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { IDEMPOTENCY_KEY_HEADER } from "@mainstreet/rules/api/idempotency";
import { SESSION_COOKIE } from "@mainstreet/rules/api/manage-api";
import { openDb, type Db } from "../src/db/db";
import { applyMigrations } from "../src/db/migrate";
import { insertMail } from "../src/mail/outbox.store";
import { API, FIXED_NOW, FIXTURE_BUSINESS, FIXTURE_FILE, PRODUCT, createMerchant, httpJson, line, MERCHANT_PASSWORD, startServiceProcess, type Json } from "./helpers";
import { startSmtpPeer } from "./smtp-peer";
import { connectSse } from "./sse-client";

/**
 * Two service processes on one PostgreSQL, as two replicas behind a load balancer (docs/api.md): what one
 * hears the other's workspace streams hear, a limit counted on one holds on the other, mail queued once is
 * sent once however many replicas flush the outbox, and a replica stopped under load loses no order it
 * acknowledged while clients retry on the other. (The reminder's once-only claim between two senders on
 * two connections is `appointments.test.ts` "the reminder".)
 */
const DATABASE_URL = process.env.DATABASE_URL;
const ONE_PROCESS = "two replicas need PostgreSQL: PGlite's data directory belongs to one process";
const QUEUED_MAILS = 30;

type Service = Awaited<ReturnType<typeof startServiceProcess>>;
/** One call to a replica: its reply, or null when the connection failed (the replica is going or gone). */
const send = httpJson;

async function expectOk(outcome: ReturnType<typeof httpJson>, what: string): Promise<Json> {
  const result = await outcome;
  assert.ok(result !== null && result.status < 300, `${what}: ${JSON.stringify(result)}`);
  return result.body;
}

/** A whole order through one replica's HTTP API, placed (created, prepared, checked out, closed). */
async function placeOrderThrough(base: string): Promise<{ id: string; closedAt: number }> {
  const created = await expectOk(send(base, "POST", "/orders/", { body: { merchant_product: PRODUCT, merchant_location: "loc-main", line_items: [line("fries-regular", "fries")] } }), "create");
  const token: string = created.session_token;
  const steps: [string, unknown][] = [
    ["customers/", { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "212-555-0199" }],
    ["fulfillments/", { method: "pickup" }],
    ["attributes/", { tip_percentage: 15, instructions: "" }],
    ["payment-source/", { token: "tok_test_visa", provider_id: "test", default: false }],
  ];
  for (const [path, body] of steps) await expectOk(send(base, "PUT", `/orders/${created.id}/${path}`, { body, token }), path);
  const checkout = await expectOk(send(base, "POST", "/checkouts/", { body: { order_uuid: created.id }, token }), "checkout");
  const closing = send(base, "POST", `/checkouts/${checkout.id}/close/`, { token });
  const closedAt = Date.now();
  await expectOk(closing, "close");
  return { id: created.id, closedAt };
}

describe("two replicas on one PostgreSQL", { skip: !DATABASE_URL && ONE_PROCESS }, () => {
  let db: Db;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let a: Service;
  let b: Service;
  let dir: string;
  const run = randomUUID().slice(0, 8);
  const queued: string[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "mainstreet-replicas-"));
    db = await openDb({ databaseUrl: DATABASE_URL as string });
    await applyMigrations(db);
    smtp = await startSmtpPeer();
    // Queued while no replica could send (SMTP down): both replicas flush the outbox when they start.
    for (let index = 0; index < QUEUED_MAILS; index += 1) {
      const id = randomUUID();
      queued.push(id);
      await insertMail(db, id, { from: "shop@example.com", to: [`guest${index}@example.com`], subject: `Replicas ${run} #${index}`, text: "Your table is ready." }, null);
    }
    const env = {
      DATABASE_URL: DATABASE_URL as string,
      SITE_DATA: FIXTURE_FILE,
      PUBLIC_DIR: join(dir, "no-site"),
      SITES_DIR: join(dir, "sites"),
      DATA_DIR: join(dir, "data"),
      PUBLISH_WORKER: "off",
      SMTP_URL: smtp.url,
      TRUST_PROXY: "true",
      RATE_LIMIT_FORMS_PER_MINUTE: "3",
      RATE_LIMIT_ORDERS_PER_MINUTE: "1000000",
      SHUTDOWN_TIMEOUT_MS: "15000",
      // A Tuesday afternoon in New York, when the fixture is open for orders; it runs on in real time.
      TEST_CLOCK_START: FIXED_NOW.toISOString(),
    };
    [a, b] = await Promise.all([startServiceProcess(env), startServiceProcess(env)]);
  });

  after(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await smtp?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("an order placed through B reaches a workspace stream on A within a second", async () => {
    const email = `owner-${run}@bistro.test`;
    await createMerchant(db, { businessId: FIXTURE_BUSINESS, email, role: "owner" });
    const signIn = await fetch(`${a.base}${API}/manage/session/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: MERCHANT_PASSWORD }) });
    assert.equal(signIn.status, 200);
    const cookie = signIn.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
    assert.ok(cookie, "a session cookie");
    const stream = await connectSse(`${a.base}${API}/manage/orders/stream/`, { cookie: cookie.split(";")[0] });
    try {
      assert.equal(stream.status, 200);
      await stream.next((event) => event.event === "ready");
      const order = await placeOrderThrough(b.base);
      const heard = await stream.next((event) => event.event === "order" && JSON.parse(event.data).id === order.id);
      const elapsed = Date.now() - order.closedAt;
      console.log(`an order placed through B was heard on A's stream ${elapsed} ms after its checkout closed`);
      assert.equal(JSON.parse(heard.data).status, "placed");
      assert.ok(elapsed < 1000, `within a second (${elapsed} ms)`);
    } finally {
      stream.close();
    }
  });

  it("a limit reached through A holds on B", async () => {
    // One client address of this run's own, so other runs' counts never meet it.
    const client = { "x-forwarded-for": `198.51.100.${1 + (Number.parseInt(run.slice(0, 2), 16) % 250)}` };
    const contact = (service: Service) =>
      send(service.base, "POST", "/businesses/restaurants/fixture-bistro/locations/loc-main/email/", {
        body: { contact_name: "A", contact_email: "a@example.com", contact_message: `Replicas ${run}` },
        headers: client,
      }).then((outcome) => outcome?.status ?? "no answer");
    assert.deepEqual([await contact(a), await contact(a), await contact(a)], [201, 201, 201]);
    assert.equal(await contact(b), 429, "the fourth message of the minute, through the other replica");
  });

  it("mail queued once is sent once, though both replicas flush the outbox", async () => {
    const pending = async () => (await db.query<{ count: number }>("SELECT count(*)::int AS count FROM outbox WHERE id = ANY($1::uuid[]) AND status <> 'sent'", [queued])).rows[0].count;
    // Each replica flushes at start and then every minute; wait for the rows to be marked, not for a time.
    for (let polls = 0; (await pending()) > 0; polls += 1) {
      assert.ok(polls < 600, "the queued mail is sent within a minute");
      await new Promise((done) => setTimeout(done, 100));
    }
    const subjects = smtp.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? "").filter((subject) => subject.startsWith(`Replicas ${run} #`));
    assert.equal(subjects.length, QUEUED_MAILS, `each of the ${QUEUED_MAILS} mails arrived once: ${subjects.length} arrived`);
    assert.equal(new Set(subjects).size, QUEUED_MAILS);
  });

  it("SIGTERM on A under load: every acknowledged order is kept, and clients retrying on B lose none", async () => {
    const CLIENTS = 8;
    const ORDERS_EACH = 12;
    const acknowledged: string[] = [];
    let retriedOnB = 0;
    let signalled = false;
    const exited = new Promise<number | null>((done) => a.child.once("exit", (code) => done(code)));
    const client = async (index: number) => {
      // Each client keeps sending to A until A turns it away, then goes to B, as a load balancer's retry would.
      let aGone = false;
      for (let n = 0; n < ORDERS_EACH; n += 1) {
        // One key per order: a retry on the other replica is the same order, never a second one.
        const key = randomUUID();
        const body = { merchant_product: PRODUCT, merchant_location: "loc-main", line_items: [line("fries-regular", "fries")] };
        let outcome = await send(aGone ? b.base : a.base, "POST", "/orders/", { body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
        if (outcome === null || outcome.status === 503) {
          aGone = true;
          retriedOnB += 1;
          outcome = await send(b.base, "POST", "/orders/", { body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
        }
        assert.ok(outcome !== null && outcome.status === 201, `order ${index}.${n}: ${JSON.stringify(outcome)}`);
        acknowledged.push(outcome.body.id);
        if (!signalled && acknowledged.length >= (CLIENTS * ORDERS_EACH) / 3) {
          signalled = true;
          a.child.kill("SIGTERM");
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
    assert.equal(await exited, 0, `A drained and exited 0: ${a.stderr().slice(0, 2000)}`);
    assert.equal(acknowledged.length, CLIENTS * ORDERS_EACH);
    assert.equal(new Set(acknowledged).size, acknowledged.length, "no order acknowledged twice");
    const { rows } = await db.query<{ count: number }>("SELECT count(*)::int AS count FROM orders WHERE id = ANY($1::uuid[])", [acknowledged]);
    console.log(`SIGTERM under load: ${acknowledged.length} orders acknowledged, ${retriedOnB} retried on B, ${rows[0].count} in the database`);
    assert.equal(rows[0].count, acknowledged.length, "every acknowledged order is in the database");
  });
});
