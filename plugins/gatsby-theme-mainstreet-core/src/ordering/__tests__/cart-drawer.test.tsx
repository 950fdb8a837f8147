import fs from "node:fs";
import path from "node:path";
import React from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { CartButton } from "../cart-button";
import { announce } from "../cart-store";
import { hideToast } from "../../components/toast";
import { CART_EXPIRY_MS } from "@mainstreet/rules/orders/cart";
import { resetLiveAvailability } from "../live-availability";
import { RESTAURANT_ORDERING, availabilityHandler, availabilityReply, fakeFetch, line, orderView, storeCart, useSample, type Call } from "./ordering-fixtures";
import type { OrderView } from "@mainstreet/rules/api/order-api";
import type { CatalogView } from "@mainstreet/rules/api/api-views";

const KEY = "mainstreet:osteria-vela:cart:loc-fishtown";

function catalog(overrides: Partial<CatalogView> = {}): CatalogView {
  return {
    id: "osteria-vela",
    type: "restaurant",
    name: "Osteria Vela",
    ordering: { enabled: true, merchant_product: "prod-osteria-vela", currency: "USD", tip_percentages: [15, 18, 20] },
    locations: [
      {
        id: "loc-fishtown",
        name: "Vela Fishtown",
        ordering_enabled: true,
        pickup_enabled: true,
        delivery: { enabled: true, fee_cents: 499, minimum_cents: 2500, window_minutes: 30 },
        reservations: { enabled: true, slot_minutes: 30 },
        order_times: { time_zone: "America/New_York", slot_minutes: 15, preparation_minutes: 25, days_ahead: 6, orders_per_slot: 6 },
      },
    ],
    items: [
      { id: "item-margherita", name: "Margherita", available: true, like_count: 0, variations: [{ id: "var-margherita-12", name: "12-inch", price_cents: 1600, available: true }], modifier_set_ids: [] },
      { id: "item-tiramisu", name: "Tiramisù", available: true, like_count: 0, variations: [{ id: "var-tiramisu", name: "", price_cents: 1000, available: true }], modifier_set_ids: [] },
    ],
    modifiers: [{ id: "mod-nduja", name: "'Nduja", price_cents: 300, available: true }],
    ...overrides,
  };
}

const twoLines = () =>
  orderView({
    line_items: [
      line(),
      line({ id: "line-2", menu_item: "item-tiramisu", name: "Tiramisù", selected_variation: { id: "var-tiramisu", menu_item: "item-tiramisu", name: "", price_cents: 1000 }, selected_modifiers: [], quantity: 1, unit_price_cents: 1000, total_price_cents: 1000 }),
    ],
  });

/** The order calls the drawer makes, answered like the service from a mutable order. */
function api(start: OrderView, live: CatalogView = catalog(), pausedUntil: string | null = null) {
  let order = start;
  const reprice = (lines: OrderView["line_items"]) => orderView({ line_items: lines });
  const locations = RESTAURANT_ORDERING.map((entry) => (entry.location_id === "loc-fishtown" ? { ...entry, paused_until: pausedUntil } : entry));
  return fakeFetch([
    availabilityHandler(availabilityReply([], [], [], locations)),
    (call: Call) => (call.path === "catalog/osteria-vela/" ? { status: 200, body: live } : undefined),
    (call: Call) => (call.method === "GET" && call.path === `orders/${order.id}/` ? { status: 200, body: order } : undefined),
    (call: Call) => {
      const match = /^orders\/items\/([^/]+)\/$/.exec(call.path);
      if (!match) return undefined;
      if (call.method === "DELETE") order = reprice(order.line_items.filter((entry) => entry.id !== match[1]));
      if (call.method === "PATCH") {
        const quantity = (call.body as { quantity: number }).quantity;
        order = reprice(order.line_items.map((entry) => (entry.id === match[1] ? { ...entry, quantity, total_price_cents: entry.unit_price_cents * quantity } : entry)));
      }
      return { status: 200, body: order };
    },
  ]);
}

async function openDrawer() {
  render(
    <div id="___gatsby">
      <CartButton />
    </div>,
  );
  const button = await screen.findByRole("button", { name: /^Cart, / });
  fireEvent.click(button);
  // The drawer is a lazy chunk: allow for a slow, busy machine.
  return screen.findByRole("dialog", { name: "Your cart" }, { timeout: 5000 });
}

/** The restaurant sample with a two-line cart at Fishtown stored, the API answering, and the drawer open. */
async function openTwoLineCart(live?: CatalogView, pausedUntil: string | null = null) {
  useSample("restaurant");
  storeCart("osteria-vela", "loc-fishtown", twoLines());
  const { calls } = api(twoLines(), live, pausedUntil);
  return { dialog: await openDrawer(), calls };
}

beforeEach(() => {
  resetLiveAvailability();
  window.localStorage.clear();
  window.dataLayer = [];
});

describe("the message of what was added (components/toast.ts: where a toast sits and when it goes)", () => {
  const TEXT = "Added 1 × Margherita to your cart.";
  const region = () => document.getElementById("ordering-announcer")!;

  /** Shows the message as a tap on Add does, on fake timers until `run` is done. */
  function withMessage(run: () => void) {
    jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick", "setImmediate"] });
    try {
      announce(TEXT, { visible: true });
      act(() => {
        jest.advanceTimersByTime(100);
      });
      expect(region()).toHaveClass("toast");
      run();
    } finally {
      jest.useRealTimers();
    }
  }

  /** Off the screen, still in the live region for screen readers. */
  function expectOnlyAnnounced() {
    expect(region()).not.toHaveClass("toast");
    expect(region()).toHaveClass("visually-hidden");
    expect(region()).toHaveAttribute("role", "status");
    expect(region()).toHaveTextContent(TEXT);
  }

  afterEach(hideToast);

  it("goes after 4 seconds on its own", () => {
    withMessage(() => {
      act(() => {
        jest.advanceTimersByTime(3800);
      });
      expect(region()).toHaveClass("toast");
      act(() => {
        jest.advanceTimersByTime(100);
      });
      expectOnlyAnnounced();
    });
  });

  it.each<[string, () => void]>([
    ["a tap anywhere", () => fireEvent.pointerDown(document.body)],
    ["a click anywhere (the cart's button)", () => fireEvent.click(document.body)],
    ["a key", () => fireEvent.keyDown(document.body, { key: "Tab" })],
    ["a scroll of the page", () => fireEvent.scroll(document)],
    ["a wheel", () => fireEvent.wheel(document.body)],
  ])("goes at once on the visitor's next move: %s, so it never stays over what they reach for", (_name, move) => {
    withMessage(() => {
      act(() => move());
      expectOnlyAnnounced();
    });
  });

  it("is not taken away by the tap that showed it", () => {
    jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick", "setImmediate"] });
    try {
      announce(TEXT, { visible: true });
      fireEvent.click(document.body);
      act(() => {
        jest.advanceTimersByTime(100);
      });
      expect(region()).toHaveClass("toast");
    } finally {
      jest.useRealTimers();
    }
  });

  it("sits under every dialog and catches no tap", () => {
    const css = fs.readFileSync(path.join(__dirname, "..", "..", "styles", "base.css"), "utf8");
    const rule = (selector: string) => new RegExp(`(?:^|\\n)${selector.replace(".", "\\.")} \\{([^}]*)\\}`).exec(css)?.[1] ?? "";
    const zIndex = (selector: string) => Number(/z-index:\s*(\d+)/.exec(rule(selector))?.[1]);
    expect(zIndex(".toast")).toBeLessThan(zIndex(".modal"));
    expect(rule(".toast")).toMatch(/pointer-events:\s*none/);
  });

  it("leaves the screen when the cart opens, so it covers none of the cart's buttons, and stays for screen readers", async () => {
    withMessage(() => undefined);
    await openTwoLineCart();
    expectOnlyAnnounced();
  });
});

describe("cart persistence and expiry", () => {
  it.each<[string, number | null, string]>([
    ["a stored cart shows its count after a reload", 60_000, "Cart, 3 items"],
    ["an expired cart is dropped and the cart is empty", -1, "Cart, empty"],
    ["no stored cart", null, "Cart, empty"],
  ])("%s", async (_label, expiresIn, label) => {
    useSample("restaurant");
    if (expiresIn !== null) storeCart("osteria-vela", "loc-fishtown", twoLines(), Date.now() + expiresIn);
    render(<CartButton />);
    expect(await screen.findByRole("button", { name: label })).toBeInTheDocument();
    if (expiresIn !== null && expiresIn < 0) expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it("keeps carts apart per location: another location's cart is not this one", async () => {
    useSample("restaurant");
    storeCart("osteria-vela", "loc-passyunk", twoLines());
    render(<CartButton />);
    expect(await screen.findByRole("button", { name: "Cart, empty" })).toBeInTheDocument();
  });

  it("renders no cart on the salon", () => {
    useSample("salon");
    const { container } = render(<CartButton />);
    expect(container).toBeEmptyDOMElement();
  });

  it("restarts the day-long expiry on every change", async () => {
    useSample("restaurant");
    storeCart("osteria-vela", "loc-fishtown", twoLines(), Date.now() + 1000);
    api(twoLines());
    const dialog = await openDrawer();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Increase quantity of Tiramisù" }));
    });
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(KEY) ?? "{}").e).toBeGreaterThan(Date.now() + CART_EXPIRY_MS - 60_000));
  });
});

describe("cart drawer focus stays where the visitor is", () => {
  it("+ keeps focus while the cart saves and after, and a second + during the save does nothing", async () => {
    const { dialog, calls } = await openTwoLineCart();
    const plus = within(dialog).getByRole("button", { name: "Increase quantity of Tiramisù" });
    plus.focus();
    fireEvent.click(plus);
    // Saving: the button says it cannot act now, and keeps the focus.
    expect(plus).toHaveAttribute("aria-disabled", "true");
    expect(plus).not.toBeDisabled();
    expect(plus).toHaveFocus();
    fireEvent.click(plus);
    await waitFor(() => expect(within(dialog).getByText("$58.00")).toBeInTheDocument());
    expect(within(dialog).getByRole("button", { name: "Increase quantity of Tiramisù" })).toHaveFocus();
    expect(calls.filter((call) => call.method === "PATCH")).toHaveLength(1);
  });

  it("− down to one stays focusable (aria-disabled), so focus does not fall to the page", async () => {
    const { dialog } = await openTwoLineCart();
    const minus = within(dialog).getByRole("button", { name: "Decrease quantity of Margherita" });
    minus.focus();
    await act(async () => {
      fireEvent.click(minus);
    });
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Decrease quantity of Margherita" })).toHaveAttribute("aria-disabled", "true"));
    expect(within(dialog).getByRole("button", { name: "Decrease quantity of Margherita" })).toHaveFocus();
  });

  it("Remove moves focus to the next line's Remove", async () => {
    const { dialog } = await openTwoLineCart();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Remove Margherita" }));
    });
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Remove Tiramisù" })).toHaveFocus());
  });
});

describe("cart drawer", () => {
  it("lists the lines with their options and the subtotal, and links to checkout", async () => {
    const { dialog } = await openTwoLineCart();
    const items = within(dialog).getByRole("list", { name: "Items in your cart" });
    expect(within(items).getAllByRole("listitem")).toHaveLength(2);
    expect(within(items).getByText("12-inch · 'Nduja")).toBeInTheDocument();
    expect(within(dialog).getByText("$48.00")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout/");
    expect(within(dialog).getByRole("combobox", { name: "Order from" })).toHaveValue("loc-fishtown");
  });

  it("changes a quantity through PATCH orders/items/{id}/ and shows the new subtotal", async () => {
    const { dialog, calls } = await openTwoLineCart();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Increase quantity of Tiramisù" }));
    });
    await waitFor(() => expect(within(dialog).getByText("$58.00")).toBeInTheDocument());
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: "PATCH",
        path: "orders/items/line-2/",
        body: { quantity: 2 },
        // A fresh Idempotency-Key with each change: a retry of this tap cannot change the quantity twice.
        headers: expect.objectContaining({ authorization: "Bearer 0123456789abcdef0123456789abcdef", "Idempotency-Key": expect.stringMatching(/^[0-9a-f]{32}$/) }),
      }),
    );
    expect(screen.getByRole("button", { name: "Cart, 4 items", hidden: true })).toBeInTheDocument();
  });

  it("removes a line through DELETE, announces it and sends Remove from Cart", async () => {
    const { dialog, calls } = await openTwoLineCart();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Remove Tiramisù" }));
    });
    await waitFor(() => expect(within(dialog).queryByText("Tiramisù")).not.toBeInTheDocument());
    expect(calls).toContainEqual(expect.objectContaining({ method: "DELETE", path: "orders/items/line-2/" }));
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ eventAction: "Remove from Cart", eventLabel: "Tiramisù" }));
    await waitFor(() => expect(document.getElementById("ordering-announcer")).toHaveTextContent("Removed Tiramisù from your cart."));
  });

  it("tells how much more delivery needs once the subtotal falls below its minimum, and still links to checkout for pickup", async () => {
    const { dialog } = await openTwoLineCart();
    expect(within(dialog).queryByText(/more for delivery/)).toBeNull();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Remove Margherita" }));
    });
    expect(await within(dialog).findByText("Add $15.00 more for delivery (minimum $25.00).")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Checkout" })).toBeInTheDocument();
  });

  it.each<[string, CatalogView, string]>([
    ["a location that stopped taking orders", catalog({ locations: [{ ...catalog().locations[0], ordering_enabled: false }] }), "Vela Fishtown is not taking online orders right now"],
    ["an item that became unavailable", catalog({ items: [{ ...catalog().items[0] }, { ...catalog().items[1], available: false }] }), "Tiramisù is sold out, so remove it to check out."],
  ])("explains %s and holds back checkout", async (_label, live, message) => {
    const { dialog } = await openTwoLineCart(live);
    expect(await within(dialog).findByText(new RegExp(message))).toBeInTheDocument();
    expect(within(dialog).queryByRole("link", { name: "Checkout" })).not.toBeInTheDocument();
  });

  // The checkout's same sentence (checkout-page.test.tsx), in place of an open status that knew nothing of the pause.
  it.each<[string, string, string | null, string]>([
    ["paused while open", "2030-06-04T18:00:00-04:00", "2030-06-04T19:30:00.000-04:00", "Vela Fishtown is not taking online orders until 7:30pm: you can order now for later."],
    ["closed, with a pause that ends before it opens", "2030-06-04T16:00:00-04:00", "2030-06-04T16:35:00.000-04:00", "Vela Fishtown is closed and opens today at 5:00pm: you can order now for later."],
    ["open", "2030-06-04T18:00:00-04:00", null, "Vela Fishtown is open for online orders until 10:00pm."],
  ])("%s: says the location's ordering state in one sentence, and checkout stays open for a later time", async (_name, now, pausedUntil, sentence) => {
    jest.spyOn(Date, "now").mockReturnValue(Date.parse(now));
    try {
      const { dialog } = await openTwoLineCart(catalog(), pausedUntil);
      expect(await within(dialog).findByText(sentence)).toHaveAttribute("role", "status");
      expect(dialog.textContent?.match(/not taking online orders|opens |open for online orders/g) ?? []).toHaveLength(1);
      expect(dialog).not.toHaveTextContent(/Opening soon|Closed ·|Open ·/);
      expect(within(dialog).getByRole("link", { name: "Checkout" })).toBeInTheDocument();
    } finally {
      jest.restoreAllMocks();
    }
  });

  it("keeps the cart and shows the message when a call fails", async () => {
    useSample("restaurant");
    storeCart("osteria-vela", "loc-fishtown", twoLines());
    fakeFetch([(call) => (call.method === "PATCH" ? { status: 503, body: { message: "database down" } } : undefined), (call) => (call.method === "GET" && call.path.startsWith("orders/") ? { status: 200, body: twoLines() } : undefined)]);
    const dialog = await openDrawer();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Increase quantity of Tiramisù" }));
    });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("An error occurred");
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(2);
    expect(window.localStorage.getItem(KEY)).not.toBeNull();
  });
});
