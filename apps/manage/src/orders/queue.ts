import { isActiveFulfillment, nextFulfillmentStatuses } from "@mainstreet/rules/orders/fulfillment-status";
import type { FulfillmentStatus, OrderTicket } from "@mainstreet/rules/api/manage-api";

/**
 * The live order queue: the tickets still to be made or handed over (placed, accepted, ready), oldest
 * promise first, kept current from the event stream. Pure, so the screen only renders it.
 */

/** The kitchen's words for the moves its buttons make. */
const MOVE_LABEL: Partial<Record<FulfillmentStatus, string>> = { accepted: "Accept", ready: "Ready", completed: "Completed" };

/** The move a ticket's main button makes (Cancel is a button of its own), or null for a finished order. */
export function nextMove(status: FulfillmentStatus): { status: FulfillmentStatus; label: string } | null {
  const next = nextFulfillmentStatuses(status).find((candidate) => candidate !== "cancelled");
  return next ? { status: next, label: MOVE_LABEL[next] ?? next } : null;
}

export const STATUS_LABEL: Record<FulfillmentStatus, string> = {
  placed: "New",
  accepted: "Accepted",
  ready: "Ready",
  completed: "Completed",
  cancelled: "Cancelled",
};

export interface QueueState {
  tickets: OrderTicket[];
  /** Every order id the screen has shown, so an order is announced once. */
  known: ReadonlySet<string>;
  /** Orders that arrived while the workspace was open, newest last: highlighted until accepted. */
  arrived: readonly string[];
}

export const emptyQueue: QueueState = { tickets: [], known: new Set(), arrived: [] };

const promiseOf = (ticket: OrderTicket) => new Date(ticket.promised_at ?? ticket.scheduled_for ?? ticket.placed_at).getTime();

/** Oldest promise first; then the order placed first. */
export function sortTickets(tickets: readonly OrderTicket[]): OrderTicket[] {
  return [...tickets].sort((a, b) => promiseOf(a) - promiseOf(b) || new Date(a.placed_at).getTime() - new Date(b.placed_at).getTime());
}

const isActive = (ticket: OrderTicket) => isActiveFulfillment(ticket.status);

export type QueueAction =
  /** The active list as the service reads it now (first load, or again after a reconnect). */
  | { type: "loaded"; tickets: OrderTicket[]; announce: boolean }
  /** One order, new or changed (stream event or the answer to a status change). */
  | { type: "order"; ticket: OrderTicket };

export interface QueueUpdate {
  state: QueueState;
  /** Orders new to the screen and waiting to be accepted: the ones to ring for. */
  fresh: OrderTicket[];
}

/**
 * Applies an action. An order newer than the copy on screen replaces it; an older copy (an answer that
 * crossed a stream event) is ignored. Orders first seen on load are not announced unless `announce`
 * (after a reconnect: they came in while the stream was down).
 */
export function updateQueue(state: QueueState, action: QueueAction): QueueUpdate {
  const known = new Set(state.known);
  const incoming = action.type === "loaded" ? action.tickets : [action.ticket];
  const announce = action.type === "order" || action.announce;
  const fresh = incoming.filter((ticket) => !known.has(ticket.id) && ticket.status === "placed" && announce);
  for (const ticket of incoming) known.add(ticket.id);
  let tickets: OrderTicket[];
  if (action.type === "loaded") {
    tickets = action.tickets.filter(isActive);
  } else {
    const current = state.tickets.find((ticket) => ticket.id === action.ticket.id);
    if (current && new Date(current.updated_at).getTime() > new Date(action.ticket.updated_at).getTime()) return { state, fresh: [] };
    tickets = state.tickets.filter((ticket) => ticket.id !== action.ticket.id);
    if (isActive(action.ticket)) tickets.push(action.ticket);
  }
  const stillPlaced = new Set(tickets.filter((ticket) => ticket.status === "placed").map((ticket) => ticket.id));
  const arrived = [...state.arrived, ...fresh.map((ticket) => ticket.id)].filter((id) => stillPlaced.has(id));
  return { state: { tickets: sortTickets(tickets), known, arrived }, fresh };
}

/** Orders waiting to be accepted: the count on the Orders link and in the tab title. */
export function waitingCount(state: QueueState): number {
  return state.tickets.filter((ticket) => ticket.status === "placed").length;
}
