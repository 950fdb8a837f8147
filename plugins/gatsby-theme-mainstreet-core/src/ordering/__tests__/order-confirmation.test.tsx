import React from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { OrderConfirmation } from "../order-confirmation";
import { ORDER_ID, TOKEN, fakeFetch, orderView, useSample } from "./ordering-fixtures";
import type { OrderView } from "@mainstreet/rules/order-api";

function remember() {
  window.localStorage.setItem("mainstreet:osteria-vela:placed-orders", JSON.stringify({ v: [{ orderId: ORDER_ID, token: TOKEN, number: "6F9C1F7E" }], e: Date.now() + 60_000 }));
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

  it.each<[string, string, string]>([
    ["an order this browser did not place", `?id=${ORDER_ID}`, "This order's details are kept only in the browser that placed it."],
    ["no order named", "", "No order was named in the address of this page."],
  ])("explains %s without calling the service", async (_label, search, message) => {
    useSample("restaurant");
    const { calls } = fakeFetch([]);
    render(<OrderConfirmation search={search} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(calls).toHaveLength(0);
  });
});
