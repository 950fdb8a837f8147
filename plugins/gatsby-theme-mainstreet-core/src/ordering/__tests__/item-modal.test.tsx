import React from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AddToCartButton, type AddableItem } from "../add-to-cart-button";
import { CartButton } from "../cart-button";
import { AVAILABILITY_PATH, availabilityHandler, availabilityReply, created, fakeFetch, orderView, line, useSample, type Call } from "./ordering-fixtures";
import { resetLiveAvailability } from "../live-availability";
import type { LineItemPayload } from "@mainstreet/rules/api/api-requests";

function itemOf(site: ReturnType<typeof useSample>["site"], id: string): AddableItem {
  const item = site.items.find((candidate) => candidate.itemId === id);
  if (!item) throw new Error(`no item ${id} in the sample`);
  return item as unknown as AddableItem;
}

async function openModal(item: AddableItem) {
  render(
    <div id="___gatsby">
      <CartButton />
      <AddToCartButton item={item} />
    </div>,
  );
  fireEvent.click(screen.getByRole("button", { name: `Add ${item.name}` }));
  // The modal is a lazy chunk: allow for a slow, busy machine.
  return screen.findByRole("dialog", { name: item.name }, { timeout: 5000 });
}

/**
 * Answers POST orders/ like the service: the line priced from the sample's catalog; what is sold out now
 * from `availability` (the calls to it are kept apart from `calls`).
 */
function orderingApi(availability: unknown = availabilityReply()) {
  return fakeFetch([
    availabilityHandler(availability),
    (call: Call) => {
      if (call.method !== "POST" || call.path !== "orders/") return undefined;
      const payload = (call.body as { line_items: LineItemPayload[] }).line_items[0];
      const unit = Math.round(payload.selected_variation.price * 100) + payload.selected_modifiers.reduce((sum, modifier) => sum + Math.round(modifier.price * 100), 0);
      return {
        status: 201,
        body: created(
          orderView({
            line_items: [
              line({
                menu_item: payload.selected_variation.menu_item,
                selected_variation: { id: payload.selected_variation.id, menu_item: payload.selected_variation.menu_item, name: payload.selected_variation.name, price_cents: Math.round(payload.selected_variation.price * 100) },
                selected_modifiers: payload.selected_modifiers.map((modifier) => ({ id: modifier.id, name: modifier.name, price_cents: Math.round(modifier.price * 100), modifier_set_id: modifier.modifier_set_id })),
                quantity: payload.quantity,
                unit_price_cents: unit,
                total_price_cents: unit * payload.quantity,
              }),
            ],
          }),
        ),
      };
    },
  ], { ignore: AVAILABILITY_PATH });
}

/** The restaurant sample with the ordering API answering, and the modal of one of its items open. */
async function openRestaurantItem(itemId: string) {
  const { site, config } = useSample("restaurant");
  const { calls } = orderingApi();
  const dialog = await openModal(itemOf(site, itemId));
  return { dialog, calls, config };
}

beforeEach(() => {
  window.localStorage.clear();
  window.dataLayer = [];
  resetLiveAvailability();
});

describe("Add button", () => {
  // First in the file: once a test has rendered the dialog, its code is there and nothing waits for it.
  it("answers a tap at once: while the dialog's code comes, the button looks pressed and says it is busy", async () => {
    const { site } = useSample("restaurant");
    orderingApi();
    const item = itemOf(site, "item-margherita");
    render(<AddToCartButton item={item} />);
    const add = screen.getByRole("button", { name: `Add ${item.name}` });
    fireEvent.click(add);
    expect(add).toHaveAttribute("data-held");
    expect(add).toHaveAttribute("aria-busy", "true");
    await screen.findByRole("dialog", { name: item.name }, { timeout: 5000 });
    expect(add).not.toHaveAttribute("data-held");
    expect(add).not.toHaveAttribute("aria-busy");
  });

  it.each<["restaurant" | "merchant", boolean]>([
    ["restaurant", true],
    ["merchant", true],
  ])("shows `Add ` + the item name on the %s menu", (sample, shown) => {
    const { site } = useSample(sample);
    const item = site.items.find((candidate) => candidate.available && candidate.visible) as unknown as AddableItem;
    render(<AddToCartButton item={item} />);
    expect(screen.queryByRole("button", { name: `Add ${item.name}` }) !== null).toBe(shown);
  });

  it("renders nothing on the salon, which takes bookings instead", () => {
    const { site } = useSample("salon");
    render(<AddToCartButton item={site.items[0] as unknown as AddableItem} />);
    expect(screen.queryByRole("button", { name: /^Add / })).not.toBeInTheDocument();
  });

  it("renders nothing for a sold-out item", () => {
    const { site } = useSample("restaurant");
    render(<AddToCartButton item={itemOf(site, "item-lasagna")} />);
    expect(screen.queryByRole("button", { name: /^Add / })).not.toBeInTheDocument();
  });
});

describe("sold out", () => {
  it("a sold-out variation is listed, disabled and says so; another is chosen; the line sent is the orderable one", async () => {
    const { dialog, calls } = await openRestaurantItem("item-arancini");
    const six = within(dialog).getByRole("radio", { name: "6 pieces sold out" });
    expect(six).toBeDisabled();
    expect(within(dialog).getByRole("radio", { name: /^3 pieces/ })).toBeChecked();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: /^Add to cart/ }));
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0].body as { line_items: LineItemPayload[] }).line_items[0].selected_variation.id).toBe("var-arancini-3");
  });

  it.each<[string, Partial<AddableItem>]>([
    ["marked unavailable", { available: false }],
    ["every variation sold out", { variations: [{ id: "v-1", name: "", priceCents: 900, order: 0, available: false }] }],
  ])("an item %s has no Add button", (_label, overrides) => {
    const { site } = useSample("restaurant");
    render(<AddToCartButton item={{ ...itemOf(site, "item-margherita"), ...overrides }} />);
    expect(screen.queryByRole("button", { name: /^Add / })).not.toBeInTheDocument();
  });
});

describe("item modal: modifier min/max and price display", () => {
  it("blocks Add to cart until a required set is satisfied, saying which set", async () => {
    const { dialog, calls } = await openRestaurantItem("item-pomodoro");
    const add = within(dialog).getByRole("button", { name: /^Add to cart/ });
    expect(add).toHaveAttribute("aria-disabled", "true");
    expect(within(dialog).getByText("Choose your pasta shape: choose at least 1 (0 choices made)")).toBeInTheDocument();
    fireEvent.click(add);
    expect(calls).toHaveLength(0);
    // The problem is now tied to its set and focus moves to its first choice.
    const shapes = within(dialog).getByRole("group", { name: "Choose your pasta shape" });
    expect(shapes).toHaveAccessibleDescription(/Required: choose 1.*choose at least 1 \(0 choices made\)/);
    expect(within(shapes).getByRole("radio", { name: /Spaghetti/ })).toHaveFocus();
    fireEvent.click(within(shapes).getByRole("radio", { name: /Rigatoni/ }));
    expect(add).toHaveAttribute("aria-disabled", "false");
  });

  it("caps a set at its maximum: once full, the other boxes are disabled; unavailable ones always are", async () => {
    const { dialog } = await openRestaurantItem("item-margherita");
    const toppings = within(dialog).getByRole("group", { name: "Add toppings" });
    const box = (name: RegExp) => within(toppings).getByRole("checkbox", { name });
    expect(box(/Prosciutto/)).toBeDisabled();
    expect(within(toppings).getByText("Unavailable")).toBeInTheDocument();
    fireEvent.click(box(/Nduja/));
    fireEvent.click(box(/Anchovies/));
    expect(box(/Arugula/)).toBeEnabled();
    fireEvent.click(box(/olives/));
    expect(within(toppings).getByText(/3 of 3 chosen/)).toBeInTheDocument();
    expect(box(/Arugula/)).toBeDisabled();
    expect(box(/Nduja/)).toBeEnabled();
    fireEvent.click(box(/Nduja/));
    expect(box(/Arugula/)).toBeEnabled();
  });

  it.each<[string, (dialog: HTMLElement) => void, string]>([
    ["the base price of the first size", () => undefined, "$16.00"],
    ["the bigger size", (dialog) => fireEvent.click(within(dialog).getByRole("radio", { name: /16-inch/ })), "$22.00"],
    ["plus a $3.00 topping", (dialog) => fireEvent.click(within(dialog).getByRole("checkbox", { name: /Nduja/ })), "$19.00"],
    [
      "times a quantity of 3",
      (dialog) => {
        fireEvent.click(within(dialog).getByRole("checkbox", { name: /Nduja/ }));
        fireEvent.click(within(dialog).getByRole("button", { name: "Increase quantity" }));
        fireEvent.click(within(dialog).getByRole("button", { name: "Increase quantity" }));
      },
      "$57.00",
    ],
  ])("shows the live line price: %s", async (_label, act_, price) => {
    const { dialog } = await openRestaurantItem("item-margherita");
    act_(dialog);
    expect(within(dialog).getByRole("status")).toHaveTextContent(price);
    expect(within(dialog).getByRole("button", { name: new RegExp(`Add to cart · \\${price}`) })).toBeInTheDocument();
    // Each modifier's own price is part of its label.
    expect(within(dialog).getByRole("checkbox", { name: "'Nduja +$3.00" })).toBeInTheDocument();
    expect(within(dialog).getByRole("checkbox", { name: "Anchovies +$2.50" })).toBeInTheDocument();
  });

  it("adds the line: creates the order with the SPEC §3 line, stores the cart, updates the badge and sends Add to Cart", async () => {
    const { dialog, calls, config } = await openRestaurantItem("item-margherita");
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /Nduja/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Increase quantity" }));
    fireEvent.change(within(dialog).getByLabelText("Special instructions (optional)"), { target: { value: "Extra crispy" } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: /^Add to cart/ }));
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "orders/",
        body: {
          merchant_product: config?.merchantProduct,
          merchant_location: "loc-fishtown",
          line_items: [
            {
              selected_variation: { id: "var-margherita-12", menu_item: "item-margherita", name: "12-inch", order: expect.any(Number), price: 16 },
              selected_modifiers: [{ id: "mod-nduja", modifier_set_id: "set-toppings", name: "'Nduja", price: 3 }],
              special_instructions: "Extra crispy",
              quantity: 2,
            },
          ],
        },
      }),
    ]);
    expect(window.localStorage.getItem("mainstreet:osteria-vela:cart:loc-fishtown")).toContain('"token":"0123456789abcdef0123456789abcdef"');
    expect(await screen.findByRole("button", { name: "Cart, 2 items" })).toBeInTheDocument();
    // What the tap did is on screen, not only announced.
    const added = await screen.findByText("Added 2 × Margherita to your cart.");
    expect(added).toHaveAttribute("role", "status");
    expect(added).toHaveClass("toast");
    expect(added).not.toHaveClass("visually-hidden");
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ eventCategory: "Products", eventAction: "Add to Cart", eventLabel: "Margherita", eventValue: 38 }));
  });

  it("keeps the modal and the choices when the call fails, with the SPEC §8 message", async () => {
    const { site } = useSample("restaurant");
    fakeFetch([() => ({ status: 422, body: { message: "merchant_location: Vela Fishtown does not take online orders" } })]);
    const dialog = await openModal(itemOf(site, "item-margherita"));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /Nduja/ }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: /^Add to cart/ }));
    });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("merchant_location: Vela Fishtown does not take online orders");
    expect(within(dialog).getByRole("checkbox", { name: /Nduja/ })).toBeChecked();
    expect(window.localStorage.getItem("mainstreet:osteria-vela:cart:loc-fishtown")).toBeNull();
  });
});
