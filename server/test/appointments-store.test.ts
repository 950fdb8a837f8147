import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { openDb, type Db } from "../src/db/db";
import { claimDueReminders, insertAppointment, isOverlap, moveAppointment, setAppointmentStatus, type NewAppointment } from "../src/appointments/appointments.store";
import { applyMigrations } from "../src/db/migrate";

/**
 * The database's own guarantee, on both engines (migration 004): one person's appointments and blocks never
 * overlap, with the buffer counted and cancelled rows ignored, whatever the code above it does; and a due
 * reminder is claimed by exactly one of two senders running at once.
 */

let db: Db;
let other: Db | null = null;
/** As helpers.openTestDb, without the app: PGlite in memory, or a throwaway schema with DATABASE_URL. */
before(async () => {
  const url = process.env.DATABASE_URL;
  db = url ? await openDb({ databaseUrl: url, schema: `test_${randomUUID().replace(/-/g, "").slice(0, 12)}`, dropSchemaOnClose: true, poolSize: 20 }) : await openDb({ dataDir: "memory://" });
  await applyMigrations(db);
});
after(async () => {
  await other?.close();
  await db.close();
});

const at = (iso: string) => new Date(iso);
let counter = 0;
function row(staffId: string, start: string, end: string, extra: Partial<NewAppointment> = {}): NewAppointment {
  counter += 1;
  return {
    id: randomUUID(),
    businessId: "salon",
    locationId: "loc-a",
    staffId,
    kind: "appointment",
    source: "online",
    variationId: "var-cut",
    startsAt: at(start),
    endsAt: at(end),
    bufferEndsAt: at(end),
    reference: `A-TEST-${counter}`,
    manageTokenHash: "0".repeat(64),
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: null,
    notes: "",
    reminderAt: null,
    at: at("2030-06-01T12:00:00Z"),
    ...extra,
  };
}

async function refused(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return false;
  } catch (error) {
    if (isOverlap(error)) return true;
    throw error;
  }
}

describe("appointments_no_overlap (exclusion constraint with btree_gist)", () => {
  it("refuses a second stretch of one person's time that overlaps, by a minute or entirely", async () => {
    await insertAppointment(db, row("maya", "2030-06-04T14:00:00Z", "2030-06-04T15:00:00Z"));
    assert.ok(await refused(insertAppointment(db, row("maya", "2030-06-04T14:59:00Z", "2030-06-04T15:30:00Z"))));
    assert.ok(await refused(insertAppointment(db, row("maya", "2030-06-04T13:00:00Z", "2030-06-04T17:00:00Z"))));
  });

  it("allows back-to-back times, the same time for another person, and the same time at another business", async () => {
    await insertAppointment(db, row("maya", "2030-06-04T15:00:00Z", "2030-06-04T15:30:00Z"));
    await insertAppointment(db, row("maya", "2030-06-04T13:30:00Z", "2030-06-04T14:00:00Z"));
    await insertAppointment(db, row("leo", "2030-06-04T14:00:00Z", "2030-06-04T15:00:00Z"));
    await insertAppointment(db, row("maya", "2030-06-04T14:00:00Z", "2030-06-04T15:00:00Z", { businessId: "another-salon" }));
  });

  it("counts the buffer after a service as taken time", async () => {
    await insertAppointment(db, row("ines", "2030-06-05T14:00:00Z", "2030-06-05T15:00:00Z", { bufferEndsAt: at("2030-06-05T15:15:00Z") }));
    assert.ok(await refused(insertAppointment(db, row("ines", "2030-06-05T15:00:00Z", "2030-06-05T15:30:00Z"))));
    await insertAppointment(db, row("ines", "2030-06-05T15:15:00Z", "2030-06-05T15:45:00Z"));
  });

  it("keeps a block and an appointment of one person apart", async () => {
    const block = { kind: "block" as const, source: null, variationId: null, reference: null, manageTokenHash: null, firstName: null, lastName: null, email: null };
    await insertAppointment(db, row("noor", "2030-06-06T16:00:00Z", "2030-06-06T17:00:00Z", block));
    assert.ok(await refused(insertAppointment(db, row("noor", "2030-06-06T16:30:00Z", "2030-06-06T17:30:00Z"))));
    assert.ok(await refused(insertAppointment(db, row("noor", "2030-06-06T15:30:00Z", "2030-06-06T16:30:00Z", block))));
  });

  it("frees the time of a cancelled appointment at once, and refuses a move onto taken time", async () => {
    const first = await insertAppointment(db, row("sam", "2030-06-07T14:00:00Z", "2030-06-07T15:00:00Z"));
    const second = await insertAppointment(db, row("sam", "2030-06-07T16:00:00Z", "2030-06-07T17:00:00Z"));
    const move = { staffId: "sam", startsAt: at("2030-06-07T14:30:00Z"), endsAt: at("2030-06-07T15:30:00Z"), bufferEndsAt: at("2030-06-07T15:30:00Z"), reminderAt: null, at: at("2030-06-02T00:00:00Z") };
    assert.ok(await refused(db.transaction((tx) => moveAppointment(tx, second.id, move))));
    await setAppointmentStatus(db, first.id, "cancelled", at("2030-06-02T00:00:00Z"));
    const moved = await moveAppointment(db, second.id, move);
    assert.equal(moved.sequence, 1, "a move raises the calendar file's sequence");
    await insertAppointment(db, row("sam", "2030-06-07T14:00:00Z", "2030-06-07T14:30:00Z"));
  });

  it("makes two writers of one person's time take turns (the second refused at once when the first commits), and lets another person's through", async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstIn = () => undefined as void;
    const inserted = new Promise<void>((resolve) => (firstIn = resolve));
    const first = db.transaction(async (tx) => {
      await insertAppointment(tx, row("kai", "2030-06-09T14:00:00Z", "2030-06-09T15:00:00Z"));
      firstIn();
      await gate;
    });
    await inserted;
    let pid = 0;
    const second = db.transaction(async (tx) => {
      pid = (await tx.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0].pid;
      return insertAppointment(tx, row("kai", "2030-06-09T14:30:00Z", "2030-06-09T15:30:00Z"));
    });
    try {
      if (db.kind === "postgres") {
        // The second waits for kai's lock, before its entry is in the index, not for the first's transaction
        // from inside the exclusion check (the wait that can deadlock); another person's write is not held.
        const waitOf = async () => (await db.query<{ wait: string | null }>("SELECT wait_event_type || '/' || wait_event AS wait FROM pg_stat_activity WHERE pid = $1", [pid])).rows[0]?.wait;
        const deadline = Date.now() + 10_000;
        while (pid === 0 || (await waitOf()) !== "Lock/advisory") {
          assert.ok(Date.now() < deadline, `the second writer should wait on kai's advisory lock; it waits on ${await waitOf()}`);
          await new Promise((resolve) => setImmediate(resolve));
        }
        await insertAppointment(db, row("lin", "2030-06-09T14:00:00Z", "2030-06-09T15:00:00Z"));
      }
    } finally {
      // Also on a failed check, so the first transaction ends and the file can close its connections.
      release();
      await first;
      await second.catch(() => undefined);
    }
    assert.ok(await refused(second), "the second overlaps the committed first");
  });

  it("holds under 50 concurrent inserts for one person's slot: exactly one row", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => db.transaction((tx) => insertAppointment(tx, row("zoe", "2030-06-08T14:00:00Z", "2030-06-08T15:00:00Z")))),
    );
    assert.equal(results.filter((result) => result.status === "fulfilled").length, 1);
    for (const result of results) if (result.status === "rejected") assert.ok(isOverlap(result.reason), String(result.reason));
  });
});

describe("reminder claims", () => {
  it("two senders claiming at once (two connections on PostgreSQL) take each due reminder exactly once", async () => {
    const second = process.env.DATABASE_URL
      ? await openDb({ databaseUrl: process.env.DATABASE_URL, schema: (await db.query<{ schema: string }>("SELECT current_schema() AS schema")).rows[0].schema })
      : db;
    if (second !== db) other = second;
    for (let index = 0; index < 30; index += 1) {
      const start = new Date(at("2030-06-10T08:00:00Z").getTime() + index * 3_600_000);
      await insertAppointment(db, row("remi", start.toISOString(), new Date(start.getTime() + 1_800_000).toISOString(), { reminderAt: new Date(start.getTime() - 86_400_000) }));
    }
    const now = at("2030-06-10T12:00:00Z");
    const claimed = await Promise.all(Array.from({ length: 6 }, (_, index) => (index % 2 === 0 ? db : second).transaction((tx) => claimDueReminders(tx, now, 4))));
    const ids = claimed.flat().map((claim) => claim.id);
    assert.equal(new Set(ids).size, ids.length, "no reminder claimed twice");
    const left = await claimDueReminders(db, now, 100);
    const all = [...ids, ...left.map((claim) => claim.id)];
    assert.equal(new Set(all).size, all.length);
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM appointments WHERE staff_id = 'remi' AND reminded_at IS NOT NULL");
    assert.equal(rows[0].n, all.length);
    // Starts 08:00 to 12:00 on the 10th have begun (no reminder); 13:00 on the 10th to 12:00 on the 11th are due.
    assert.equal(all.length, 24, "every appointment starting in the next 24 hours, none already started");
  });
});
