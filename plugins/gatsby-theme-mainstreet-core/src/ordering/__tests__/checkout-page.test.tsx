import React from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { navigate } from "gatsby";
import { CheckoutPage } from "../checkout-page";
import { ORDER_ID, fakeFetch, line, orderView, slotsView, storeCart, useSample, type Call } from "./ordering-fixtures";
import type { OrderView } from "@mainstreet/rules/api/order-api";

const KEY = "mainstreet:osteria-vela:cart:loc-fishtown";

interface ApiOptions {
  decline?: boolean;
  /** fulfillment-slots/ answers closed now (times from tomorrow 5:30pm). */
  closed?: boolean;
  /** fulfillment-slots/ fails. */
  slotsDown?: boolean;
  /** PUT fulfillments/ refuses the time with this 422 reason. */
  refuseTime?: string;
  /** POST checkouts/ answers 409: the chosen time no longer holds (the first time only). */
  timeGone?: "full";
  /** The cart's order, when not the usual one. */
  order?: OrderView;
  /** PUT customers/ refuses the email in the service's words for API clients. */
  refuseEmail?: boolean;
  /** fulfillment-slots/ answers as soon as possible refused for this reason, in these words (closed now, times from tomorrow). */
  refusedAsap?: { reason: "closed" | "paused"; message: string };
}

/** The order and checkout calls answered like the service; `decline` makes checkout answer 402. */
function api(options: ApiOptions = {}) {
  let order: OrderView = options.order ?? orderView();
  let status: OrderView["status"] = "open";
  let timeGone = options.timeGone;
  const view = () => ({ ...order, status });
  const refused = options.refusedAsap;
  return fakeFetch([
    (call: Call) => (call.path === "catalog/osteria-vela/" ? { status: 200, body: { ordering: { enabled: true }, locations: [], items: [], modifiers: [] } } : undefined),
    (call: Call) => {
      if (!call.path.startsWith(`orders/${ORDER_ID}/fulfillment-slots/`)) return undefined;
      if (options.slotsDown) return { status: 503, body: { message: "The service is restarting" } };
      const times = slotsView({ closed: options.closed || refused !== undefined, method: call.path.endsWith("method=delivery") ? "delivery" : "pickup" });
      return { status: 200, body: refused ? { ...times, asap: { ...times.asap, ...refused } } : times };
    },
    (call: Call) => {
      if (call.path !== `orders/${ORDER_ID}/customers/` || !options.refuseEmail) return undefined;
      const words = 'expected an email address like name@example.com, got "ada@example.con"';
      return { status: 422, body: { message: `body.email: ${words}`, detail: [{ path: "body.email", message: words }] } };
    },
    (call: Call) => {
      if (call.path !== `orders/${ORDER_ID}/fulfillments/` || !options.refuseTime) return undefined;
      return { status: 422, body: { message: `body.scheduled_for: ${options.refuseTime}`, detail: [{ path: "body.scheduled_for", message: options.refuseTime, code: "too_soon" }] } };
    },
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
      if (timeGone) {
        timeGone = undefined;
        return { status: 409, body: { message: "The time chosen for this order is no longer available: …", detail: { code: "full", path: "order.scheduled_for" } } };
      }
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

async function renderCheckout(order: OrderView = orderView()) {
  useSample("restaurant");
  storeCart("osteria-vela", "loc-fishtown", order);
  render(<CheckoutPage />);
  const place = await screen.findByRole("button", { name: /^Place order/ });
  // The ready times are read as the page opens: let that answer land before the test acts.
  await waitFor(() => expect(screen.queryByText(/^Checking when your order can be ready/)).toBeNull());
  return place;
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
    expect(email).toHaveAccessibleDescription("For your receipt. Error: Enter an email address like name@example.com.");
    expect(screen.getByLabelText("Phone")).toHaveAccessibleDescription(/Error: Enter a phone number with its area code, or from abroad with \+ and the country code\.$/);
    expect(screen.getByLabelText("First name")).toHaveAccessibleDescription("Error: Enter your first name.");
    const summary = screen.getAllByRole("alert")[0];
    expect(within(summary).getByRole("link", { name: "Email" })).toHaveAttribute("href", "#checkout-email");
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveFocus());
    expect(calls.filter((call) => call.path.startsWith("orders/") && call.method === "PUT")).toHaveLength(0);
  });

  it("says what to do in one plain sentence per field, never a parser's words: a bad email and an empty expiry date", async () => {
    const { calls } = api();
    const place = await renderCheckout();
    fillValid();
    fill("Email", "ada@example");
    fill("Expiry date", "");
    await act(async () => {
      fireEvent.click(place);
    });
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("For your receipt. Error: Enter an email address like name@example.com.");
    expect(screen.getByLabelText("Expiry date")).toHaveAccessibleDescription(/Error: Enter the card's expiry date, like 08\/29\.$/);
    const summary = screen.getAllByRole("alert")[0];
    expect(within(summary).getAllByRole("link").map((link) => link.textContent)).toEqual(["Email", "Expiry date"]);
    expect(document.body).not.toHaveTextContent(/expected|got "|Email: |Expiry date: /);
    expect(calls.filter((call) => call.method === "PUT")).toHaveLength(0);
  });

  it("an expired card is told to use another card", async () => {
    api();
    const place = await renderCheckout();
    fillValid();
    fill("Expiry date", "01/20");
    await act(async () => {
      fireEvent.click(place);
    });
    expect(screen.getByLabelText("Expiry date")).toHaveAccessibleDescription(/Error: This card has expired: use another card\.$/);
  });

  it("an email the service refuses shows the field's plain sentence, not the service's path and parser words", async () => {
    api({ refuseEmail: true });
    const place = await renderCheckout();
    fillValid();
    fill("Email", "ada@example.con");
    await act(async () => {
      fireEvent.click(place);
    });
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("For your receipt. Error: Enter an email address like name@example.com."));
    expect(document.body).not.toHaveTextContent(/body\.email|expected|got "/);
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.con");
  });

  it.each<[string, () => void, string, RegExp]>([
    ["a delivery address outside the postal-code shape", () => fill("Postal code", "1912"), "Postal code", /Error: Enter the postal code of the delivery address\.$/],
    ["a missing street for delivery", () => undefined, "Street address", /Error: Enter the street address, like 1200 Frankford Ave\.$/],
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

describe("the delivery minimum", () => {
  it("is told as soon as delivery is chosen, and Place order says what is missing as its description while it cannot act", async () => {
    // One Margherita with 'Nduja: $19.00 against the Fishtown minimum of $25.00.
    const small = orderView({ line_items: [line({ quantity: 1, total_price_cents: 1900 })] });
    const { calls } = api({ order: small });
    const place = await renderCheckout(small);
    expect(screen.queryByText(/more for delivery/)).toBeNull();
    expect(place).toHaveAttribute("aria-disabled", "false");
    fireEvent.click(screen.getByRole("radio", { name: /^Delivery/ }));
    await waitFor(() => expect(screen.queryByText(/^Checking when your order can be ready/)).toBeNull());
    const sentence = "Add $6.00 more for delivery (minimum $25.00).";
    const statuses = screen.getAllByRole("status").map((status) => status.textContent);
    expect(statuses).toContain(sentence);
    expect(place).toHaveAttribute("aria-disabled", "true");
    expect(place).toHaveAccessibleDescription(sentence);
    fillValid();
    fireEvent.click(place);
    expect(calls.some((call) => call.path === "checkouts/")).toBe(false);
    fireEvent.click(screen.getByRole("radio", { name: /^Pickup/ }));
    await waitFor(() => expect(screen.queryByText(/^Checking when your order can be ready/)).toBeNull());
    expect(screen.queryByText(/more for delivery/)).toBeNull();
    expect(place).toHaveAttribute("aria-disabled", "false");
    expect(place).not.toHaveAccessibleDescription(sentence);
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
    await waitFor(() => expect(card).toHaveAccessibleDescription(/ Payment declined: The card was declined\. Use another card and try again\.$/));
    await waitFor(() => expect(card).toHaveFocus());
    expect(navigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(KEY)).not.toBeNull();
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.getByRole("button", { name: /^Place order/ })).toHaveAttribute("aria-disabled", "false");
  });

  it("says test mode in one small badge with the card to use, tied to the card number, and no token table", async () => {
    api();
    await renderCheckout();
    const card = screen.getByLabelText("Card number");
    expect(card).toHaveAccessibleDescription("Test mode No real card is charged: use card 4242 4242 4242 4242, any future expiry date and any 3-digit security code.");
    expect(screen.getByText("Test mode")).toHaveClass("test-mode-badge");
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByText(/tok_test_/)).toBeNull();
  });
});

describe("card fields as the visitor types", () => {
  it.each<[string, string, string]>([
    ["Card number", "4242424242424242", "4242 4242 4242 4242"],
    ["Expiry date", "1230", "12/30"],
    ["Expiry date", "1/30", "01/30"],
  ])("%s: %s shows %s", async (label, typed, shown) => {
    api();
    await renderCheckout();
    fill(label, typed);
    expect(screen.getByLabelText(label)).toHaveValue(shown);
  });

  it("a card number failing the checksum says it has a typo, in plain words", async () => {
    api();
    const place = await renderCheckout();
    fillValid("4242 4242 4242 4241");
    await act(async () => {
      fireEvent.click(place);
    });
    expect(screen.getByLabelText("Card number")).toHaveAccessibleDescription(/Error: Check the card number: a digit is wrong or missing\.$/);
  });
});

describe("when the order will be ready", () => {
  const TUESDAY_6PM = Date.parse("2030-06-04T18:00:00-04:00");
  beforeEach(() => {
    jest.spyOn(Date, "now").mockReturnValue(TUESDAY_6PM);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  async function placeAndWait(calls: Call[]) {
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: /^Place order/ }));
    });
    await waitFor(() => expect(calls.some((call) => call.path.endsWith("fulfillments/"))).toBe(true));
  }

  it("open: as soon as possible is chosen, with its promise on the radio and in the summary", async () => {
    const { calls } = api();
    await renderCheckout();
    const asap = await screen.findByRole("radio", { name: /^As soon as possible/ });
    expect(asap).toBeChecked();
    expect(asap).toHaveAccessibleName("As soon as possible ready today at 6:25pm");
    expect(screen.getByTestId("checkout-promise")).toHaveTextContent("Ready for pickup today at 6:25pm (as soon as possible)");
    expect(screen.getByText("Times are Eastern Daylight Time, the local time at Vela Fishtown.")).toBeInTheDocument();
    fillValid();
    await placeAndWait(calls);
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(calls.find((call) => call.path.endsWith("fulfillments/"))?.body).toEqual({ method: "pickup", scheduled_for: null });
  });

  it("while the times are read, the picker and the promise hold the usual answer's place, so nothing below moves", async () => {
    const { fetchMock } = api();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = fetchMock.getMockImplementation();
    if (!answer) throw new Error("fakeFetch: expected an implementation");
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.includes("fulfillment-slots/")) await held;
      return answer(url, init);
    });
    useSample("restaurant");
    storeCart("osteria-vela", "loc-fishtown", orderView());
    render(<CheckoutPage />);
    const when = await screen.findByRole("group", { name: "When" });
    expect(when).toBeDisabled();
    expect(within(when).getByRole("status")).toHaveTextContent("Checking when your order can be ready…");
    expect(within(when).getByRole("radio", { name: "As soon as possible" })).toBeChecked();
    expect(within(when).getByRole("radio", { name: "Schedule for later" })).not.toBeChecked();
    expect(within(when).getByText("Times are Eastern Daylight Time, the local time at Vela Fishtown.")).toBeInTheDocument();
    expect(screen.queryByTestId("checkout-promise")).toBeNull();
    expect(document.querySelectorAll(".checkout__promise")).toHaveLength(1);

    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId("checkout-promise")).toHaveTextContent("Ready for pickup today at 6:25pm (as soon as possible)"));
    const ready = screen.getByRole("group", { name: "When" });
    expect(ready).toBeEnabled();
    expect(within(ready).getByRole("radio", { name: /^As soon as possible/ })).toHaveAccessibleName("As soon as possible ready today at 6:25pm");
    expect(document.querySelectorAll(".checkout__promise")).toHaveLength(1);
  });

  it("closed: says so, offers the first time there is, and sends it as scheduled_for", async () => {
    const { calls } = api({ closed: true });
    await renderCheckout();
    const closed = "Vela Fishtown is closed and opens tomorrow at 5:00pm: you can order now for later.";
    expect(await screen.findByText(closed)).toBeInTheDocument();
    expect(screen.getByText(closed).parentElement).toHaveTextContent(`${closed} Choose a day and a time below.`);
    expect(screen.queryByRole("radio", { name: /^As soon as possible/ })).toBeNull();
    const day = screen.getByRole("combobox", { name: "Day" });
    const time = screen.getByRole("combobox", { name: "Time" });
    expect(day).toHaveValue("2030-06-05");
    expect(within(day).getByRole("option", { name: "Today (no times)" })).toBeDisabled();
    expect(time).toHaveValue("2030-06-05T17:30:00.000-04:00");
    expect(screen.getByTestId("checkout-promise")).toHaveTextContent("Ready for pickup tomorrow at 5:30pm");
    fireEvent.change(time, { target: { value: "2030-06-05T17:45:00.000-04:00" } });
    expect(screen.getByTestId("checkout-promise")).toHaveTextContent("Ready for pickup tomorrow at 5:45pm");
    fireEvent.change(day, { target: { value: "2030-06-06" } });
    expect(time).toHaveValue("2030-06-06T17:30:00.000-04:00");
    expect(screen.getByTestId("checkout-promise")).toHaveTextContent("Ready for pickup Thu 6 Jun at 5:30pm");
    fillValid();
    await placeAndWait(calls);
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(calls.find((call) => call.path.endsWith("fulfillments/"))?.body).toEqual({ method: "pickup", scheduled_for: "2030-06-06T17:30:00.000-04:00" });
  });

  // Closed or paused, the service's message is the location's one ordering state (rules/orders/ordering-state.ts), the
  // cart drawer's same sentence, said once: never a second status ("Opening soon · opens 5:00pm" beside "not taking
  // online orders until 4:35pm").
  it.each<[string, "closed" | "paused", string]>([
    ["paused while open", "paused", "Vela Fishtown is not taking online orders until 7:30pm: you can order now for later."],
    ["closed, with a pause that ends before it opens", "paused", "Vela Fishtown is closed and opens today at 5:00pm: you can order now for later."],
    ["closed", "closed", "Vela Fishtown is closed and opens today at 5:00pm: you can order now for later."],
  ])("%s: one sentence says it, once", async (_name, reason, sentence) => {
    api({ refusedAsap: { reason, message: sentence } });
    await renderCheckout();
    const when = screen.getByRole("group", { name: "When" });
    expect(within(when).getByText(sentence)).toHaveAttribute("data-ordering-state", reason);
    expect(when).toHaveTextContent(new RegExp(`^When${sentence.replace(/[.:]/g, "\\$&")} Choose a day and a time below\\.`));
    expect(document.body).not.toHaveTextContent(/Opening soon|Closed now|Closed ·|Open ·|not taking orders right now/i);
    expect(document.body.textContent?.match(/not taking online orders|opens /g) ?? []).toHaveLength(1);
  });

  it("Schedule for later offers a day and a time; delivery reads the delivery times and promises a window", async () => {
    const { calls } = api();
    await renderCheckout();
    fireEvent.click(await screen.findByRole("radio", { name: "Schedule for later" }));
    expect(screen.getByRole("combobox", { name: "Time" })).toHaveValue("2030-06-04T18:30:00.000-04:00");
    fireEvent.click(screen.getByRole("radio", { name: /^Delivery/ }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith("fulfillment-slots/?method=delivery"))).toBe(true));
    await waitFor(() => expect(screen.getByTestId("checkout-promise")).toHaveTextContent("Delivery today between 6:30pm and 7:00pm"));
  });

  it("a time the service refuses (422) is shown on the time picker, which gets focus and reads the times again", async () => {
    const reason = "Today at 6:30pm is too soon: orders need 25 minutes to prepare; the earliest time is today at 6:45pm.";
    const { calls } = api({ refuseTime: reason });
    await renderCheckout();
    fireEvent.click(await screen.findByRole("radio", { name: "Schedule for later" }));
    fillValid();
    const before = calls.filter((call) => call.path.includes("fulfillment-slots/")).length;
    await placeAndWait(calls);
    const time = screen.getByRole("combobox", { name: "Time" });
    await waitFor(() => expect(time).toHaveAccessibleDescription(`Times are Eastern Daylight Time, the local time at Vela Fishtown. ${reason}`));
    expect(time).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(time).toHaveFocus());
    await waitFor(() => expect(calls.filter((call) => call.path.includes("fulfillment-slots/")).length).toBeGreaterThan(before));
    expect(navigate).not.toHaveBeenCalled();
  });

  it("a time that no longer holds when paying (409) asks for another time in plain words; the next try places the order", async () => {
    const { calls } = api({ timeGone: "full" });
    await renderCheckout();
    fireEvent.click(await screen.findByRole("radio", { name: "Schedule for later" }));
    fillValid();
    await placeAndWait(calls);
    const time = screen.getByRole("combobox", { name: "Time" });
    await waitFor(() => expect(time).toHaveAccessibleDescription(/The time you chose is no longer available: that time has just been fully booked\. Choose another time, then place your order\.$/));
    expect(screen.getByRole("alert")).toHaveTextContent("1 field needs attention:Time");
    fireEvent.change(time, { target: { value: "2030-06-04T18:45:00.000-04:00" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: /^Place order/ }));
    });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/order/?id=${ORDER_ID}`));
    expect(calls.filter((call) => call.path.endsWith("fulfillments/")).map((call) => call.body)).toEqual([
      { method: "pickup", scheduled_for: "2030-06-04T18:30:00.000-04:00" },
      { method: "pickup", scheduled_for: "2030-06-04T18:45:00.000-04:00" },
    ]);
  });

  it("times that cannot be read say so, offer a retry, and still let the service decide", async () => {
    const { calls } = api({ slotsDown: true });
    await renderCheckout();
    expect(await screen.findByText(/^The times we can have your order ready could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    fillValid();
    await placeAndWait(calls);
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(calls.find((call) => call.path.endsWith("fulfillments/"))?.body).toEqual({ method: "pickup", scheduled_for: null });
  });
});
