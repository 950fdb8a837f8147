import React from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { OrderConfirmation as Confirmation } from "../order-confirmation";
import { ORDER_ID, TOKEN, fakeFetch, orderView, useSample } from "./ordering-fixtures";
import type { OrderView } from "@mainstreet/rules/api/order-api";

function remember(keepMs = 60_000) {
  window.localStorage.setItem("mainstreet:osteria-vela:placed-orders", JSON.stringify({ v: [{ orderId: ORDER_ID, token: TOKEN, number: "6F9C1F7E" }], e: Date.now() + keepMs }));
}

const placed = (overrides: Partial<OrderView> = {}) =>
  orderView({
    status: "placed",
    customer: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "215-555-0142" },
    fulfillment: { method: "pickup", fee_cents: 0 },
    attributes: { tip_percentage: 15, instructions: "Extra napkins" },
    totals: { subtotal_cents: 3800, tax_cents: 304, tip_cents: 570, delivery_fee_cents: 0, total_cents: 4674 },
    ...overrides,
  });

beforeEach(() => window.localStorage.clear());

/** The page body's header is a heading level 1 with the title the confirmation gives it. */
function OrderConfirmation({ search }: { search: string }) {
  return <Confirmation search={search} header={(title) => <h1>{title}</h1>} />;
}

describe("order confirmation", () => {
  it("shows the number, the lines, the server's totals and the pickup place, read with the order's token", async () => {
    useSample("restaurant");
    remember();
    const { calls } = fakeFetch([() => ({ status: 200, body: placed() })]);
    render(<OrderConfirmation search={`?id=${ORDER_ID}`} />);
    const heading = await screen.findByRole("heading", { name: "Order 6F9C1F7E" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText("2 × Margherita")).toBeInTheDocument();
    expect(screen.getByTestId("total")).toHaveTextContent("$46.74");
    expect(screen.getByTestId("tip")).toHaveTextContent("$5.70");
    expect(within(screen.getByRole("region", { name: "Pickup" })).getByText(/Vela Fishtown/)).toBeInTheDocument();
    expect(screen.getByText("Instructions: “Extra napkins”")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: "GET", path: `orders/${ORDER_ID}/`, headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}` }) });
  });

  it("shows the delivery address for a delivery order", async () => {
    useSample("restaurant");
    remember();
    fakeFetch([
      () => ({
        status: 200,
        body: placed({
          fulfillment: { method: "delivery", fee_cents: 499 },
          recipient: { first_name: "Ada", last_name: "Lovelace", street_address: "1200 Frankford Ave", extended_address: "Apt 3", locality: "Philadelphia", administrative_area_level_1: "PA", postal_code: "19125", country: "US" },
          totals: { subtotal_cents: 3800, tax_cents: 304, tip_cents: 0, delivery_fee_cents: 499, total_cents: 4603 },
        }),
      }),
    ]);
    render(<OrderConfirmation search={`?id=${ORDER_ID}`} />);
    const delivery = await screen.findByRole("region", { name: "Delivery" });
    expect(delivery).toHaveTextContent("1200 Frankford Ave, Apt 3");
    expect(screen.getByTestId("delivery-fee")).toHaveTextContent("$4.99");
  });

  it("refreshes with GET orders/{id}/ on request", async () => {
    useSample("restaurant");
    remember();
    let status: OrderView["status"] = "checkout";
    const { calls } = fakeFetch([() => ({ status: 200, body: placed({ status }) })]);
    render(<OrderConfirmation search={`?id=${ORDER_ID}`} />);
    expect(await screen.findByText(/Payment authorised/)).toBeInTheDocument();
    status = "placed";
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Refresh status" }));
    });
    expect(await screen.findByText(/^Placed\./)).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it("thanks only for a placed order, and states the promise as the service wrote it", async () => {
    useSample("restaurant");
    remember();
    fakeFetch([() => ({ status: 200, body: placed({ scheduled_for: "2030-06-07T18:30:00.000-04:00", promised_at: "2030-06-07T18:30:00.000-04:00", promised_until: "2030-06-07T18:30:00.000-04:00", promise_text: "Ready for pickup on Friday 7 June 2030 at 6:30pm (EDT)" }) })]);
    render(<OrderConfirmation search={`?id=${ORDER_ID}`} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Your order");
    expect(await screen.findByTestId("confirmation-promise")).toHaveTextContent("Ready for pickup on Friday 7 June 2030 at 6:30pm (EDT)");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Thank you for your order");
  });

  it("a payment that failed after the order was sent says why and leads back to checkout", async () => {
    useSample("restaurant");
    remember();
    const message = "Payment could not be collected: the authorisation expired. The hold on your card was released and your order is open again: check the payment details and place it again.";
    fakeFetch([() => ({ status: 200, body: placed({ status: "open", checkout: { id: "chk-1", status: "payment_failed", payment_status: "voided", failure_message: message } }) })]);
    render(<OrderConfirmation search={`?id=${ORDER_ID}`} />);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to checkout" })).toHaveAttribute("href", "/checkout/");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Your order");
  });

  it("explains an order this browser did not place without calling the service", async () => {
    useSample("restaurant");
    const { calls } = fakeFetch([]);
    render(<OrderConfirmation search={`?id=${ORDER_ID}`} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("This order's details are kept only in the browser that placed it.");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Your order");
    expect(calls).toHaveLength(0);
  });

  it.each<[string, boolean, string[]]>([
    ["nothing placed here", false, ["Placed an order? Its number and details are in your receipt email."]],
    ["orders placed in this browser are linked", true, ["Orders placed in this browser:"]],
  ])("/order/ without an id says what to do, with no thanks above it: %s", async (_label, placedHere, texts) => {
    useSample("restaurant");
    if (placedHere) remember();
    const { calls } = fakeFetch([]);
    render(<OrderConfirmation search="" />);
    expect(await screen.findByText("This page shows an order once it is placed, and its address names no order.")).toBeInTheDocument();
    for (const text of texts) expect(screen.getByText(text)).toBeInTheDocument();
    if (placedHere) expect(screen.getByRole("link", { name: "Order 6F9C1F7E" })).toHaveAttribute("href", `/order/?id=${ORDER_ID}`);
    expect(screen.getByRole("link", { name: "Order from the menu" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Your order");
    expect(screen.queryByText(/Thank you/)).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe("the kitchen's status", () => {
  const NOW = Date.parse("2030-06-01T18:00:00Z");

  function setVisibility(state: "visible" | "hidden") {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
    document.dispatchEvent(new Event("visibilitychange"));
  }

  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
    setVisibility("visible");
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  /** The service's answers, one per read, the last one repeated. */
  function kitchen(...answers: Partial<OrderView>[]) {
    let read = 0;
    return fakeFetch([() => ({ status: 200, body: placed(answers[Math.min(read++, answers.length - 1)]) })]);
  }

  it.each<[string, Partial<OrderView>, string]>([
    ["received", { fulfillment_status: "placed" }, "Received"],
    ["being prepared", { fulfillment_status: "accepted" }, "Being prepared"],
    ["ready for pickup", { fulfillment_status: "ready" }, "Ready for pickup"],
    ["out for delivery", { fulfillment_status: "ready", fulfillment: { method: "delivery", fee_cents: 499 } }, "Out for delivery"],
    ["picked up", { fulfillment_status: "completed" }, "Picked up"],
    ["cancelled, hold released", { fulfillment_status: "cancelled", checkout: { id: "c1", status: "closed", payment_status: "voided", failure_message: null } }, "Cancelled The hold on your card was released: you were not charged."],
    ["cancelled, refunded", { fulfillment_status: "cancelled", checkout: { id: "c1", status: "closed", payment_status: "refunded", failure_message: null } }, "Cancelled Your payment was refunded; banks take a few days to show it."],
  ])("%s", async (_name, answer, text) => {
    useSample("restaurant");
    remember(3_600_000);
    kitchen(answer);
    render(<OrderConfirmation search={`?id=${ORDER_ID}`} />);
    await act(async () => {
      await jest.runOnlyPendingTimersAsync();
    });
    const line = await screen.findByText((_content, element) => element?.classList.contains("confirmation__progress") ?? false);
    expect(line).toHaveTextContent(text);
    expect(line).toHaveAttribute("aria-live", "polite");
  });

  it("reads an active order again every 20 seconds while shown, announces the change, and stops once it is finished", async () => {
    useSample("restaurant");
    remember(3_600_000);
    const { calls } = kitchen({ fulfillment_status: "placed" }, { fulfillment_status: "accepted" }, { fulfillment_status: "ready" }, { fulfillment_status: "completed" });
    render(<OrderConfirmation search={`?id=${ORDER_ID}`} />);
    expect(await screen.findByText("Received")).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(19_999);
    });
    expect(calls).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(await screen.findByText("Being prepared")).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(20_000);
    });
    // The words the visitor waits for, in the live region.
    expect(await screen.findByText(/Ready/)).toHaveTextContent("Ready for pickup");
    expect(screen.getByText("Ready for pickup").closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
    // The Refresh button is not busied by the page's own reads.
    expect(screen.getByRole("button", { name: "Refresh status" })).not.toHaveAttribute("aria-busy", "true");
    await act(async () => {
      await jest.advanceTimersByTimeAsync(20_000);
    });
    expect(await screen.findByText("Picked up")).toBeInTheDocument();
    const finished = calls.length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(120_000);
    });
    expect(calls).toHaveLength(finished);
  });

  it("does not read while the tab is hidden, and reads at once when it is shown again", async () => {
    useSample("restaurant");
    remember(3_600_000);
    const { calls } = kitchen({ fulfillment_status: "accepted" }, { fulfillment_status: "ready" });
    render(<OrderConfirmation search={`?id=${ORDER_ID}`} />);
    expect(await screen.findByText("Being prepared")).toBeInTheDocument();
    act(() => setVisibility("hidden"));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(calls).toHaveLength(1);
    act(() => setVisibility("visible"));
    expect(await screen.findByText("Ready for pickup")).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it("an order not placed yet shows no kitchen status and is not followed", async () => {
    useSample("restaurant");
    remember(3_600_000);
    const { calls } = fakeFetch([() => ({ status: 200, body: orderView({ status: "open", fulfillment_status: null }) })]);
    render(<OrderConfirmation search={`?id=${ORDER_ID}`} />);
    expect(await screen.findByText("Not placed yet.")).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(calls).toHaveLength(1);
    expect(document.querySelector(".confirmation__progress")).toBeNull();
  });
});
