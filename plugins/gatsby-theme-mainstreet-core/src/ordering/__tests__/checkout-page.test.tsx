import React from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { navigate } from "gatsby";
import { CheckoutPage } from "../checkout-page";
import { ORDER_ID, fakeFetch, orderView, storeCart, useSample, type Call } from "./ordering-fixtures";
import type { OrderView } from "@mainstreet/rules/order-api";

const KEY = "mainstreet:osteria-vela:cart:loc-fishtown";

/** The order and checkout calls answered like the service; `decline` makes checkout answer 402. */
function api(options: { decline?: boolean; checkoutDelayMs?: number } = {}) {
  let order: OrderView = orderView();
  let status: OrderView["status"] = "open";
  const view = () => ({ ...order, status });
  return fakeFetch([
    (call: Call) => (call.path === "catalog/osteria-vela/" ? { status: 200, body: { ordering: { enabled: true }, locations: [], items: [], modifiers: [] } } : undefined),
    (call: Call) => {
      if (!call.path.startsWith(`orders/${ORDER_ID}/`)) return undefined;
      if (call.path.endsWith("customers/")) order = { ...order, customer: call.body as OrderView["customer"] };
      if (call.path.endsWith("attributes/")) order = { ...order, attributes: call.body as OrderView["attributes"] };
      return { status: 200, body: view() };
    },
    (call: Call) => (call.path === "fulfillments/address-validation/" ? { status: 200, body: { valid: true } } : undefined),
    (call: Call) => {
      if (call.path !== "checkouts/") return undefined;
      if (options.decline) return { status: 402, body: { message: "Payment declined: The card was declined. Use another card and try again." } };
      status = "checkout";
      return { status: 201, body: { id: "chk-1", order_uuid: ORDER_ID, order_number: "6F9C1F7E", status: "authorized", order_status: "checkout", currency: "USD", totals: order.totals, placed_at: null } };
    },
    (call: Call) => {
      if (call.path !== "checkouts/chk-1/close/") return undefined;
      status = "placed";
      return { status: 200, body: { id: "chk-1", order_uuid: ORDER_ID, order_number: "6F9C1F7E", status: "closed", order_status: "placed", currency: "USD", totals: order.totals, placed_at: "2030-01-01T12:00:00Z" } };
    },
  ]);
}

async function renderCheckout() {
  useSample("restaurant");
  storeCart("osteria-vela", "loc-fishtown", orderView());
  render(<CheckoutPage />);
  return screen.findByRole("button", { name: /^Place order/ });
}

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid(card = "4242 4242 4242 4242") {
  fill("First name", "Ada");
  fill("Last name", "Lovelace");
  fill("Email", "ada@example.com");
  fill("Phone", "215-555-0142");
  fill("Card number", card);
  fill("Expiry date", "12/39");
  fill("Security code", "123");
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.dataLayer = [];
  (navigate as jest.Mock).mockClear();
});

describe("checkout form validation messages", () => {
  it("ties each message to its field, marks it invalid, summarises and focuses the first", async () => {
    const { calls } = api();
    const place = await renderCheckout();
    fill("Email", "ada@example");
    fill("Phone", "555");
    await act(async () => {
      fireEvent.click(place);
    });
    const email = screen.getByLabelText("Email");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription('For your receipt. Email: expected an address like name@example.com, got "ada@example"');
    expect(screen.getByLabelText("Phone")).toHaveAccessibleDescription(/Phone: expected a number like 215-555-0142/);
    expect(screen.getByLabelText("First name")).toHaveAccessibleDescription("First name: this field is required (for example Ada)");
    const summary = screen.getAllByRole("alert")[0];
    expect(within(summary).getByRole("link", { name: "Email" })).toHaveAttribute("href", "#checkout-email");
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveFocus());
    expect(calls.filter((call) => call.path.startsWith("orders/") && call.method === "PUT")).toHaveLength(0);
  });

  it.each<[string, () => void, string, RegExp]>([
    ["a delivery address outside the postal-code shape", () => fill("Postal code", "1912"), "Postal code", /"1912" is not a valid postal code for US/],
    ["a missing street for delivery", () => undefined, "Street address", /Street address: this field is required/],
  ])("delivery: %s", async (_label, act_, field, message) => {
    api();
    const place = await renderCheckout();
    fillValid();
    fireEvent.click(screen.getByRole("radio", { name: /^Delivery/ }));
    fill("City", "Philadelphia");
    act_();
    await act(async () => {
      fireEvent.click(place);
    });
    expect(screen.getByLabelText(field)).toHaveAccessibleDescription(message);
  });

  it("uses autocomplete attributes so browsers fill the form", async () => {
    api();
    await renderCheckout();
    fireEvent.click(screen.getByRole("radio", { name: /^Delivery/ }));
    expect(
      Object.fromEntries(
        ["First name", "Last name", "Email", "Phone", "Street address", "Postal code", "Card number", "Expiry date", "Security code"].map((label) => [label, screen.getByLabelText(label).getAttribute("autocomplete")]),
      ),
    ).toEqual({
      "First name": "given-name",
      "Last name": "family-name",
      Email: "email",
      Phone: "tel",
      "Street address": "address-line1",
      "Postal code": "postal-code",
      "Card number": "cc-number",
      "Expiry date": "cc-exp",
      "Security code": "cc-csc",
    });
  });
});

describe("tip choices (SPEC §5)", () => {
  it.each<[string, () => void, string, unknown]>([
    ["the business's default (18%)", () => undefined, "Tip$6.84", { tip_percentage: 18, instructions: "" }],
    ["a preset: 15%", () => fireEvent.click(screen.getByRole("radio", { name: /^15%/ })), "Tip$5.70", { tip_percentage: 15, instructions: "" }],
    [
      "a custom amount",
      () => {
        fireEvent.click(screen.getByRole("radio", { name: "Custom amount" }));
        fill(/^Tip amount/, "4.50");
      },
      "Tip$4.50",
      { tip: 450, instructions: "" },
    ],
    ["no tip sends tip_percentage 0", () => fireEvent.click(screen.getByRole("radio", { name: "No tip" })), "Tip$0.00", { tip_percentage: 0, instructions: "" }],
  ])("%s", async (_label, choose, shown, sent) => {
    const { calls } = api();
    const place = await renderCheckout();
    choose();
    expect(screen.getByText("Tip", { selector: "dt" }).parentElement).toHaveTextContent(shown);
    fillValid();
    await act(async () => {
      fireEvent.click(place);
    });
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(calls.find((call) => call.path.endsWith("attributes/"))?.body).toEqual(sent);
  });

  it("shows each preset with its amount on the subtotal", async () => {
    api();
    await renderCheckout();
    expect(screen.getByRole("radio", { name: "15% ($5.70)" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "25% ($9.50)" })).toBeInTheDocument();
  });
});

describe("placing the order", () => {
  it("makes the SPEC §4 calls in order with the bearer token, remembers the order, empties the cart and opens the confirmation", async () => {
    const { calls } = api();
    const place = await renderCheckout();
    fillValid();
    await act(async () => {
      fireEvent.click(place);
    });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/order/?id=${ORDER_ID}`));
    const sequence = calls.filter((call) => call.method !== "GET" || call.path === `orders/${ORDER_ID}/`).map((call) => `${call.method} ${call.path.replace(ORDER_ID, "{id}")}`);
    expect(sequence.slice(-7)).toEqual([
      "PUT orders/{id}/customers/",
      "PUT orders/{id}/fulfillments/",
      "PUT orders/{id}/attributes/",
      "PUT orders/{id}/payment-source/",
      "GET orders/{id}/",
      "POST checkouts/",
      "POST checkouts/chk-1/close/",
    ]);
    for (const call of calls.filter((candidate) => candidate.path.startsWith("orders/") || candidate.path.startsWith("checkouts/"))) {
      expect(call.headers.authorization).toBe("Bearer 0123456789abcdef0123456789abcdef");
    }
    expect(calls.find((call) => call.path.endsWith("payment-source/"))?.body).toEqual({ token: "tok_test_visa", provider_id: "test", default: false });
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(window.localStorage.getItem("mainstreet:osteria-vela:placed-orders")).toContain(ORDER_ID);
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ eventAction: "Place Order", eventLabel: "6F9C1F7E" }));
  });

  it("a double click starts one checkout, not two", async () => {
    const { calls } = api();
    const place = await renderCheckout();
    fillValid();
    await act(async () => {
      fireEvent.click(place);
      fireEvent.click(place);
      fireEvent.click(place);
    });
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.path === "checkouts/")).toHaveLength(1);
    expect(calls.filter((call) => call.path.endsWith("customers/"))).toHaveLength(1);
  });

  it("a declined card: the message sits on the card field, the cart and the typed details stay", async () => {
    api({ decline: true });
    const place = await renderCheckout();
    fillValid("4000 0000 0000 0002");
    await act(async () => {
      fireEvent.click(place);
    });
    const card = await screen.findByLabelText("Card number");
    await waitFor(() => expect(card).toHaveAccessibleDescription("Payment declined: The card was declined. Use another card and try again."));
    await waitFor(() => expect(card).toHaveFocus());
    expect(navigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(KEY)).not.toBeNull();
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.getByRole("button", { name: /^Place order/ })).toHaveAttribute("aria-disabled", "false");
  });

  it("explains test mode and lists the test cards", async () => {
    api();
    await renderCheckout();
    expect(screen.getByText(/Test mode\./)).toBeInTheDocument();
    const cards = screen.getByRole("table", { name: "Test cards" });
    expect(within(cards).getByText("4242 4242 4242 4242")).toBeInTheDocument();
    expect(within(cards).getByText("tok_test_declined")).toBeInTheDocument();
  });
});
