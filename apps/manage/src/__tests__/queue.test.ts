import { emptyQueue, nextMove, sortTickets, updateQueue, waitingCount, type QueueAction, type QueueState } from "../orders/queue";
import { ticket } from "./fake-service";

const a = ticket({ id: "a", promised_at: "2030-06-04T12:30:00.000-04:00", updated_at: "2030-06-04T16:00:00.000Z" });
const b = ticket({ id: "b", promised_at: "2030-06-04T12:15:00.000-04:00", updated_at: "2030-06-04T16:00:00.000Z" });
const loaded = (tickets = [a, b], announce = false): QueueAction => ({ type: "loaded", tickets, announce });
const after = (state: QueueState, ...actions: QueueAction[]) => actions.reduce((current, action) => updateQueue(current, action).state, state);

describe("nextMove (the ticket's main button)", () => {
  it.each([
    ["placed", { status: "accepted", label: "Accept" }],
    ["accepted", { status: "ready", label: "Ready" }],
    ["ready", { status: "completed", label: "Completed" }],
    ["completed", null],
    ["cancelled", null],
  ] as const)("%s → %j", (status, expected) => {
    expect(nextMove(status)).toEqual(expected);
  });
});

describe("updateQueue", () => {
  it.each<[string, QueueState, QueueAction, string[], string[], string[]]>([
    // name, state before, action, ids shown after (in order), ids to ring for, ids highlighted
    ["the first read: oldest promise first, nothing rings", emptyQueue, loaded(), ["b", "a"], [], []],
    ["a read after a reconnect rings for what is new", after(emptyQueue, loaded([a])), loaded([a, b], true), ["b", "a"], ["b"], ["b"]],
    ["a new placed order from the stream rings", after(emptyQueue, loaded([a])), { type: "order", ticket: b }, ["b", "a"], ["b"], ["b"]],
    ["an order seen before does not ring again", after(emptyQueue, loaded([a])), { type: "order", ticket: { ...a, updated_at: "2030-06-04T16:01:00.000Z" } }, ["a"], [], []],
    ["an accepted order stops being highlighted", after(emptyQueue, loaded([a]), { type: "order", ticket: b }), { type: "order", ticket: { ...b, status: "accepted", updated_at: "2030-06-04T16:02:00.000Z" } }, ["b", "a"], [], []],
    ["a completed order leaves the queue", after(emptyQueue, loaded()), { type: "order", ticket: { ...a, status: "completed", updated_at: "2030-06-04T16:02:00.000Z" } }, ["b"], [], []],
    ["a cancelled order leaves the queue", after(emptyQueue, loaded()), { type: "order", ticket: { ...b, status: "cancelled", updated_at: "2030-06-04T16:02:00.000Z" } }, ["a"], [], []],
    ["an older copy (an answer crossing an event) is ignored", after(emptyQueue, loaded(), { type: "order", ticket: { ...a, status: "ready", updated_at: "2030-06-04T16:05:00.000Z" } }), { type: "order", ticket: { ...a, status: "accepted", updated_at: "2030-06-04T16:03:00.000Z" } }, ["b", "a"], [], []],
    ["a new order that is already accepted (another tablet) does not ring", after(emptyQueue, loaded([a])), { type: "order", ticket: { ...b, status: "accepted" } }, ["b", "a"], [], []],
  ])("%s", (_name, before, action, shown, ring, highlighted) => {
    const { state, fresh } = updateQueue(before, action);
    expect(state.tickets.map((entry) => entry.id)).toEqual(shown);
    expect(fresh.map((entry) => entry.id)).toEqual(ring);
    expect(state.arrived).toEqual(highlighted);
  });

  it("keeps a ticket's newest status after an older copy", () => {
    const state = after(emptyQueue, loaded(), { type: "order", ticket: { ...a, status: "ready", updated_at: "2030-06-04T16:05:00.000Z" } }, { type: "order", ticket: { ...a, status: "accepted", updated_at: "2030-06-04T16:03:00.000Z" } });
    expect(state.tickets.find((entry) => entry.id === "a")?.status).toBe("ready");
  });
});

describe("sortTickets and waitingCount", () => {
  it.each([
    ["by promise", [a, b], ["b", "a"]],
    ["a scheduled order without a promise by its time", [a, ticket({ id: "s", promised_at: null, scheduled_for: "2030-06-04T12:00:00.000-04:00" })], ["s", "a"]],
    ["equal promises: the first placed first", [ticket({ id: "late", placed_at: "2030-06-04T15:59:00Z" }), ticket({ id: "early", placed_at: "2030-06-04T15:50:00Z" })], ["early", "late"]],
  ])("%s", (_name, tickets, expected) => {
    expect(sortTickets(tickets).map((entry) => entry.id)).toEqual(expected);
  });

  it("counts the orders waiting to be accepted", () => {
    expect(waitingCount(after(emptyQueue, loaded([a, { ...b, status: "accepted" }])))).toBe(1);
  });
});
