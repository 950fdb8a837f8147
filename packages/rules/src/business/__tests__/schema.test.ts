import { BusinessSchema, primaryLocationOf } from "../schema";
import { validateBusiness } from "../load";

const FILE = "data/x/business.json";

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- fixtures are mutated freely to build bad documents

/** A small but complete document: two locations (the second with four hours entries), a menu, a team, pages. */
function baseDocument(): Doc {
  return {
    _id: "biz-1",
    type: "generic",
    name: "Test Salon",
    bookingUrl: "https://book.example.com/test",
    locations: [
      { _id: "loc-1", street: "1 Main Street", city: "Springfield", state: "IL", zip: "62701", timezone: "America/Chicago", hours: [{ day: 1, open: 900, close: 1700 }] },
      {
        id: "loc-2",
        name: "Downtown",
        street: "20 Elm Street",
        city: "Springfield",
        state: "IL",
        zipCode: "62702",
        timezone: "America/Chicago",
        phoneNumber: "(217) 555-0100",
        email: "downtown@example.com",
        hours: [
          { day: 1, open: 900, close: 1700 },
          { day: 2, open: 900, close: 1200 },
          { day: 2, open: 1300, close: 1700 },
          { day: 5, open: 1800, close: 200 },
        ],
      },
    ],
    menu: {
      categories: [{ _id: "cat-1", name: "Cuts", items: ["item-1", "item-2"] }],
      items: [
        { _id: "item-1", name: "Haircut", variations: [{ _id: "var-1", name: "Stylist", price: 45 }, { _id: "var-2", name: "Senior", price: "60.50" }], modifierSets: ["set-1"] },
        { _id: "item-2", name: "Fringe", variations: [{ _id: "var-3", price: "$12" }], interactions: [{ id: "ix-1", label: "Book", behaviorType: "BOOKING" }] },
      ],
      modifierSets: [{ _id: "set-1", name: "Add-ons", modifiers: ["mod-1", "mod-2"], minAllowed: 0, maxAllowed: 1 }],
      modifiers: [
        { _id: "mod-1", name: "Gloss", price: 15 },
        { _id: "mod-2", name: "Scalp massage", price: "7.5" },
      ],
    },
    team: [{ _id: "tm-1", name: "José Núñez", role: "Stylist" }],
    pages: [
      { _id: "p-home", title: "Home", pageType: "home" },
      { _id: "p-book", title: "Book", pageType: "External", url: "book.example.com", props: '{"as":"Button"}' },
    ],
  };
}

function change(mutate: (doc: Doc) => void): Doc {
  const doc = baseDocument();
  mutate(doc);
  return doc;
}

describe("BusinessSchema: good documents", () => {
  it("accepts the base document", () => {
    expect(validateBusiness(baseDocument(), FILE)).toMatchObject({ ok: true });
  });

  const parsed = BusinessSchema.parse(baseDocument());

  it.each<[string, unknown, unknown]>([
    ["id from _id", parsed.id, "biz-1"],
    ["location id from id", parsed.locations[1].id, "loc-2"],
    ["zip from zipCode", parsed.locations[1].zip, "62702"],
    ["phone from phoneNumber", parsed.locations[1].phone, "(217) 555-0100"],
    ["number price to cents", parsed.menu.items[0].variations[0].priceCents, 4500],
    ["string price to cents", parsed.menu.items[0].variations[1].priceCents, 6050],
    ["dollar-sign price to cents", parsed.menu.items[1].variations[0].priceCents, 1200],
    ["string modifier price to cents", parsed.menu.modifiers[1].priceCents, 750],
    ["category items to itemIds", parsed.menu.categories[0].itemIds, ["item-1", "item-2"]],
    ["item modifierSets to modifierSetIds", parsed.menu.items[0].modifierSetIds, ["set-1"]],
    ["set modifiers to modifierIds", parsed.menu.modifierSets[0].modifierIds, ["mod-1", "mod-2"]],
    ["first location becomes primary when none is flagged", parsed.locations.map((l) => l.primaryLocation), [true, false]],
    ["country defaults to US", parsed.locations[0].country, "US"],
    ["missing close becomes null", BusinessSchema.parse(change((d) => (d.locations[0].hours = [{ day: 3, open: 900 }]))).locations[0].hours[0], { day: 3, open: 900, close: null, label: undefined }],
    ["hours default to an empty list", BusinessSchema.parse(change((d) => delete d.locations[0].hours)).locations[0].hours, []],
    ["overnight close is kept as written", parsed.locations[1].hours[3], { day: 5, open: 1800, close: 200, label: undefined }],
    ["tax rate in percent to basis points", BusinessSchema.parse(change((d) => (d.locations[0].taxRate = 8.25))).locations[0].taxRateBps, 825],
    ["delivery defaults", parsed.locations[0].delivery, { enabled: false, kind: "local", feeCents: 0, minimumCents: 0, postalCodes: [], windowMinutes: 30 }],
    ["order times default: 20 minutes, 7 days ahead, no capacity limit", parsed.locations[0].orderTimes, { preparationMinutes: 20, daysAhead: 7, ordersPerSlot: null }],
    [
      "order times as given",
      BusinessSchema.parse(change((d) => (d.locations[0].orderTimes = { preparationMinutes: 35, daysAhead: 0, ordersPerSlot: 4 }))).locations[0].orderTimes,
      { preparationMinutes: 35, daysAhead: 0, ordersPerSlot: 4 },
    ],
    ["special hours default to an empty list", parsed.locations[0].specialHours, []],
    [
      "special hours: a closure and changed hours",
      BusinessSchema.parse(
        change((d) => (d.locations[0].specialHours = [{ date: "2026-12-25", closed: true, label: "Christmas Day" }, { date: "2026-12-31", open: 1600, close: 2000 }])),
      ).locations[0].specialHours,
      [
        { date: "2026-12-25", closed: true, open: null, close: null, label: "Christmas Day" },
        { date: "2026-12-31", closed: false, open: 1600, close: 2000, label: undefined },
      ],
    ],
    ["variations are available by default", parsed.menu.items[0].variations.map((v) => v.available), [true, true]],
    ["a sold-out variation", BusinessSchema.parse(change((d) => (d.menu.items[0].variations[1].available = false))).menu.items[0].variations.map((v) => v.available), [true, false]],
    ["reservations default", parsed.locations[0].reservations, { enabled: false, capacity: 0, slotMinutes: 30 }],
    ["External url gets https://", parsed.pages[1].url, "https://book.example.com"],
    ["home slug is empty", parsed.pages[0].slug, ""],
    ["page slug defaults to the page type", BusinessSchema.parse(change((d) => d.pages.push({ _id: "p-a", title: "About us", pageType: "about" }))).pages[2].slug, "about"],
    ["page slug loses its slashes", BusinessSchema.parse(change((d) => d.pages.push({ _id: "p-a", title: "About", pageType: "about", slug: "/our/story/" }))).pages[2].slug, "our/story"],
    ["navigation defaults", [parsed.pages[0].navigationOrder, parsed.pages[0].navigationGroupOrder, parsed.pages[0].navigationPriority], [-1, -1, 0]],
    ["props stays a JSON string", parsed.pages[1].props, '{"as":"Button"}'],
    ["item visible and available by default", [parsed.menu.items[0].visible, parsed.menu.items[0].available], [true, true]],
    ["team member shown by default", parsed.team[0].show, true],
    ["likeCount defaults to 0", parsed.menu.items[0].likeCount, 0],
    ["annotations.likeCount is lifted", BusinessSchema.parse(change((d) => (d.menu.items[0].annotations = { likeCount: 12 }))).menu.items[0].likeCount, 12],
    ["recipe defaults to hibiscus", parsed.recipe, "hibiscus"],
    ["ordering defaults", parsed.ordering, { enabled: false, merchantProduct: "biz-1", currency: "USD", tipPercentages: [15, 18, 20], defaultTipPercentage: undefined }],
    ["interaction display defaults to BUTTON", parsed.menu.items[1].interactions[0].displayType, "BUTTON"],
    ["modifier set limit null means no limit", BusinessSchema.parse(change((d) => delete d.menu.modifierSets[0].maxAllowed)).menu.modifierSets[0].maxAllowed, null],
    [
      "timed-element settings defaults",
      BusinessSchema.parse(change((d) => (d.announcement = { text: "Hello", settings: { referenceId: "hello" } }))).announcement?.settings,
      { delay: 0, timezone: "UTC", dismissalType: "session", referenceId: "hello" },
    ],
    [
      "blog hero image becomes an image reference",
      BusinessSchema.parse(change((d) => (d.blogPosts = [{ _id: "b1", title: "Hi", publishedAt: "2025-01-02", heroImage: "images/a.jpg", heroImageAltText: "A" }]))).blogPosts[0].heroImage,
      { file: "images/a.jpg", alt: "A", caption: undefined },
    ],
    ["primaryLocationOf finds the primary", primaryLocationOf(parsed).id, "loc-1"],
    ["a flagged primary location wins", BusinessSchema.parse(change((d) => (d.locations[1].primaryLocation = true))).locations.map((l) => l.primaryLocation), [false, true]],
    ["2400 and 0 are valid HHMM times", BusinessSchema.parse(change((d) => (d.locations[0].hours = [{ day: 6, open: 0, close: 2400 }]))).locations[0].hours[0], { day: 6, open: 0, close: 2400, label: undefined }],
    ["a secondary label is kept", BusinessSchema.parse(change((d) => (d.locations[0].hours[0].label = "Walk-ins only"))).locations[0].hours[0].label, "Walk-ins only"],
    ["page SEO fields are carried", BusinessSchema.parse(change((d) => (d.pages[0].seo = { title: "T", description: "D" }))).pages[0].seo, { title: "T", description: "D" }],
    ["mailto and tel urls are kept", BusinessSchema.parse(change((d) => (d.pages[1].url = "tel:+12175550100"))).pages[1].url, "tel:+12175550100"],
    ["both id spellings may agree", BusinessSchema.parse(change((d) => (d.id = "biz-1"))).id, "biz-1"],
    ["trailing spaces are trimmed", BusinessSchema.parse(change((d) => (d.name = "  Test Salon  "))).name, "Test Salon"],
  ])("%s", (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe("BusinessSchema: currency and locale", () => {
  const prices = (currency: string | undefined, variation: unknown, modifier: unknown, fee: unknown) =>
    BusinessSchema.parse(
      change((d) => {
        if (currency) d.ordering = { currency };
        // Whole amounts elsewhere, so every currency can hold them.
        d.menu.items[0].variations[1].price = 60;
        d.menu.modifiers[1].price = 7;
        d.menu.items[0].variations[0].price = variation;
        d.menu.modifiers[0].price = modifier;
        d.locations[0].delivery = { fee };
      }),
    );

  it.each<[string, string | undefined, unknown, unknown, unknown, [number, number, number]]>([
    ["USD by default: dollars to cents", undefined, 45, "7.5", "4.99", [4500, 750, 499]],
    ["EUR: cents", "EUR", "12,50", 3, 0.5, [125000, 300, 50]],
    ["GBP with a pound sign", "GBP", "£12.50", "£0.99", "£2", [1250, 99, 200]],
    ["CHF", "CHF", 49.9, 5, "3.50", [4990, 500, 350]],
    ["JPY has no minor unit: 1200 is ¥1,200 and 1200 minor units", "JPY", 1200, "¥300", "500", [1200, 300, 500]],
    ["KWD has three decimals", "KWD", "1.250", 0.5, "0.125", [1250, 500, 125]],
    ["a lower-case code is read as the code", "jpy", 1200, 0, 0, [1200, 0, 0]],
  ])("%s", (_name, currency, variation, modifier, fee, [variationCents, modifierCents, feeCents]) => {
    const business = prices(currency, variation, modifier, fee);
    expect(business.ordering.currency).toBe((currency ?? "USD").toUpperCase());
    expect([business.menu.items[0].variations[0].priceCents, business.menu.modifiers[0].priceCents, business.locations[0].delivery.feeCents]).toEqual([variationCents, modifierCents, feeCents]);
  });

  it.each<[string | undefined, string]>([
    [undefined, "en-US"],
    ["en-GB", "en-GB"],
    ["de-de", "de-DE"],
    ["fr-FR", "fr-FR"],
    ["ja-JP", "ja-JP"],
    ["  ja-jp ", "ja-JP"],
  ])("locale %p is kept as %p", (locale, expected) => {
    expect(BusinessSchema.parse(change((d) => (locale === undefined ? delete d.locale : (d.locale = locale)))).locale).toBe(expected);
  });
});

describe("BusinessSchema: bad documents give one exact line per problem", () => {
  it.each<[string, () => unknown, string[]]>([
    [
      "an hours time written as text",
      () => change((d) => (d.locations[1].hours[3].open = "9am")),
      [`${FILE}: locations[1].hours[3].open: expected a number in HHMM form like 900, got "9am"`],
    ],
    ["minutes of 60 or more", () => change((d) => (d.locations[0].hours[0].close = 1760)), [`${FILE}: locations[0].hours[0].close: expected a number in HHMM form like 900, got 1760`]],
    ["a time after 2400", () => change((d) => (d.locations[0].hours[0].close = 2430)), [`${FILE}: locations[0].hours[0].close: expected a number in HHMM form like 900, got 2430`]],
    ["a day outside 1..7", () => change((d) => (d.locations[0].hours[0].day = 0)), [`${FILE}: locations[0].hours[0].day: expected a day number from 1 (Monday) to 7 (Sunday), got 0`]],
    [
      "a misspelled key with a suggestion",
      () => change((d) => (d.locations[0].timeZone = "America/Chicago")),
      [`${FILE}: locations[0].timeZone: expected a known field of a location (did you mean "timezone"?), got an unknown field`],
    ],
    [
      "an unknown key without a close match lists the known fields",
      () => change((d) => (d.locations[0].hours[0].note = "x")),
      [`${FILE}: locations[0].hours[0].note: expected a known field of an hours entry (known fields: "day", "open", "close", "label"), got an unknown field`],
    ],
    [
      "two unknown keys in one object",
      () => change((d) => Object.assign(d.team[0], { nmae: "x", colour: "red" })),
      [`${FILE}: team[0]: expected only known fields of a team member ("_id", "id", "name", "show", "role", "bio", "image", "specialties", "order", "services", "locations", "hours", "timeOff"), got unknown fields "nmae" (did you mean "name"?), "colour"`],
    ],
    ["a missing required field", () => change((d) => delete d.name), [`${FILE}: name: expected the business name as non-empty text, got nothing`]],
    ["an empty name", () => change((d) => (d.name = "   ")), [`${FILE}: name: expected the business name as non-empty text, got "   "`]],
    ["an unknown business type", () => change((d) => (d.type = "salon")), [`${FILE}: type: expected one of "restaurant", "generic", "merchant", got "salon"`]],
    ["an invalid time zone", () => change((d) => (d.locations[0].timezone = "Central Time")), [`${FILE}: locations[0].timezone: expected an IANA time zone like "America/New_York", got "Central Time"`]],
    ["a bad email", () => change((d) => (d.locations[1].email = "downtown at example.com")), [`${FILE}: locations[1].email: expected an email address like name@example.com, got "downtown at example.com"`]],
    ["a bad phone", () => change((d) => (d.locations[1].phoneNumber = "555-0100")), [`${FILE}: locations[1].phoneNumber: expected a phone number, national for the location's country (US) like (212) 555-0142 or international starting with +, got "555-0100"`]],
    ["a national number of another country", () => change((d) => (d.locations[1].phoneNumber = "020 7946 0958")), [`${FILE}: locations[1].phoneNumber: expected a phone number, national for the location's country (US) like (212) 555-0142 or international starting with +, got "020 7946 0958"`]],
    ["a price that is not a price", () => change((d) => (d.menu.items[0].variations[1].price = "free")), [`${FILE}: menu.items[0].variations[1].price: expected a price like 12.5 or "12.50", got "free"`]],
    ["a price of the wrong type", () => change((d) => (d.menu.items[0].variations[1].price = true)), [`${FILE}: menu.items[0].variations[1].price: expected a price like 12.5 or "12.50", got true`]],
    // The same two-decimal rule for numbers as for text: 12.345 is not rounded into a price.
    ["a numeric price with three decimals", () => change((d) => (d.menu.items[0].variations[1].price = 12.345)), [`${FILE}: menu.items[0].variations[1].price: expected a price in USD with at most 2 decimals, like 12.5 or "12.50", got 12.345`]],
    ["a text price with three decimals", () => change((d) => (d.menu.items[0].variations[1].price = "12.345")), [`${FILE}: menu.items[0].variations[1].price: expected a price in USD with at most 2 decimals, like 12.5 or "12.50", got "12.345"`]],
    // Decimals are counted against the currency's minor unit: none for JPY, three for KWD.
    [
      "a yen price with decimals",
      () => change((d) => ((d.ordering = { currency: "JPY" }), (d.menu.modifiers[1].price = 750), (d.menu.items[0].variations[1].price = 1200.5))),
      [`${FILE}: menu.items[0].variations[1].price: expected a price in JPY without decimals (JPY has no minor unit), like 1200, got 1200.5`],
    ],
    [
      "a dinar modifier price with four decimals",
      () => change((d) => ((d.ordering = { currency: "KWD" }), (d.menu.modifiers[1].price = "1.2345"))),
      [`${FILE}: menu.modifiers[1].price: expected a price in KWD with at most 3 decimals, like 12.5 or "12.500", got "1.2345"`],
    ],
    [
      "a delivery fee above the largest price",
      () => change((d) => (d.locations[0].delivery = { fee: "10000000" })),
      [`${FILE}: locations[0].delivery.fee: expected a price in USD of at most 9999999.99, got "10000000"`],
    ],
    ["an unknown currency", () => change((d) => (d.ordering = { currency: "XYZ" })), [`${FILE}: ordering.currency: expected an ISO 4217 currency code like "USD", "EUR" or "JPY", got "XYZ"`]],
    ["a currency given as a symbol", () => change((d) => (d.ordering = { currency: "$" })), [`${FILE}: ordering.currency: expected an ISO 4217 currency code like "USD", "EUR" or "JPY", got "$"`]],
    ["a locale with an underscore", () => change((d) => (d.locale = "en_US")), [`${FILE}: locale: expected a BCP 47 locale like "en-US", "de-DE" or "ja-JP", got "en_US"`]],
    ["a locale no formatter knows", () => change((d) => (d.locale = "zz-ZZ")), [`${FILE}: locale: expected a BCP 47 locale like "en-US", "de-DE" or "ja-JP", got "zz-ZZ"`]],
    [
      "a duplicate item id",
      () => change((d) => (d.menu.items[1]._id = "item-1")),
      [
        `${FILE}: menu.items[1]._id: expected a unique item id ("item-1" is already used by menu.items[0]), got "item-1"`,
        `${FILE}: menu.categories[0].items[1]: expected the id of an entry in menu.items, got "item-2"`,
      ],
    ],
    [
      "a duplicate variation id across items",
      () => change((d) => (d.menu.items[1].variations[0]._id = "var-1")),
      [`${FILE}: menu.items[1].variations[0]._id: expected a unique variation id ("var-1" is already used by menu.items[0].variations[0]), got "var-1"`],
    ],
    ["a category naming an item twice", () => change((d) => d.menu.categories[0].items.push("item-1")), [`${FILE}: menu.categories[0].items[2]: expected each id only once in this list, got "item-1"`]],
    ["a category naming a missing item", () => change((d) => d.menu.categories[0].items.push("item-9")), [`${FILE}: menu.categories[0].items[2]: expected the id of an entry in menu.items, got "item-9"`]],
    ["an item naming a missing modifier set", () => change((d) => (d.menu.items[1].modifierSets = ["set-9"])), [`${FILE}: menu.items[1].modifierSets[0]: expected the id of an entry in menu.modifierSets, got "set-9"`]],
    ["a modifier set naming a missing modifier", () => change((d) => (d.menu.modifierSets[0].modifiers = ["mod-1", "mod-x"])), [`${FILE}: menu.modifierSets[0].modifiers[1]: expected the id of an entry in menu.modifiers, got "mod-x"`]],
    [
      "two primary locations",
      () => change((d) => d.locations.forEach((l: Doc) => (l.primaryLocation = true))),
      [`${FILE}: locations[1].primaryLocation: expected only one primary location (locations[0] is already primary), got true`],
    ],
    ["zip and zipCode that disagree", () => change((d) => (d.locations[0].zipCode = "62799")), [`${FILE}: locations[0].zipCode: expected the same value as "zip" ("62701") or only one of "zip" and "zipCode", got "62799"`]],
    ["no postal code at all", () => change((d) => delete d.locations[0].zip), [`${FILE}: locations[0].zip: expected a postal code in "zip" (or "zipCode"), got nothing`]],
    ["a record without an id", () => change((d) => delete d.team[0]._id), [`${FILE}: team[0]._id: expected an id as non-empty text in "_id" (or "id"), got nothing`]],
    ["an External page without a url", () => change((d) => delete d.pages[1].url), [`${FILE}: pages[1].url: expected a url for an External page, got nothing`]],
    ["props that are not a JSON object", () => change((d) => (d.pages[1].props = "{as:Button}")), [`${FILE}: pages[1].props: expected a JSON object as a string, like '{"as":"Button"}', got "{as:Button}"`]],
    ["an unusable url", () => change((d) => (d.bookingUrl = "book now")), [`${FILE}: bookingUrl: expected a web address like "https://example.com" (https:// is added when missing), got "book now"`]],
    [
      "an absolute image path",
      () => change((d) => (d.logo = { file: "/etc/logo.png", alt: "Logo" })),
      [`${FILE}: logo.file: expected a relative image path like "images/logo.png" (jpg, png, webp, avif, gif or svg), got "/etc/logo.png"`],
    ],
    ["an image without alt text", () => change((d) => (d.logo = { file: "images/logo.png" })), [`${FILE}: logo.alt: expected alt text describing the image, got nothing`]],
    ["no locations", () => change((d) => (d.locations = [])), [`${FILE}: locations: expected at least one location, got []`]],
    ["an unknown recipe", () => change((d) => (d.recipe = "tulip")), [`${FILE}: recipe: expected one of "default", "cutilier", "muse", "hibiscus", "calendula", got "tulip"`]],
    [
      "an announcement that ends before it starts",
      () => change((d) => (d.announcement = { text: "Sale", settings: { referenceId: "sale", startTime: "2025-06-02T09:00", endTime: "2025-06-01T09:00" } })),
      [`${FILE}: announcement.settings.endTime: expected a time after startTime (2025-06-02T09:00), got "2025-06-01T09:00"`],
    ],
    ["an unknown dismissal type", () => change((d) => (d.announcement = { text: "Sale", settings: { referenceId: "sale", dismissalType: "cookie" } })), [`${FILE}: announcement.settings.dismissalType: expected one of "session", "local_storage", "disabled", got "cookie"`]],
    ["minAllowed above maxAllowed", () => change((d) => (d.menu.modifierSets[0].minAllowed = 2)), [`${FILE}: menu.modifierSets[0].minAllowed: expected at most maxAllowed (1), got 2`]],
    ["reservations without a capacity", () => change((d) => (d.locations[0].reservations = { enabled: true })), [`${FILE}: locations[0].reservations.capacity: expected a capacity (parties per time slot) when reservations are enabled, got nothing`]],
    ["a special date that does not exist", () => change((d) => (d.locations[0].specialHours = [{ date: "2026-02-30", closed: true }])), [`${FILE}: locations[0].specialHours[0].date: expected a real date like "2026-12-25", got "2026-02-30"`]],
    ["a special date written another way", () => change((d) => (d.locations[0].specialHours = [{ date: "25/12/2026", closed: true }])), [`${FILE}: locations[0].specialHours[0].date: expected a date like "2026-12-25", got "25/12/2026"`]],
    ["changed hours without a close", () => change((d) => (d.locations[0].specialHours = [{ date: "2026-12-31", open: 1600 }])), [`${FILE}: locations[0].specialHours[0].close: expected a number in HHMM form like 900, or closed: true for a closure, got nothing`]],
    ["a closure with an opening time", () => change((d) => (d.locations[0].specialHours = [{ date: "2026-12-25", closed: true, open: 1000 }])), [`${FILE}: locations[0].specialHours[0].open: expected no opening time on a closed date (closed: true), got 1000`]],
    [
      "a closed date with ranges as well",
      () => change((d) => (d.locations[0].specialHours = [{ date: "2026-12-25", closed: true }, { date: "2026-12-25", open: 1000, close: 1200 }])),
      [`${FILE}: locations[0].specialHours[1].date: expected each date only once when it is closed (specialHours[0] closes 2026-12-25), got "2026-12-25"`],
    ],
    ["a negative preparation time", () => change((d) => (d.locations[0].orderTimes = { preparationMinutes: -5 })), [`${FILE}: locations[0].orderTimes.preparationMinutes: expected whole minutes from 0 to 720, got -5`]],
    ["a capacity of 0 orders", () => change((d) => (d.locations[0].orderTimes = { ordersPerSlot: 0 })), [`${FILE}: locations[0].orderTimes.ordersPerSlot: expected a whole number of orders of at least 1, or null for no limit, got 0`]],
    ["scheduling too far ahead", () => change((d) => (d.locations[0].orderTimes = { daysAhead: 90 })), [`${FILE}: locations[0].orderTimes.daysAhead: expected a whole number of days from 0 to 30, got 90`]],
    ["a delivery window of 1 minute", () => change((d) => (d.locations[0].delivery = { windowMinutes: 1 })), [`${FILE}: locations[0].delivery.windowMinutes: expected a delivery window in minutes from 5 to 240, got 1`]],
    ["a variation availability as text", () => change((d) => (d.menu.items[0].variations[0].available = "no")), [`${FILE}: menu.items[0].variations[0].available: expected true or false, got "no"`]],
    ["ordering with no location taking orders", () => change((d) => (d.ordering = { enabled: true })), [`${FILE}: ordering.enabled: expected a location with orderingEnabled when ordering is enabled, got true`]],
    [
      "a BOOKING interaction with no url anywhere",
      () => change((d) => delete d.bookingUrl),
      [`${FILE}: menu.items[1].interactions[0].url: expected a url, or a bookingUrl on the business, for a BOOKING interaction, got nothing`],
    ],
    ["two pages with one slug", () => change((d) => d.pages.push({ _id: "p-a", title: "A", pageType: "about", slug: "x" }, { _id: "p-b", title: "B", pageType: "contact", slug: "x" })), [`${FILE}: pages[3].slug: expected a slug not used by another page (pages[2] uses it), got "x"`]],
    ["a slug with capitals", () => change((d) => d.pages.push({ _id: "p-a", title: "A", pageType: "about", slug: "About Us" })), [`${FILE}: pages[2].slug: expected a lower-case slug of letters, digits, hyphens and slashes like "our-services", got "About Us"`]],
    ["a list given as an object", () => change((d) => (d.team = { a: 1 })), [`${FILE}: team: expected a list of team members, got {"a":1}`]],
    ["a document that is not an object", () => [], [`${FILE}: (top level): expected a business as an object with fields, got []`]],
    ["a location given as text", () => change((d) => (d.locations[0] = "1 Main Street")), [`${FILE}: locations[0]: expected a location as an object with fields, got "1 Main Street"`]],
  ])("%s", (_name, build, expected) => {
    const result = validateBusiness(build(), FILE);
    expect(result).toEqual({ ok: false, problems: expected });
  });

  it.each([
    ["GB", "020 7946 0958"],
    ["FR", "+33 1 23 45 67 89"],
    ["US", "+44 20 7946 0958"],
  ])("reads a phone number of a location in %s as a number of that country (%s)", (country, phone) => {
    const result = validateBusiness(
      change((d) => Object.assign(d.locations[1], { country, phoneNumber: phone })),
      FILE,
    );
    expect(result.ok && result.business.locations[1].phone).toBe(phone);
  });

  it("reports every independent problem of a document, one line each", () => {
    const doc = change((d) => {
      d.type = "salon";
      d.locations[0].hours[0].open = "9am";
      d.locations[1].timezone = "Mars/Olympus";
    });
    const result = validateBusiness(doc, FILE);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : [...result.problems].sort()).toEqual(
      [
        `${FILE}: type: expected one of "restaurant", "generic", "merchant", got "salon"`,
        `${FILE}: locations[0].hours[0].open: expected a number in HHMM form like 900, got "9am"`,
        `${FILE}: locations[1].timezone: expected an IANA time zone like "America/New_York", got "Mars/Olympus"`,
      ].sort(),
    );
  });

  it("never puts a stack trace or a newline in a problem", () => {
    const result = validateBusiness({ locations: [{ hours: [{ day: "x" }] }], menu: 3, pages: [null] }, FILE);
    expect(result.ok).toBe(false);
    for (const line of result.ok ? [] : result.problems) {
      expect(line).toMatch(new RegExp(`^${FILE.replace(/\./g, "\\.")}: \\S.*: expected .+, got .+$`));
      expect(line).not.toMatch(/\n|    at /);
    }
  });
});
