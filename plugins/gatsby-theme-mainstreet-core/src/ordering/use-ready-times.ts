import { useCallback, useEffect, useState } from "react";
import type { ReadyTimeChoice } from "@mainstreet/rules/orders/checkout";
import type { FulfillmentMethod, FulfillmentSlotsView } from "@mainstreet/rules/api/order-api";
import { apiRequest } from "../runtime/api-client";

/** What the visitor picked: as soon as possible, or a scheduled slot. */
export interface ReadyChoice {
  when: ReadyTimeChoice;
  scheduledFor: string;
}

export type ReadyTimesState = { status: "loading" } | { status: "ready"; view: FulfillmentSlotsView } | { status: "failed"; message: string };

/** As soon as possible moves with the clock: the times are read again this often while the page is open. */
const READY_TIMES_REFRESH_MS = 60_000;

/**
 * The times the order can be ready for the chosen method (`GET orders/{id}/fulfillment-slots/`), read
 * when the page opens, when the method changes, every minute, and when `reload` is called (a refused
 * time); an answer that arrives after the method changed again is dropped.
 */
export function useReadyTimes(order: { orderId: string; token: string }, method: FulfillmentMethod): { state: ReadyTimesState; reload: () => void } {
  const [state, setState] = useState<ReadyTimesState>({ status: "loading" });
  const [round, setRound] = useState(0);
  const { orderId, token } = order;

  useEffect(() => {
    setState((current) => (current.status === "ready" && current.view.method === method ? current : { status: "loading" }));
  }, [method]);

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<FulfillmentSlotsView>(`orders/${orderId}/fulfillment-slots/`, { token, query: { method }, signal: controller.signal })
      .then((view) => setState({ status: "ready", view }))
      .catch((error: unknown) => {
        if ((error as { name?: string }).name === "AbortError") return;
        // A reading that fails keeps the last good one: the service decides at checkout anyway.
        setState((current) => (current.status === "ready" && current.view.method === method ? current : { status: "failed", message: error instanceof Error ? error.message : String(error) }));
      });
    const timer = window.setTimeout(() => setRound((count) => count + 1), READY_TIMES_REFRESH_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [orderId, token, method, round]);

  return { state, reload: useCallback(() => setRound((count) => count + 1), []) };
}
