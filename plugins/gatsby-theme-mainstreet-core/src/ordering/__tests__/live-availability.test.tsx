import React, { Profiler } from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AddToCartButton, type AddableItem } from "../add-to-cart-button";
import { loadLiveAvailability, resetLiveAvailability } from "../live-availability";
import { AVAILABILITY_PATH, availabilityHandler, availabilityReply, fakeFetch, useSample, type Call } from "./ordering-fixtures";

/** Sold out now, read from the service by the menu cards and the item dialog. */

type Site = ReturnType<typeof useSample>["site"];

function itemOf(site: Site, id: string): AddableItem {
  const item = site.items.find((candidate) => candidate.itemId === id);
  if (!item) throw new Error(`no item ${id} in the sample`);
  return item as unknown as AddableItem;
}

/** A fetch whose availability answer waits until `answer` is called, so a test sees the page before and after it. */
function heldAvailability(reply: unknown) {
  const calls: Call[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? "GET", path: url.replace(/^\/api\//, ""), body: undefined, headers: {} });
    await held;
    return { ok: true, status: 200, statusText: "", text: async () => JSON.stringify(reply) } as Response;
  });
  return { calls, answer: release };
}

/** Opens the item's dialog from its Add button. */
async function openDialog(item: AddableItem) {
  render(<AddToCartButton item={item} />);
  fireEvent.click(await screen.findByRole("button", { name: `Add ${item.name}` }));
  return screen.findByRole("dialog", { name: item.name }, { timeout: 5000 });
}

/**
 * The service answering what is sold out, and refusing the first order (422, `refusal` naming the line sold out
 * meanwhile); from then on its answer marks `soldOutAfter` (availabilityReply's lists) sold out.
 */
function refusesOnce(refusal: { path: string; message: string }, soldOutAfter: Parameters<typeof availabilityReply>) {
  let soldOut = false;
  fakeFetch(
    [
      (call) => availabilityHandler(soldOut ? availabilityReply(...soldOutAfter) : availabilityReply())(call),
      (call) => {
        if (call.method !== "POST" || call.path !== "orders/") return undefined;
        soldOut = true;
        return { status: 422, body: { message: `${refusal.path}: ${refusal.message}`, detail: [refusal] } };
      },
    ],
    { ignore: AVAILABILITY_PATH },
  );
}

/** Presses the dialog's Add to cart and finds the message it shows. */
async function addAndReadAlert(dialog: HTMLElement) {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole("button", { name: /^Add to cart/ }));
  });
  return within(dialog).findByRole("alert");
}

const NOW = Date.parse("2030-06-01T12:00:00Z");

beforeEach(() => {
  window.localStorage.clear();
  resetLiveAvailability();
  jest.spyOn(Date, "now").mockReturnValue(NOW);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe("menu cards", () => {
  it("ask once for every card, and a card the merchant sold out since the build says Sold out in place of Add", async () => {
    const { site, config } = useSample("restaurant");
    const held = heldAvailability(availabilityReply(["item-margherita"]));
    const commits = { margherita: 0, pomodoro: 0 };
    render(
      <>
        <Profiler id="margherita" onRender={() => (commits.margherita += 1)}>
          <AddToCartButton item={itemOf(site, "item-margherita")} />
        </Profiler>
        <Profiler id="pomodoro" onRender={() => (commits.pomodoro += 1)}>
          <AddToCartButton item={itemOf(site, "item-pomodoro")} />
        </Profiler>
      </>,
    );
    expect(screen.getByRole("button", { name: "Add Margherita" })).toBeInTheDocument();
    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0].path).toBe(`businesses/${config?.siteId}/availability/`);
    const before = { ...commits };
    held.answer();
    await act(() => loadLiveAvailability(config?.siteId ?? ""));
    expect(screen.queryByRole("button", { name: "Add Margherita" })).not.toBeInTheDocument();
    expect(screen.getByText("Sold out")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Pasta al Pomodoro" })).toBeInTheDocument();
    // Only the card whose answer changed rendered again.
    expect(commits.margherita).toBeGreaterThan(before.margherita);
    expect(commits.pomodoro).toBe(before.pomodoro);
    expect(held.calls).toHaveLength(1);
  });

  it("commit nothing at all when the answer changes nothing the build did not already say", async () => {
    const { site, config } = useSample("restaurant");
    // Lasagna is sold out in the build data already; the answer repeats it and marks nothing else.
    const held = heldAvailability(availabilityReply(["item-lasagna"], ["var-arancini-6"]));
    let commits = 0;
    render(
      <Profiler id="menu" onRender={() => (commits += 1)}>
        <AddToCartButton item={itemOf(site, "item-margherita")} />
        <AddToCartButton item={itemOf(site, "item-arancini")} />
      </Profiler>,
    );
    await waitFor(() => expect(held.calls).toHaveLength(1));
    const before = commits;
    held.answer();
    await act(() => loadLiveAvailability(config?.siteId ?? ""));
    expect(commits).toBe(before);
    expect(screen.getAllByRole("button", { name: /^Add / })).toHaveLength(2);
  });

  it.each<[string, unknown]>([
    ["the service unreachable", null],
    ["a reply that is not an availability answer", "<html>Bad gateway</html>"],
  ])("%s: the build data stands", async (_name, reply) => {
    const { site, config } = useSample("restaurant");
    const { ignored } = fakeFetch(reply === null ? [] : [availabilityHandler(reply)], { ignore: AVAILABILITY_PATH });
    render(<AddToCartButton item={itemOf(site, "item-margherita")} />);
    await act(() => loadLiveAvailability(config?.siteId ?? ""));
    expect(ignored).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Add Margherita" })).toBeInTheDocument();
  });

  it("a later page (30 seconds on) asks again; within them the answer is shared", async () => {
    const { config } = useSample("restaurant");
    const { ignored } = fakeFetch([availabilityHandler()], { ignore: AVAILABILITY_PATH });
    const siteId = config?.siteId ?? "";
    await loadLiveAvailability(siteId, NOW);
    await loadLiveAvailability(siteId, NOW + 29_999);
    expect(ignored).toHaveLength(1);
    await loadLiveAvailability(siteId, NOW + 30_000);
    expect(ignored).toHaveLength(2);
  });
});

describe("the item dialog", () => {
  it("reads what is sold out again when it opens: a size sold out since is disabled, and the first one left is chosen", async () => {
    const { site } = useSample("restaurant");
    let reply = availabilityReply();
    const { ignored } = fakeFetch([(call) => availabilityHandler(reply)(call)], { ignore: AVAILABILITY_PATH });
    render(<AddToCartButton item={itemOf(site, "item-margherita")} />);
    await waitFor(() => expect(ignored).toHaveLength(1));
    reply = availabilityReply([], ["var-margherita-12"]);
    fireEvent.click(await screen.findByRole("button", { name: "Add Margherita" }));
    const dialog = await screen.findByRole("dialog", { name: "Margherita" }, { timeout: 5000 });
    await waitFor(() => expect(within(dialog).getByRole("radio", { name: /^12-inch/ })).toBeDisabled());
    expect(ignored).toHaveLength(2);
    expect(within(dialog).getByRole("radio", { name: "12-inch sold out" })).not.toBeChecked();
    expect(within(dialog).getByRole("radio", { name: /^16-inch/ })).toBeChecked();
  });

  it("the whole item sold out meanwhile: the dialog says so and Add to cart stays blocked", async () => {
    const { site } = useSample("restaurant");
    // The card's own read has not come back when the visitor taps Add.
    const held = heldAvailability(availabilityReply(["item-pomodoro"]));
    const dialog = await openDialog(itemOf(site, "item-pomodoro"));
    held.answer();
    expect(await within(dialog).findByText("Sold out")).toBeInTheDocument();
    const add = within(dialog).getByRole("button", { name: /^Add to cart/ });
    expect(add).toHaveAttribute("aria-disabled", "true");
    fireEvent.click(add);
    expect(held.calls.every((call) => AVAILABILITY_PATH.test(call.path))).toBe(true);
  });

  it("the service refusing a line sold out in the meantime reads as a sentence, not a field path", async () => {
    const { site } = useSample("restaurant");
    refusesOnce({ path: "line_items[0].selected_variation.menu_item", message: "Margherita is sold out" }, [["item-margherita"]]);
    const dialog = await openDialog(itemOf(site, "item-margherita"));
    expect(await addAndReadAlert(dialog)).toHaveTextContent("Sorry, Margherita is sold out. Choose something else.");
    // The refusal made it read again: the dialog now shows the item sold out.
    expect(await within(dialog).findByText("Sold out")).toBeInTheDocument();
  });
});

describe("a modifier sold out from the workspace", () => {
  it("the dialog shows it unavailable once the service says so; the item stays on sale", async () => {
    const { site } = useSample("restaurant");
    fakeFetch([availabilityHandler(availabilityReply([], [], ["mod-nduja"]))], { ignore: AVAILABILITY_PATH });
    const dialog = await openDialog(itemOf(site, "item-margherita"));
    const toppings = within(dialog).getByRole("group", { name: "Add toppings" });
    await waitFor(() => expect(within(toppings).getByRole("checkbox", { name: /Nduja/ })).toBeDisabled());
    expect(within(toppings).getByRole("checkbox", { name: "'Nduja Unavailable" })).toBeInTheDocument();
    expect(within(toppings).getByRole("checkbox", { name: /Anchovies/ })).toBeEnabled();
    expect(within(dialog).getByRole("button", { name: /^Add to cart/ })).toHaveAttribute("aria-disabled", "false");
  });

  it("the service refusing a line whose topping sold out meanwhile reads as one sentence, and the topping shows unavailable", async () => {
    const { site } = useSample("restaurant");
    refusesOnce({ path: "line_items[0].selected_modifiers[0].id", message: "'Nduja for Margherita is sold out" }, [[], [], ["mod-nduja"]]);
    const dialog = await openDialog(itemOf(site, "item-margherita"));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /Nduja/ }));
    expect(await addAndReadAlert(dialog)).toHaveTextContent(/^Sorry, 'Nduja for Margherita is sold out\. Choose something else\.$/);
    await waitFor(() => expect(within(dialog).getByRole("checkbox", { name: /Nduja/ })).toBeDisabled());
  });
});
