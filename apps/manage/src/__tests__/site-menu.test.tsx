import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MenuSection } from "../site/menu-section";
import type { SiteDocument } from "../site/site-document";
import { contractProblems, renderSection, restaurant, salon } from "./site-menu-harness";

/**
 * The Menu (Services) section of the Site screen: categories added, renamed, reordered and removed; items
 * opened by their name, edited, moved and removed; prices written as the owner types them, and a refused
 * price shown as a sentence at its field. Every document the section writes passes the data contract.
 */

/** What a person does, one event each (the workspace's tests drive the DOM with fireEvent). */
const userEvent = {
  click: async (element: Element) => {
    act(() => {
      fireEvent.click(element);
    });
  },
  type: async (element: HTMLElement, text: string) => {
    act(() => {
      fireEvent.change(element, { target: { value: `${(element as HTMLInputElement).value}${text}` } });
    });
  },
  clear: async (element: HTMLElement) => {
    act(() => {
      fireEvent.change(element, { target: { value: "" } });
    });
  },
  selectOptions: async (element: HTMLElement, label: string) => {
    const option = within(element).getByRole("option", { name: label }) as HTMLOptionElement;
    act(() => {
      fireEvent.change(element, { target: { value: option.value } });
    });
  },
};

type Menu = NonNullable<SiteDocument["menu"]>;
const menu = (document: SiteDocument): Required<Pick<Menu, "categories" | "items">> => ({ categories: document.menu?.categories ?? [], items: document.menu?.items ?? [] });
const category = (document: SiteDocument, id: string) => menu(document).categories.find((entry) => entry._id === id);
/** The Move up or Move down button of an item's row. */
const rowButton = (itemName: string, name: string) => within(screen.getByRole("button", { name: itemName }).closest("li") as HTMLElement).getByRole("button", { name });
const item = (document: SiteDocument, id: string) => menu(document).items.find((entry) => entry._id === id);

describe("the menu section", () => {
  it("shows one category at a time and opens an item by a button named after it; its prices are labelled by variation", async () => {
    renderSection(MenuSection, salon());
    expect(screen.getByText(/22 items in 7 categories/)).toBeInTheDocument();
    // Haircuts is first in the site's order, so it is open.
    expect(screen.getByRole("list", { name: "Items in Haircuts" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Balayage" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /^Color/ }));
    await userEvent.click(screen.getByRole("button", { name: "Balayage" }));
    expect(screen.getByRole("button", { name: "Balayage" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByLabelText("Price of Shoulder length")).toHaveValue("180");
    // An item with one variation has one field called Price.
    await userEvent.click(screen.getByRole("button", { name: "Gloss" }));
    expect(screen.getByLabelText("Price")).toBeInTheDocument();
  });

  it.each([
    ["12.50", "12.50"],
    ["12.5", "12.5"],
    ["12", "12"],
  ])("writes a price typed as %s in the data file's form (%s), which the contract accepts", async (typed, written) => {
    const { state } = renderSection(MenuSection, salon());
    await userEvent.click(screen.getByRole("button", { name: /^Color/ }));
    await userEvent.click(screen.getByRole("button", { name: "Gloss" }));
    const price = screen.getByLabelText("Price");
    await userEvent.clear(price);
    await userEvent.type(price, typed);
    expect(item(state.document, "item-gloss")?.variations[0].price).toBe(written);
    expect(contractProblems(state.document)).toEqual([]);
  });

  it("shows the service's refusal of a price as one sentence at the field, tied to its input, with its item open", async () => {
    const document = salon();
    const index = menu(document).items.findIndex((entry) => entry._id === "item-gloss");
    const errors = new Map([[`menu.items[${index}].variations[0].price`, 'expected a price in USD with at most 2 decimals, like 12.5 or "12.50", got "65.123"']]);
    renderSection(MenuSection, document, { errors });
    // The refused item's category and the item itself are open: the error summary's link finds the field.
    expect(within(screen.getByRole("list", { name: "Items in Color" })).getByText("Needs fixing")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Gloss" })).toHaveAttribute("aria-expanded", "true");
    const price = screen.getByLabelText("Price");
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(price).toHaveAccessibleDescription("Enter the price with at most 2 decimals, like 12.50.");
    expect(price.id).toBe(`site-menu-items-${index}-variations-0-price`);
  });

  it("adds, renames, reorders and removes categories; a category with items is removed only after a confirmation, and its items stay", async () => {
    const { state } = renderSection(MenuSection, salon());
    await userEvent.click(screen.getByRole("button", { name: "Add category" }));
    expect(screen.getByText("Enter the new category's name.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("New category's name"), "Men's grooming");
    await userEvent.click(screen.getByRole("button", { name: "Add category" }));
    const added = menu(state.document).categories.at(-1);
    expect(added).toMatchObject({ name: "Men's grooming", items: [], order: 8 });
    // The new category is open, and empty: it goes without a question.
    expect(screen.getByLabelText("Category name")).toHaveValue("Men's grooming");
    // The open category's own buttons come before its items'.
    await userEvent.click(screen.getAllByRole("button", { name: "Move up" })[0]);
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Move up" })[0]).toHaveFocus());
    const order = () => [...menu(state.document).categories].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)).map((entry) => entry.name);
    expect(order().slice(-2)).toEqual(["Men's grooming", "Nails"]);
    await userEvent.click(screen.getByRole("button", { name: "Remove this category" }));
    expect(menu(state.document).categories.map((entry) => entry.name)).not.toContain("Men's grooming");

    await userEvent.click(screen.getByRole("button", { name: /^Nails/ }));
    await userEvent.clear(screen.getByLabelText("Category name"));
    await userEvent.type(screen.getByLabelText("Category name"), "Hands and feet");
    expect(category(state.document, "cat-nails")?.name).toBe("Hands and feet");
    await userEvent.click(screen.getByRole("button", { name: "Remove this category" }));
    const dialog = screen.getByRole("dialog", { name: "Remove Hands and feet?" });
    expect(dialog).toHaveTextContent("Its 3 items stay on the services");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove the category" }));
    expect(category(state.document, "cat-nails")).toBeUndefined();
    expect(item(state.document, "item-manicure")).toBeDefined();
    // Lena was bookable for the Nails category: the reference goes with it.
    expect(state.document.team?.find((member) => member.name === "Lena Hoffmann")?.services).toEqual(["cat-treatments-spa"]);
    expect(contractProblems(state.document)).toEqual([]);
    expect(screen.getByRole("button", { name: /^In no category/ })).toBeInTheDocument();
  });

  it("adds an item with its name and price, reorders it, hides it, moves it to another category and removes it everywhere", async () => {
    const { state } = renderSection(MenuSection, salon());
    await userEvent.click(screen.getByRole("button", { name: "Add item" }));
    expect(screen.getByLabelText("New item's name")).toHaveAccessibleDescription("Enter the new item's name.");
    await userEvent.type(screen.getByLabelText("New item's name"), "Beard trim");
    await userEvent.type(screen.getByLabelText("New item's price"), "25");
    await userEvent.click(screen.getByRole("button", { name: "Add item" }));
    const added = menu(state.document).items.at(-1);
    expect(added).toMatchObject({ name: "Beard trim", variations: [{ name: "", price: "25" }] });
    const id = added?._id ?? "";
    expect(category(state.document, "cat-haircuts")?.items?.at(-1)).toBe(id);

    await userEvent.click(rowButton("Beard trim", "Move up"));
    await waitFor(() => expect(rowButton("Beard trim", "Move up")).toHaveFocus());
    expect(category(state.document, "cat-haircuts")?.items?.slice(-2)).toEqual([id, "item-fringe-trim"]);

    await userEvent.click(screen.getByRole("checkbox", { name: "Show on the site" }));
    expect(item(state.document, id)?.visible).toBe(false);
    await userEvent.type(screen.getByLabelText("Description"), "Shaped with a straight razor.");
    expect(item(state.document, id)?.description).toBe("Shaped with a straight razor.");
    await userEvent.selectOptions(screen.getByLabelText("Category"), "Styling");
    expect(category(state.document, "cat-haircuts")?.items).not.toContain(id);
    expect(category(state.document, "cat-styling")?.items).toContain(id);
    expect(contractProblems(state.document)).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: /^Styling/ }));
    await userEvent.click(screen.getByRole("button", { name: "Blowout" }));
    // Only the item's own button carries its name: the e2e finds it as getByRole("button", { name: "Blowout" }).
    expect(screen.getAllByRole("button", { name: /Blowout/ }).map((button) => button.textContent)).toEqual(["Blowout", "Holiday Glam Blowout"]);
    await userEvent.click(screen.getByRole("button", { name: "Remove this item" }));
    await userEvent.click(within(screen.getByRole("dialog", { name: "Remove Blowout?" })).getByRole("button", { name: "Remove the item" }));
    expect(item(state.document, "item-blowout")).toBeUndefined();
    expect(menu(state.document).categories.some((entry) => entry.items?.includes("item-blowout"))).toBe(false);
    expect(state.document.team?.some((member) => member.services?.includes("item-blowout"))).toBe(false);
    expect(contractProblems(state.document)).toEqual([]);
  });

  it("adds and removes a variation; several variations name their price fields", async () => {
    const { state } = renderSection(MenuSection, salon());
    await userEvent.click(screen.getByRole("button", { name: /^Color/ }));
    await userEvent.click(screen.getByRole("button", { name: "Gloss" }));
    await userEvent.click(screen.getByRole("button", { name: "Add a variation" }));
    await userEvent.type(screen.getByLabelText("Name of variation 2"), "Long hair");
    await userEvent.type(screen.getByLabelText("Price of Long hair"), "95.00");
    expect(item(state.document, "item-gloss")?.variations[1]).toMatchObject({ name: "Long hair", price: "95.00" });
    expect(contractProblems(state.document)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Remove variation 2" }));
    expect(item(state.document, "item-gloss")?.variations).toHaveLength(1);
  });

  it("is called Menu for a restaurant, and staff read it without ways to change it", () => {
    renderSection(MenuSection, restaurant(), { readOnly: true });
    expect(screen.queryByRole("button", { name: "Add category" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Move up" })).not.toBeInTheDocument();
    expect(screen.getByText(/items in 5 categories/)).toBeInTheDocument();
  });
});

/** A menu of 2,000 items in 20 categories of 100. */
function bigMenu(): SiteDocument {
  const document = salon();
  const items = Array.from({ length: 2000 }, (_, index) => ({ _id: `gen-${index}`, name: `Generated item ${index + 1}`, variations: [{ _id: `gen-${index}-v`, name: "", price: `${10 + (index % 50)}.50` }] }));
  const categories = Array.from({ length: 20 }, (_, index) => ({ _id: `cat-${index}`, name: `Category ${index + 1}`, order: index, items: items.slice(index * 100, index * 100 + 100).map((entry) => entry._id) }));
  return { ...document, team: [], locations: document.locations?.map((location) => ({ ...location, appointments: undefined })), menu: { categories, items } };
}

describe("a 2,000-item menu", () => {
  it("shows the open category's 100 rows, not 2,000, and takes a typed price", async () => {
    const { state, container } = renderSection(MenuSection, bigMenu());
    expect(container.querySelectorAll(".site-row")).toHaveLength(100);
    await userEvent.click(screen.getByRole("button", { name: "Category 10 (100)" }));
    expect(container.querySelectorAll(".site-row")).toHaveLength(100);
    await userEvent.click(screen.getByText("Generated item 1000"));
    await userEvent.clear(screen.getByLabelText("Price"));
    await userEvent.type(screen.getByLabelText("Price"), "14.25");
    expect(item(state.document, "gen-999")?.variations[0].price).toBe("14.25");
    expect(contractProblems(state.document)).toEqual([]);
  });

  it("shows a category of 2,000 items 100 rows at a time", async () => {
    const document = bigMenu();
    const items = document.menu?.items ?? [];
    const { container } = renderSection(MenuSection, { ...document, menu: { ...document.menu, categories: [{ _id: "all", name: "Everything", items: items.map((entry) => entry._id ?? "") }] } });
    expect(container.querySelectorAll(".site-row")).toHaveLength(100);
    await userEvent.click(screen.getByRole("button", { name: "Show 100 more of 1900 left" }));
    expect(container.querySelectorAll(".site-row")).toHaveLength(200);
  });

  it("opens a refused item far down a long category, with the rows down to it and no more", () => {
    const document = bigMenu();
    const items = document.menu?.items ?? [];
    const errors = new Map([["menu.items[234].variations[0].price", "expected a price in USD with at most 2 decimals, like 12.5 or \"12.50\", got 1.234"]]);
    const { container } = renderSection(MenuSection, { ...document, menu: { ...document.menu, categories: [{ _id: "all", name: "Everything", items: items.map((entry) => entry._id ?? "") }] } }, { errors });
    expect(container.querySelectorAll(".site-row")).toHaveLength(300);
    // By id and text: a search by role through hundreds of rows is slow in jsdom.
    expect(container.querySelector("#item-name-gen-234")).toHaveAttribute("aria-expanded", "true");
    expect(container.querySelector("#site-menu-items-234-variations-0-price")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Show 100 more of 1700 left")).toBeInTheDocument();
  });
});
