import React from "react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { navigate } from "gatsby";
import { CheckoutPage } from "../checkout-page";
import { ORDER_ID, fakeFetch, orderView, slotsView, storeCart, useSample, type Call } from "./ordering-fixtures";

// The calls' module loads apart from the form (use-place-order.ts): while `mockOffline` holds its load
// fails, as it does offline or after a deploy replaced the chunk.
let mockOffline = true;
let mockCallsLoads = 0;
jest.mock("../place-order-calls", () => {
  mockCallsLoads += 1;
  if (mockOffline) throw new Error("Loading chunk 4242 failed.");
  return jest.requireActual("../place-order-calls");
});

const KEY = "mainstreet:osteria-vela:cart:loc-fishtown";

function api() {
  let status = "open";
  const placed = { id: "chk-1", order_uuid: ORDER_ID, order_number: "6F9C1F7E", currency: "USD", totals: orderView().totals };
  return fakeFetch([
    (call: Call) => (call.path.startsWith(`orders/${ORDER_ID}/fulfillment-slots/`) ? { status: 200, body: slotsView() } : undefined),
    (call: Call) => (call.path.startsWith(`orders/${ORDER_ID}/`) ? { status: 200, body: { ...orderView(), status } } : undefined),
    (call: Call) => {
      if (call.path !== "checkouts/") return undefined;
      status = "checkout";
      return { status: 201, body: { ...placed, status: "authorized", order_status: "checkout", placed_at: null } };
    },
    (call: Call) => (call.path === "checkouts/chk-1/close/" ? { status: 200, body: { ...placed, status: "closed", order_status: "placed", placed_at: "2030-01-01T12:00:00Z" } } : undefined),
  ]);
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  (navigate as jest.Mock).mockClear();
});

it("the calls start loading when the visitor first works in the form; calls that cannot be loaded read as a call that cannot be sent, keeping the cart and the details, and Place order tries again", async () => {
  const { calls } = api();
  useSample("restaurant");
  storeCart("osteria-vela", "loc-fishtown", orderView());
  render(<CheckoutPage />);
  const place = await screen.findByRole("button", { name: /^Place order/ });
  await waitFor(() => expect(screen.queryByText(/^Checking when your order can be ready/)).toBeNull());
  expect(mockCallsLoads).toBe(0);
  await act(async () => {
    fireEvent.focus(screen.getByLabelText("First name"));
  });
  await waitFor(() => expect(mockCallsLoads).toBe(1));
  // A load that fails while the visitor types says nothing: only Place order needs the calls.
  expect(screen.queryByRole("alert")).toBeNull();
  fill("First name", "Ada");
  fill("Last name", "Lovelace");
  fill("Email", "ada@example.com");
  fill("Phone", "215-555-0142");
  fill("Card number", "4242 4242 4242 4242");
  fill("Expiry date", "12/39");
  fill("Security code", "123");

  await act(async () => {
    fireEvent.click(place);
  });
  const message = await screen.findByText("An error occurred");
  expect(message).toHaveAttribute("role", "alert");
  await waitFor(() => expect(message.parentElement).toHaveFocus());
  // Place order tried once more, and the focus moving to the message (inside the form) once again.
  expect(mockCallsLoads).toBe(3);
  expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
  expect(window.localStorage.getItem(KEY)).not.toBeNull();
  expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");

  mockOffline = false;
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: /^Place order/ }));
  });
  await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/order/?id=${ORDER_ID}`));
  expect(mockCallsLoads).toBe(4);
  expect(window.localStorage.getItem("mainstreet:osteria-vela:placed-orders")).toContain(ORDER_ID);
});
