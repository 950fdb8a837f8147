import React from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AddToCartButton, type AddableItem } from "../add-to-cart-button";
import { resetLiveAvailability } from "../live-availability";
import { AVAILABILITY_PATH, RESTAURANT_ORDERING, availabilityHandler, availabilityReply, fakeFetch, useSample } from "./ordering-fixtures";

/**
 * The location's one ordering state at the menu's Add buttons and in the item dialog: the same sentence the
 * cart drawer and the checkout show (cart-drawer.test.tsx, checkout-page.test.tsx), and Add only where the
 * service takes the order, now or for later.
 */

function margherita(): AddableItem {
  const { site } = useSample("restaurant");
  return site.items.find((candidate) => candidate.itemId === "item-margherita") as unknown as AddableItem;
}

/** The service's availability answer with Fishtown paused until `pausedUntil`, or left out (`off`: no online orders). */
function service(fishtown: { pausedUntil?: string; off?: boolean }) {
  const locations = RESTAURANT_ORDERING.filter((entry) => !(fishtown.off && entry.location_id === "loc-fishtown")).map((entry) =>
    entry.location_id === "loc-fishtown" ? { ...entry, paused_until: fishtown.pausedUntil ?? null } : entry,
  );
  return fakeFetch([availabilityHandler(availabilityReply([], [], [], locations))], { ignore: AVAILABILITY_PATH });
}

async function openDialog(item: AddableItem) {
  render(<AddToCartButton item={item} />);
  fireEvent.click(await screen.findByRole("button", { name: `Add ${item.name}` }));
  return screen.findByRole("dialog", { name: item.name }, { timeout: 5000 });
}

beforeEach(() => {
  window.localStorage.clear();
  resetLiveAvailability();
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe("Add and the item dialog speak the location's ordering state", () => {
  it.each<[string, string, string, string]>([
    ["paused while open", "2030-06-04T18:00:00-04:00", "2030-06-04T19:30:00.000-04:00", "Vela Fishtown is not taking online orders until 7:30pm: you can order now for later."],
    ["closed, with a pause that ends before it opens", "2030-06-04T16:00:00-04:00", "2030-06-04T16:35:00.000-04:00", "Vela Fishtown is closed and opens today at 5:00pm: you can order now for later."],
  ])("%s: Add stays (the service takes the order for later) and the dialog says so in the cart's sentence", async (_name, now, pausedUntil, sentence) => {
    jest.spyOn(Date, "now").mockReturnValue(Date.parse(now));
    const { ignored } = service({ pausedUntil });
    const dialog = await openDialog(margherita());
    expect(await within(dialog).findByText(sentence)).toHaveClass("ordering-state");
    expect(dialog).not.toHaveTextContent(/Opening soon|Closed ·/);
    expect(within(dialog).getByRole("button", { name: /^Add to cart/ })).toHaveAttribute("aria-disabled", "false");
    expect(ignored.length).toBeGreaterThan(0);
  });

  it("open: the dialog says nothing of it", async () => {
    jest.spyOn(Date, "now").mockReturnValue(Date.parse("2030-06-04T18:00:00-04:00"));
    const { ignored } = service({});
    const dialog = await openDialog(margherita());
    await waitFor(() => expect(ignored.length).toBeGreaterThan(0));
    await act(async () => undefined);
    expect(dialog.querySelector(".ordering-state")).toBeNull();
  });

  it("paused past the days orders can be scheduled for: Add to cart says why and adds nothing", async () => {
    jest.spyOn(Date, "now").mockReturnValue(Date.parse("2030-06-04T18:00:00-04:00"));
    const { calls } = service({ pausedUntil: "2030-06-13T18:00:00.000-04:00" });
    const dialog = await openDialog(margherita());
    const sentence = "Vela Fishtown is not taking online orders until Thu 13 Jun at 6:00pm.";
    expect(await within(dialog).findAllByText(sentence)).toHaveLength(2);
    const add = within(dialog).getByRole("button", { name: /^Add to cart/ });
    expect(add).toHaveAttribute("aria-disabled", "true");
    expect(add).toHaveAccessibleDescription(new RegExp(`^${sentence.replace(/\./g, "\\.")}`));
    await act(async () => {
      fireEvent.click(add);
    });
    expect(calls.filter((call) => call.path === "orders/")).toHaveLength(0);
  });

  it("online orders off for the location since the build: Not taking orders in place of Add", async () => {
    service({ off: true });
    render(<AddToCartButton item={margherita()} />);
    expect(await screen.findByText("Not taking orders")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add Margherita" })).toBeNull();
  });
});
