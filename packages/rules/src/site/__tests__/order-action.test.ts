import { buildNavigation } from "../navigation";
import { leadWithOrdering, orderAction, type OrderActionInput } from "../order-action";

const taking = { ordering: { enabled: true }, locations: [{ orderingEnabled: false }, { orderingEnabled: true }], menuPath: "/menu/" };

describe("orderAction: where a site that takes orders sends its visitors first", () => {
  it.each<[string, OrderActionInput, { label: string; href: string } | null]>([
    ["a restaurant taking orders", { type: "restaurant", ...taking }, { label: "Order online", href: "/menu/" }],
    ["a salon taking orders", { type: "generic", ...taking }, { label: "Order online", href: "/menu/" }],
    ["a shop taking orders", { type: "merchant", ...taking, menuPath: "/products/" }, { label: "Shop online", href: "/products/" }],
    ["a restaurant with ordering off", { type: "restaurant", ...taking, ordering: { enabled: false } }, null],
    ["a salon with ordering off", { type: "generic", ...taking, ordering: { enabled: false } }, null],
    ["a shop with ordering off", { type: "merchant", ...taking, ordering: { enabled: false } }, null],
    ["ordering on but no location takes orders", { type: "restaurant", ...taking, locations: [{ orderingEnabled: false }] }, null],
    ["no page to order on", { type: "restaurant", ...taking, menuPath: null }, null],
  ])("%s", (_name, input, expected) => {
    const action = orderAction(input);
    expect(action ? { label: action.label, href: action.href } : null).toEqual(expected);
    if (action) expect(action.isButton).toBe(true);
  });
});

describe("leadWithOrdering: the header's buttons", () => {
  const navigation = buildNavigation([
    { _id: "home", title: "Home", pageType: "Home", slug: "" },
    { _id: "menu", title: "Menu", pageType: "Menu", slug: "menu" },
    { _id: "call", title: "Call to Order", pageType: "External", url: "tel:+12155550163", props: '{"as":"Button"}' },
    { _id: "gift", title: "Gift cards", pageType: "External", url: "https://gifts.example/", props: '{"as":"Button"}' },
    { _id: "phone", title: "Call us", pageType: "External", url: "tel:+12155550100", props: '{"as":"Button"}' },
  ]);

  it.each<[string, OrderActionInput, string[]]>([
    ["ordering on: Order online first, in place of Call to Order; other buttons stay", { type: "restaurant", ...taking }, ["Order online", "Gift cards", "Call us"]],
    ["ordering off: the header is as the data says", { type: "restaurant", ...taking, ordering: { enabled: false } }, ["Call to Order", "Gift cards", "Call us"]],
    ["a shop: Shop online first", { type: "merchant", ...taking }, ["Shop online", "Gift cards", "Call us"]],
  ])("%s", (_name, input, buttons) => {
    const led = leadWithOrdering(navigation, orderAction(input));
    expect(led.buttons.map((item) => item.label)).toEqual(buttons);
    // Buttons last in the full list, as the footer and tray read it.
    expect(led.all.map((item) => item.label)).toEqual(["Home", "Menu", ...buttons]);
    expect(led.order?.label ?? null).toBe(input.ordering.enabled ? buttons[0] : null);
  });
});
