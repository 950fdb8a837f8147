import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { refusedFields } from "../site/field-sentences";
import { fieldIdOf } from "../site/menu-fields";
import { MenuSection } from "../site/menu-section";
import { pathLabel } from "../site/paths";
import type { SiteDocument } from "../site/site-document";
import { CSRF, NOW, OWNER, fakeService } from "./fake-service";
import { renderApp } from "./render-app";
import { contractProblems, renderSection, restaurant, salon } from "./site-menu-harness";

/**
 * What a booking depends on, in the Menu (Services) section: each variation's length in minutes and the time
 * after it, where the business takes appointments (or a variation already has a length); the text shown
 * instead of a price; an item or one variation sold out. Lengths are written as numbers, an emptied field
 * leaves its key out, and the service's refusal of one reads as a sentence at its field and in the summary.
 */

type Variation = SiteDocument extends { menu?: { items?: (infer I)[] } } ? (I extends { variations: (infer V)[] } ? V : never) : never;
const variationOf = (document: SiteDocument, itemId: string, position = 0): Variation | undefined => document.menu?.items?.find((entry) => entry._id === itemId)?.variations[position];
const change = (element: HTMLElement, value: string) => act(() => void fireEvent.change(element, { target: { value } }));
const click = (element: HTMLElement) => act(() => void fireEvent.click(element));

async function openGloss() {
  click(screen.getByRole("button", { name: /^Color/ }));
  click(screen.getByRole("button", { name: "Gloss" }));
}

describe("a service's length, in the section", () => {
  it("shows a variation's length as whole minutes and writes a typed one as a number the contract accepts", async () => {
    const { state } = renderSection(MenuSection, salon());
    await openGloss();
    const length = screen.getByLabelText("Length (minutes)");
    expect(length).toHaveValue("45");
    expect(length).toHaveAttribute("inputmode", "numeric");
    expect(length).toHaveAccessibleDescription("45 min");
    change(length, "60");
    expect(variationOf(state.document, "item-gloss")?.durationMinutes).toBe(60);
    expect(screen.getByLabelText("Length (minutes)")).toHaveAccessibleDescription("60 min");
    expect(screen.getByRole("group", { name: "Price and length" })).toBeInTheDocument();
    expect(contractProblems(state.document)).toEqual([]);
  });

  it("leaves the length out when the field is emptied, and keeps a value that is not whole minutes out of the draft with a sentence", async () => {
    const { state } = renderSection(MenuSection, salon());
    await openGloss();
    const length = screen.getByLabelText("Length (minutes)");
    change(length, "");
    expect(variationOf(state.document, "item-gloss")).not.toHaveProperty("durationMinutes");
    expect(length).toHaveAccessibleDescription("Empty: no length, so it cannot be booked as an appointment.");
    expect(contractProblems(state.document)).toEqual([]);

    change(length, "45.5");
    expect(length).toHaveValue("45.5");
    expect(length).toHaveAttribute("aria-invalid", "true");
    expect(length).toHaveAccessibleDescription("Enter whole minutes as digits only, like 45.");
    expect(variationOf(state.document, "item-gloss")).not.toHaveProperty("durationMinutes");
    change(length, "50");
    expect(length).not.toHaveAttribute("aria-invalid");
    expect(variationOf(state.document, "item-gloss")?.durationMinutes).toBe(50);
  });

  it("opens the item of whichever refused field the owner asks for from the summary, in its own category", async () => {
    const document = salon();
    const at = (id: string) => document.menu?.items?.findIndex((entry) => entry._id === id) ?? -1;
    const gloss = `menu.items[${at("item-gloss")}].variations[0].durationMinutes`;
    const haircut = `menu.items[${at("item-womens-cut")}].variations[0].price`;
    const errors = new Map([
      [gloss, "expected a length in whole minutes from 5 to 720"],
      [haircut, "expected a price with at most 2 decimals"],
    ]);
    const { state } = renderSection(MenuSection, document, { errors });
    // On its own, the section opens the first refused item.
    expect(screen.getByRole("button", { name: "Gloss" })).toHaveAttribute("aria-expanded", "true");
    // The summary's second link: the other category and its item open, so the field is on the page to focus.
    state.ask(haircut);
    expect(screen.getByRole("button", { name: "Women's Haircut" })).toHaveAttribute("aria-expanded", "true");
    expect(window.document.getElementById(fieldIdOf(haircut))).toHaveAttribute("aria-invalid", "true");
    state.ask(gloss);
    expect(screen.getByRole("button", { name: "Gloss" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByLabelText("Length (minutes)")).toHaveAttribute("aria-invalid", "true");
  });

  it("labels each variation's length and time after by its name; a time after needs a length, and the refusal says so at the field", async () => {
    const document = salon();
    const index = document.menu?.items?.findIndex((entry) => entry._id === "item-balayage") ?? -1;
    const errors = new Map([[`menu.items[${index}].variations[1].bufferMinutes`, "expected a durationMinutes with it (a buffer follows a service of known length)"]]);
    const { state } = renderSection(MenuSection, document, { errors });
    // The refused item's category and the item open by themselves, so the summary's link finds the field.
    expect(screen.getByRole("button", { name: "Balayage" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByLabelText("Length of Shoulder length (minutes)")).toHaveValue("180");
    const after = screen.getByLabelText("Time after of Long (minutes)");
    expect(after.id).toBe(`site-menu-items-${index}-variations-1-bufferMinutes`);
    expect(after).toHaveAttribute("aria-invalid", "true");
    expect(after).toHaveAccessibleDescription(expect.stringContaining("Enter the length too: time after a service follows a service of known length."));
    change(after, "15");
    expect(variationOf(state.document, "item-balayage", 1)?.bufferMinutes).toBe(15);
    expect(contractProblems(state.document)).toEqual([]);
  });

  it("edits the price text and marks an item, or one of its variations, sold out", async () => {
    const { state } = renderSection(MenuSection, salon());
    click(screen.getByRole("button", { name: /^Color/ }));
    click(screen.getByRole("button", { name: "Balayage" }));
    const text = screen.getByLabelText("Price text of Shoulder length");
    expect(text).toHaveValue("from $180");
    change(text, "");
    expect(variationOf(state.document, "item-balayage")).not.toHaveProperty("priceDisplay");
    change(text, "from $190");
    expect(variationOf(state.document, "item-balayage")?.priceDisplay).toBe("from $190");

    const longSoldOut = screen.getByRole("checkbox", { name: "Long sold out" });
    expect(longSoldOut).toHaveAccessibleDescription("Still shown, but it cannot be ordered or booked.");
    click(longSoldOut);
    expect(variationOf(state.document, "item-balayage", 1)?.available).toBe(false);
    click(longSoldOut);
    expect(variationOf(state.document, "item-balayage", 1)).not.toHaveProperty("available");

    click(screen.getByRole("checkbox", { name: "Sold out" }));
    expect(state.document.menu?.items?.find((entry) => entry._id === "item-balayage")?.available).toBe(false);
    const line = screen.getByRole("button", { name: "Balayage" }).closest(".site-row__line") as HTMLElement;
    expect(within(line).getByText("Sold out")).toHaveClass("site-badge");
    expect(contractProblems(state.document)).toEqual([]);
  });

  it("has no length for a restaurant that takes no appointments, and shows one where a dish already has a length", () => {
    const plain = restaurant();
    const view = renderSection(MenuSection, plain);
    const firstItem = () => within(screen.getAllByRole("list", { name: /^Items in/ })[0]).getAllByRole("button")[0];
    click(firstItem());
    expect(screen.getAllByLabelText(/^Price/).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText(/^Length/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Time after/)).not.toBeInTheDocument();
    view.unmount();

    // The first dish of the category that opens first gets a length.
    const opensFirst = [...(plain.menu?.categories ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))[0];
    const dishId = opensFirst.items?.[0];
    const items = plain.menu?.items ?? [];
    const timed = { ...plain, menu: { ...plain.menu, items: items.map((entry) => ((entry._id ?? entry.id) === dishId ? { ...entry, variations: entry.variations.map((variation) => ({ ...variation, durationMinutes: 90 })) } : entry)) } };
    const { state } = renderSection(MenuSection, timed);
    click(firstItem());
    const length = screen.getAllByLabelText(/^Length/)[0];
    expect(length).toHaveValue("90");
    // Emptying the business's last length keeps the field, so the owner can type a new one.
    for (const field of screen.getAllByLabelText(/^Length/)) change(field, "");
    expect(state.document.menu?.items?.some((entry) => entry.variations.some((variation) => variation.durationMinutes !== undefined))).toBe(false);
    expect(screen.getAllByLabelText(/^Length/).length).toBeGreaterThan(0);
  });

  it("lets staff read a length without changing it", () => {
    const { state } = renderSection(MenuSection, salon(), { readOnly: true });
    click(screen.getByRole("button", { name: /^Color/ }));
    click(screen.getByRole("button", { name: "Gloss" }));
    const length = screen.getByLabelText("Length (minutes)");
    expect(length).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Time after (minutes)")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Price text")).toHaveAttribute("readonly");
    expect(screen.getByRole("checkbox", { name: "Sold out" })).toHaveAttribute("aria-readonly", "true");
    click(screen.getByRole("checkbox", { name: "Sold out" }));
    expect(state.changes).toBe(0);
  });
});

describe("the service's refusals of a variation's fields, in the owner's words", () => {
  const at = "menu.items[5].variations[1]";
  it.each([
    ["durationMinutes", "expected a length in whole minutes from 5 to 720, got 3", "Enter the length in whole minutes, from 5 to 720, or leave it empty.", "Length of Long (Balayage)"],
    ["durationMinutes", "expected a length in whole minutes from 5 to 720, got 45.5", "Enter the length in whole minutes, from 5 to 720, or leave it empty.", "Length of Long (Balayage)"],
    ["bufferMinutes", "expected whole minutes from 0 to 240, got 300", "Enter the time after in whole minutes, from 0 to 240, or leave it empty.", "Time after of Long (Balayage)"],
    ["bufferMinutes", "expected a durationMinutes with it (a buffer follows a service of known length)", "Enter the length too: time after a service follows a service of known length.", "Time after of Long (Balayage)"],
    ["priceDisplay", "expected text, got 5", 'Enter the price text as words, like "from $45", or leave it empty.', "Price text of Long (Balayage)"],
  ])("%s refused with %j reads %j, named %j in the summary", (key, message, sentence, label) => {
    const [field] = refusedFields({ detail: [{ path: `data.${at}.${key}`, message }] });
    expect(field).toEqual({ path: `${at}.${key}`, sentence });
    expect(pathLabel(field.path, salon())).toBe(label);
  });

  it("names an item's one unnamed variation by the item", () => {
    const document = salon();
    const index = document.menu?.items?.findIndex((entry) => entry._id === "item-gloss") ?? -1;
    expect(pathLabel(`menu.items[${index}].variations[0].durationMinutes`, document)).toBe("Length of Gloss");
  });
});

describe("a service's length, saved", () => {
  type Service = ReturnType<typeof fakeService>;
  const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));
  const lastPut = (service: Service) => service.callsTo("PUT", "manage/site/").at(-1)?.body as { data: SiteDocument } | undefined;

  jest.setTimeout(30_000);
  beforeEach(() => jest.useFakeTimers({ now: NOW }));
  afterEach(() => jest.useRealTimers());

  async function openMenu(service: Service) {
    renderApp(service, "#/site/menu");
    await screen.findByRole("navigation", { name: "Site sections" });
    await screen.findByRole("button", { name: /^Color/ });
    await openGloss();
  }

  it("sends a typed length as a number in the PUT, and an emptied one not at all", async () => {
    const service = fakeService();
    await openMenu(service);
    change(screen.getByLabelText("Length (minutes)"), "50");
    advance(800);
    await screen.findByText(/^Saved at/);
    expect(variationOf(lastPut(service)?.data ?? ({} as SiteDocument), "item-gloss")?.durationMinutes).toBe(50);

    change(screen.getByLabelText("Length (minutes)"), "");
    advance(800);
    await waitFor(() => expect(service.callsTo("PUT", "manage/site/")).toHaveLength(2));
    await screen.findByText(/^Saved at/);
    expect(variationOf(lastPut(service)?.data ?? ({} as SiteDocument), "item-gloss")).not.toHaveProperty("durationMinutes");
  });

  it("422 on a length: one sentence at the field and in the summary, whose link leads back to the field from another section", async () => {
    const service = fakeService();
    await openMenu(service);
    change(screen.getByLabelText("Length (minutes)"), "3");
    advance(800);
    const summary = await screen.findByRole("alert");
    const sentence = "Enter the length in whole minutes, from 5 to 720, or leave it empty.";
    expect(within(summary).getByRole("heading", { name: "1 field needs fixing" })).toBeInTheDocument();
    expect(summary).toHaveTextContent(sentence);
    expect(summary).not.toHaveTextContent(/expected|got|durationMinutes/);
    const length = screen.getByLabelText("Length (minutes)");
    expect(length).toHaveAttribute("aria-invalid", "true");
    expect(length).toHaveAccessibleDescription(`${sentence} 3 min`);

    // From another section, the link opens Services at Color, Gloss, and puts the focus in the field.
    click(screen.getByRole("link", { name: "Hours" }));
    await screen.findByRole("group", { name: "418 Carrow Street" });
    click(within(screen.getByRole("alert")).getByRole("link", { name: "Services: Length of Gloss" }));
    await waitFor(() => expect(screen.getByLabelText("Length (minutes)")).toHaveFocus());
    expect(screen.getByRole("button", { name: "Gloss" })).toHaveAttribute("aria-expanded", "true");

    change(screen.getByLabelText("Length (minutes)"), "30");
    advance(800);
    await screen.findByText(/^Saved at/);
    expect(screen.queryByRole("heading", { name: /fixing/ })).not.toBeInTheDocument();
  });

  it("a new refusal opens its item wherever the owner is; one already shown does not move the section at the next save", async () => {
    const service = fakeService();
    await openMenu(service);
    change(screen.getByLabelText("Length (minutes)"), "3");
    // The owner moves on before the save is refused.
    click(screen.getByRole("button", { name: /^Haircuts/ }));
    expect(screen.queryByRole("button", { name: "Gloss" })).not.toBeInTheDocument();
    advance(800);
    await screen.findByRole("heading", { name: "1 field needs fixing" });
    expect(screen.getByRole("button", { name: "Gloss" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByLabelText("Length (minutes)")).toHaveAttribute("aria-invalid", "true");

    // Gloss is still refused while the owner changes another item: the next refused save leaves them there.
    click(screen.getByRole("button", { name: /^Haircuts/ }));
    click(screen.getByRole("button", { name: "Kids' Cut (12 and under)" }));
    change(screen.getByLabelText("Price"), "32");
    advance(800);
    expect(screen.getByText("Saving…")).toBeInTheDocument();
    await screen.findByText("Not saved: 1 field needs fixing.");
    expect(service.callsTo("PUT", "manage/site/").map((call) => call.status)).toEqual([422, 422]);
    expect(screen.getByRole("button", { name: "Kids' Cut (12 and under)" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByLabelText("Price")).toHaveValue("32");
  });

  it("staff see the length read-only and nothing is sent", async () => {
    const service = fakeService({ session: { user: { ...OWNER, role: "staff" }, csrf_token: CSRF } });
    await openMenu(service);
    const length = screen.getByLabelText("Length (minutes)");
    expect(length).toHaveAttribute("readonly");
    change(length, "90");
    advance(2_000);
    expect(service.callsTo("PUT", "manage/site/")).toHaveLength(0);
  });
});
