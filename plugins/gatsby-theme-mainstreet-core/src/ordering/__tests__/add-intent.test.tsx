import React from "react";
import { act, screen, waitFor, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToStaticHtml } from "../../__tests__/server-render";
import { ADD_BUTTON_ATTRIBUTE, installAddIntent, markAddButtonLive, takeEarlyTap } from "../add-intent";
import { AddToCartButton, type AddableItem } from "../add-to-cart-button";
import { useSample } from "./ordering-fixtures";

/** A page of its own (the imported Add button already listens on the test's document). */
function page(): { doc: Document; load: jest.Mock; button: (itemId: string) => HTMLButtonElement } {
  const doc = document.implementation.createHTMLDocument("menu");
  const load = jest.fn();
  installAddIntent(load, doc);
  return {
    doc,
    load,
    button: (itemId) => {
      const button = doc.createElement("button");
      button.setAttribute(ADD_BUTTON_ATTRIBUTE, itemId);
      button.innerHTML = "<span>Add</span>";
      doc.body.appendChild(button);
      return button;
    },
  };
}

const click = (target: Element) => target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));

afterEach(() => {
  document.body.innerHTML = "";
});

describe("add-intent: a tap before the button's code is kept", () => {
  it.each<[string, boolean, (button: HTMLButtonElement) => Element]>([
    ["the button itself", true, (button) => button],
    ["its label inside it", true, (button) => button.querySelector("span") as Element],
    ["a button already live (its own handler acts)", false, (button) => (markAddButtonLive(button), button)],
  ])("a click on %s → kept: %s", (_label, kept, target) => {
    const { load, button } = page();
    const add = button("item-margherita");
    click(target(add));
    expect(takeEarlyTap(add)).toBe(kept);
    expect(load).toHaveBeenCalledTimes(kept ? 1 : 0);
    // Taken once: a later mount of the same button does not open its dialog again.
    expect(takeEarlyTap(add)).toBe(false);
  });

  it("keeps only the last early tap, and ignores clicks outside Add buttons", () => {
    const { doc, load, button } = page();
    const first = button("item-a");
    const second = button("item-b");
    const elsewhere = doc.createElement("p");
    doc.body.appendChild(elsewhere);
    click(elsewhere);
    expect(load).not.toHaveBeenCalled();
    click(first);
    click(second);
    expect(takeEarlyTap(first)).toBe(false);
    expect(takeEarlyTap(second)).toBe(true);
  });
});

describe("an Add tapped in the server HTML, before hydration, opens its dialog once the button is live", () => {
  it("hydrates the same button and opens the item dialog", async () => {
    const { site } = useSample("restaurant");
    const item = site.items.find((candidate) => candidate.itemId === "item-margherita") as unknown as AddableItem;
    const app = (
      <div id="___gatsby">
        <AddToCartButton item={item} />
      </div>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToStaticHtml(app);
    document.body.appendChild(container);
    const serverButton = container.querySelector<HTMLButtonElement>(`[${ADD_BUTTON_ATTRIBUTE}="item-margherita"]`);
    expect(serverButton).not.toBeNull();
    // The visitor taps the server-rendered button: nothing of React is attached to it yet.
    serverButton?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    await act(async () => {
      hydrateRoot(container, app);
    });
    const dialog = await screen.findByRole("dialog", { name: "Margherita" }, { timeout: 5000 });
    expect(within(dialog).getByRole("button", { name: /^Add to cart/ })).toBeInTheDocument();
    // Hydration kept the very element that was tapped.
    await waitFor(() => expect(container.querySelector(`[${ADD_BUTTON_ATTRIBUTE}="item-margherita"]`)).toBe(serverButton));
  });
});
