import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DatabaseBusyError, FairQueue, type Lane } from "../src/db/fair-queue";

/** A job whose end the test decides: the queue's order is observed, not timed. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("FairQueue: one job at a time, lanes taking turns, bounded waits", () => {
  const cases: [string, Lane[], string[]][] = [
    // The first job starts at once; then, with both lanes waiting, they alternate, each in arrival order.
    ["a burst of transactions does not hold statements back", ["transaction", "transaction", "transaction", "statement", "statement"], ["t0", "s3", "t1", "s4", "t2"]],
    ["statements only: arrival order", ["statement", "statement", "statement"], ["s0", "s1", "s2"]],
    ["transactions only: arrival order", ["transaction", "transaction"], ["t0", "t1"]],
    ["a statement first, then transactions and one more statement", ["statement", "transaction", "transaction", "statement"], ["s0", "t1", "s3", "t2"]],
  ];
  for (const [name, lanes, expected] of cases) {
    it(name, async () => {
      const queue = new FairQueue({ maxWaitMs: 0 });
      const started: string[] = [];
      let running = 0;
      const first = gate();
      const jobs = lanes.map((lane, index) =>
        queue.run(lane, async () => {
          running += 1;
          assert.equal(running, 1, "never two jobs at once");
          started.push(`${lane[0]}${index}`);
          if (index === 0) await first.opened;
          running -= 1;
        }),
      );
      // Everything is queued while the first job holds the engine.
      assert.deepEqual(queue.waiting, { statement: lanes.slice(1).filter((lane) => lane === "statement").length, transaction: lanes.slice(1).filter((lane) => lane === "transaction").length });
      first.open();
      await Promise.all(jobs);
      assert.deepEqual(started, expected);
    });
  }

  it("refuses a job that waited past maxWaitMs, before it ran, and keeps serving the rest", async () => {
    const queue = new FairQueue({ maxWaitMs: 20 });
    const holder = gate();
    const held = queue.run("transaction", () => holder.opened);
    let ran = false;
    const waiting = queue.run("statement", async () => {
      ran = true;
    });
    await assert.rejects(waiting, (error: unknown) => error instanceof DatabaseBusyError && error.waitedMs >= 20);
    assert.equal(ran, false);
    assert.deepEqual(queue.waiting, { statement: 0, transaction: 0 });
    holder.open();
    await held;
    assert.equal(await queue.run("statement", async () => "after"), "after");
  });

  it("says a job refused by its timer waited its whole allowance, whatever the wall clock reads", async () => {
    // A wall clock that has not moved: Node's timer clock and Date.now can disagree by a millisecond.
    const queue = new FairQueue({ maxWaitMs: 20, now: () => 1_000 });
    const holder = gate();
    const held = queue.run("transaction", () => holder.opened);
    const waiting = queue.run("statement", async () => undefined);
    await assert.rejects(waiting, (error: unknown) => error instanceof DatabaseBusyError && error.waitedMs === 20);
    holder.open();
    await held;
  });

  it("a failing job rejects only itself", async () => {
    const queue = new FairQueue({ maxWaitMs: 0 });
    const failing = queue.run("transaction", async () => {
      throw new Error("constraint violated");
    });
    const next = queue.run("statement", async () => 42);
    await assert.rejects(failing, /constraint violated/);
    assert.equal(await next, 42);
  });

  it("lets the event loop turn once a slice has passed, even while each finished job's caller queues the next at once", async () => {
    // Each job takes a millisecond of the queue's clock: with a 10 ms slice the loop turns about every ten jobs.
    let clock = 0;
    const queue = new FairQueue({ maxWaitMs: 0, now: () => clock, sliceMs: 10 });
    let done = 0;
    // One caller whose next query follows the last one's answer after some work of its own, as a request's
    // handler does: it asks once the queue has already finished the job before.
    const caller = (async () => {
      for (let index = 0; index < 200; index += 1) {
        await queue.run("statement", async () => {
          clock += 1;
          done += 1;
        });
        for (let step = 0; step < 3; step += 1) await Promise.resolve();
      }
    })();
    // Queued behind the jobs' microtasks: were the queue never to pause, it would run only after all 200.
    const doneWhenTheLoopTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    await caller;
    assert.ok(doneWhenTheLoopTurned <= 12, `the loop turned after ${doneWhenTheLoopTurned} of 200 jobs`);
    assert.equal(done, 200);
  });

  it("runs jobs back to back within a slice", async () => {
    const queue = new FairQueue({ maxWaitMs: 0, now: () => 0, sliceMs: 10 });
    let done = 0;
    const jobs = Array.from({ length: 50 }, () => queue.run("transaction", async () => void (done += 1)));
    const doneWhenTheLoopTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    assert.equal(doneWhenTheLoopTurned, 50, "no turn of the loop is spent while the slice lasts");
    await Promise.all(jobs);
  });
});
