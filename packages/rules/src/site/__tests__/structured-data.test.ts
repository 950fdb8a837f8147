import {
  type JsonLd,
  blogPostingJsonLd,
  type StructuredBusinessInput,
  localBusinessJsonLd,
  localBusinessType,
  locationJsonLdId,
  navigationJsonLd,
  offerJsonLd,
  openingHoursSpecification,
  specialOpeningHoursSpecification,
  priceString,
  itemJsonLdId,
  itemReviewsJsonLd,
  parseJsonLdNode,
  reviewJsonLd,
  schemaTime,
} from "../structured-data";
import { loadVocabulary, vocabularyProblems } from "../schema-vocabulary";

/*
 * The schema.org check (schema-vocabulary.ts, which the page audit runs too) over each block, plus the
 * @context every block we emit must carry.
 */
const vocabulary = loadVocabulary();

function validate(doc: JsonLd): string[] {
  const context = doc["@context"] === "https://schema.org" ? [] : [`@context: expected "https://schema.org", got ${JSON.stringify(doc["@context"])}`];
  return [...context, ...vocabularyProblems(vocabulary, doc)];
}

const SITE = "https://glow-salon.example/";
const weekdayHours = [1, 2, 3, 4, 5].map((day) => ({ day, open: 900, close: 1700 }));

const salon: StructuredBusinessInput = {
  id: "biz-1",
  name: "Glow Salon",
  type: "generic",
  categories: ["salon", "spa"],
  description: "Cuts, colour and calm.",
  logo: { url: "/static/logo.png" },
  heroImage: "https://cdn.example/hero.jpg",
  images: [{ src: "https://cdn.example/a.jpg" }, "https://cdn.example/hero.jpg", "javascript:alert(1)"],
  socialMedia: [{ link: "instagram.com/glow" }, { link: "javascript:alert(1)" }, { url: "https://facebook.com/glow" }],
  locations: [
    {
      id: "loc-1",
      name: "Downtown",
      street: "12 Main St",
      city: "Springfield",
      state: "IL",
      zip: "62701",
      country: "US",
      latitude: 39.8017,
      longitude: -89.6437,
      phone: "(217) 555-0142",
      email: "Hello@Glow.example",
      hours: [...weekdayHours, { day: 6, open: 1000, close: null }],
    },
  ],
};

const trattoria: StructuredBusinessInput = {
  name: "Trattoria Uno",
  type: "restaurant",
  categories: ["Rest"],
  subCategory: "Italian",
  locations: [
    {
      id: "north",
      name: "North",
      street: "1 North Rd",
      city: "Austin",
      state: "TX",
      zip: "78701",
      country: "US",
      hours: [{ day: 5, open: 1800, close: 200 }, { day: 6, open: 1100, close: 2400 }],
      specialHours: [{ date: "2026-12-25", closed: true, label: "Christmas Day" }, { date: "2026-12-31", open: 1600, close: 2000 }],
    },
    { _id: "south", name: "South", street: "9 South Rd", city: "Austin", state: "TX", zipCode: "78704", country: "US", hours: [{ day: 7, open: 0, close: 2400 }] },
  ],
};

describe("schema.org vocabulary check (the check itself)", () => {
  it.each<[string, JsonLd, string]>([
    ["an unknown type", { "@context": "https://schema.org", "@type": "Restaurantt", name: "x" }, "is not a schema.org class"],
    ["an unknown property", { "@context": "https://schema.org", "@type": "LocalBusiness", openingHourz: "x" }, "not a schema.org property"],
    ["a property outside its domain", { "@context": "https://schema.org", "@type": "HealthAndBeautyBusiness", servesCuisine: "Thai" }, "servesCuisine: not a property of HealthAndBeautyBusiness"],
    ["a bad day", { "@context": "https://schema.org", "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Funday" }, "expected a member of DayOfWeek"],
    ["a bad time", { "@context": "https://schema.org", "@type": "OpeningHoursSpecification", opens: "9am" }, "expected a Time as HH:mm:ss"],
    ["24:00:00 as a time", { "@context": "https://schema.org", "@type": "OpeningHoursSpecification", closes: "24:00:00" }, "expected a Time as HH:mm:ss"],
    ["a nested node of the wrong class", { "@context": "https://schema.org", "@type": "LocalBusiness", geo: { "@type": "PostalAddress", streetAddress: "x" } }, "found @type PostalAddress"],
    ["a superseded property", { "@context": "https://schema.org", "@type": "FoodEstablishment", menu: "https://x.example/menu" }, "superseded or pending"],
    ["a relative url where only URL fits", { "@context": "https://schema.org", "@type": "LocalBusiness", sameAs: "/about" }, "expected an absolute http(s) URL"],
    ["a missing context", { "@type": "LocalBusiness", name: "x" }, "@context"],
    ["a bad validFrom", { "@context": "https://schema.org", "@type": "OpeningHoursSpecification", validFrom: "Christmas" }, "expected an ISO 8601"],
  ])("flags %s", (_name, doc, message) => {
    expect(validate(doc).join("\n")).toContain(message);
  });
});

describe("every block we emit passes the vocabulary check", () => {
  it.each<[string, JsonLd]>([
    ["salon, one location", localBusinessJsonLd(salon, { siteUrl: SITE })],
    ["restaurant, two locations (@graph)", localBusinessJsonLd(trattoria, { siteUrl: SITE })],
    ["business without locations", localBusinessJsonLd({ name: "Pop-up", categories: [] }, { siteUrl: SITE })],
    ["navigation list", navigationJsonLd([{ title: "Home", slug: "/" }, { title: "Book", pageType: "External", url: "https://book.example/glow" }], SITE)],
    ["restaurant item", offerJsonLd({ name: "Margherita", description: "Tomato, basil", image: "/img/pizza.jpg", available: true, variations: [{ name: "Small", priceCents: 1250 }, { name: "Large", priceCents: 1800 }] }, { siteUrl: SITE, url: "/menu/pizza/margherita", businessType: "restaurant", sellerId: `${SITE}#location-north` })],
    ["an item with a sold-out variation", offerJsonLd({ name: "Arancini", available: true, variations: [{ name: "3 pieces", priceCents: 1100 }, { name: "6 pieces", priceCents: 1950, available: false }] }, { siteUrl: SITE, businessType: "restaurant" })],
    ["salon service", offerJsonLd({ name: "Haircut", available: false, variations: [{ name: "Standard", priceCents: 4500 }] }, { siteUrl: SITE, url: "https://glow-salon.example/services/haircut", businessType: "generic", currency: "cad" })],
  ])("%s", (_name, doc) => {
    expect(validate(doc)).toEqual([]);
  });
});

describe("localBusinessType (SPEC §3: the first category decides)", () => {
  it.each<[string[] | null | undefined, string | undefined, string]>([
    [["Restaurant", "bar"], undefined, "FoodEstablishment"],
    [["rest"], undefined, "FoodEstablishment"],
    [["REST"], undefined, "FoodEstablishment"],
    [[" rest "], undefined, "FoodEstablishment"],
    [["spa"], undefined, "HealthAndBeautyBusiness"],
    [["Salon"], undefined, "HealthAndBeautyBusiness"],
    [["hair"], undefined, "HealthAndBeautyBusiness"],
    [["restaurants"], undefined, "LocalBusiness"],
    [["retail", "rest"], undefined, "LocalBusiness"],
    [[], undefined, "LocalBusiness"],
    [null, undefined, "LocalBusiness"],
    [["florist"], "Florist", "Florist"],
  ])("%j (default %p) → %p", (categories, defaultType, expected) => {
    expect(localBusinessType(categories, defaultType)).toBe(expected);
  });
});

describe("times and prices", () => {
  it.each<[number, string]>([
    [0, "00:00:00"],
    [900, "09:00:00"],
    [1730, "17:30:00"],
    [2359, "23:59:00"],
    [2400, "23:59:59"],
  ])("schemaTime(%p) → %p", (hhmm, expected) => {
    expect(schemaTime(hhmm)).toBe(expected);
  });

  it.each<[number, string | undefined, string]>([
    [0, undefined, "0.00"],
    [5, undefined, "0.05"],
    [1250, undefined, "12.50"],
    [1800, "USD", "18.00"],
    [123456, "EUR", "1234.56"],
    [4990, "CHF", "49.90"],
    [1200, "JPY", "1200"],
    [0, "JPY", "0"],
    [1250, "KWD", "1.250"],
  ])("priceString(%p, %p) → %p", (cents, currency, expected) => {
    expect(priceString(cents, currency)).toBe(expected);
  });

  it.each([-1, 1.5, Number.NaN])("priceString refuses %p", (cents) => {
    expect(() => priceString(cents)).toThrow("expected a whole number of minor units >= 0");
  });
});

describe("specialOpeningHoursSpecification (dated overrides)", () => {
  it.each<[string, Parameters<typeof specialOpeningHoursSpecification>[0], Record<string, string>[]]>([
    ["a holiday closure", [{ date: "2026-12-25", closed: true, label: "Christmas Day" }], [{ validFrom: "2026-12-25", validThrough: "2026-12-25", opens: "00:00:00", closes: "00:00:00" }]],
    ["changed hours", [{ date: "2026-12-31", open: 1600, close: 2000 }], [{ validFrom: "2026-12-31", validThrough: "2026-12-31", opens: "16:00:00", closes: "20:00:00" }]],
    ["changed hours past midnight keep closes < opens", [{ date: "2026-12-31", open: 1800, close: 200 }], [{ validFrom: "2026-12-31", validThrough: "2026-12-31", opens: "18:00:00", closes: "02:00:00" }]],
    ["split changed hours, sorted by date then open", [{ date: "2027-01-01", open: 1700, close: 2100 }, { date: "2026-12-31", open: 1600, close: 2000 }, { date: "2027-01-01", open: 1100, close: 1400 }], [
      { validFrom: "2026-12-31", validThrough: "2026-12-31", opens: "16:00:00", closes: "20:00:00" },
      { validFrom: "2027-01-01", validThrough: "2027-01-01", opens: "11:00:00", closes: "14:00:00" },
      { validFrom: "2027-01-01", validThrough: "2027-01-01", opens: "17:00:00", closes: "21:00:00" },
    ]],
    ["a closure wins over ranges of the same date", [{ date: "2026-12-25", open: 1000, close: 1200 }, { date: "2026-12-25", closed: true }], [{ validFrom: "2026-12-25", validThrough: "2026-12-25", opens: "00:00:00", closes: "00:00:00" }]],
    ["entries lacking a time or a date are left out", [{ date: "2026-12-24", open: 1000 }, { date: "Christmas", closed: true }], []],
    ["none", null, []],
  ])("%s", (_name, special, expected) => {
    expect(specialOpeningHoursSpecification(special)).toEqual(expected.map((spec) => ({ "@type": "OpeningHoursSpecification", ...spec })));
  });

  it("is on the location's node, next to the weekly hours", () => {
    const graph = localBusinessJsonLd(trattoria, { siteUrl: SITE })["@graph"] as JsonLd[];
    expect(graph[0].specialOpeningHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", validFrom: "2026-12-25", validThrough: "2026-12-25", opens: "00:00:00", closes: "00:00:00" },
      { "@type": "OpeningHoursSpecification", validFrom: "2026-12-31", validThrough: "2026-12-31", opens: "16:00:00", closes: "20:00:00" },
    ]);
    expect(graph[1].specialOpeningHoursSpecification).toBeUndefined();
  });
});

describe("openingHoursSpecification", () => {
  it.each<[string, { day: number; open?: number | null; close?: number | null }[], { dayOfWeek: string; opens: string; closes: string }[]]>([
    ["a weekday range", [{ day: 1, open: 900, close: 1700 }], [{ dayOfWeek: "https://schema.org/Monday", opens: "09:00:00", closes: "17:00:00" }]],
    ["overnight keeps closes < opens", [{ day: 5, open: 1800, close: 200 }], [{ dayOfWeek: "https://schema.org/Friday", opens: "18:00:00", closes: "02:00:00" }]],
    ["2400 closes at 23:59:59", [{ day: 6, open: 1100, close: 2400 }], [{ dayOfWeek: "https://schema.org/Saturday", opens: "11:00:00", closes: "23:59:59" }]],
    ["0–2400 is all day", [{ day: 7, open: 0, close: 2400 }], [{ dayOfWeek: "https://schema.org/Sunday", opens: "00:00:00", closes: "23:59:59" }]],
    ["0–0 is all day (Google reads 00:00–00:00 as closed)", [{ day: 7, open: 0, close: 0 }], [{ dayOfWeek: "https://schema.org/Sunday", opens: "00:00:00", closes: "23:59:59" }]],
    ["equal times run 24 hours from the open", [{ day: 2, open: 900, close: 900 }], [{ dayOfWeek: "https://schema.org/Tuesday", opens: "09:00:00", closes: "08:59:59" }]],
    ["entries lacking a time are left out", [{ day: 1, open: 900, close: null }, { day: 2, open: null, close: 1700 }, { day: 3 }], []],
    ["sorted by day then open", [{ day: 3, open: 1700, close: 2100 }, { day: 1, open: 900, close: 1000 }, { day: 3, open: 800, close: 1200 }], [
      { dayOfWeek: "https://schema.org/Monday", opens: "09:00:00", closes: "10:00:00" },
      { dayOfWeek: "https://schema.org/Wednesday", opens: "08:00:00", closes: "12:00:00" },
      { dayOfWeek: "https://schema.org/Wednesday", opens: "17:00:00", closes: "21:00:00" },
    ]],
  ])("%s", (_name, hours, expected) => {
    expect(openingHoursSpecification(hours)).toEqual(expected.map((spec) => ({ "@type": "OpeningHoursSpecification", ...spec })));
  });
});

describe("localBusinessJsonLd", () => {
  it("builds one object for a single location", () => {
    expect(localBusinessJsonLd(salon, { siteUrl: SITE })).toEqual({
      "@context": "https://schema.org",
      "@type": "HealthAndBeautyBusiness",
      "@id": "https://glow-salon.example/#location-loc-1",
      name: "Glow Salon",
      url: "https://glow-salon.example/",
      description: "Cuts, colour and calm.",
      logo: "https://glow-salon.example/static/logo.png",
      image: ["https://cdn.example/hero.jpg", "https://cdn.example/a.jpg"],
      address: { "@type": "PostalAddress", streetAddress: "12 Main St", addressLocality: "Springfield", addressRegion: "IL", postalCode: "62701", addressCountry: "US" },
      telephone: "(217) 555-0142",
      email: "hello@glow.example",
      geo: { "@type": "GeoCoordinates", latitude: 39.8017, longitude: -89.6437 },
      openingHoursSpecification: weekdayHours.map((entry) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"][entry.day - 1]}`,
        opens: "09:00:00",
        closes: "17:00:00",
      })),
      sameAs: ["https://instagram.com/glow", "https://facebook.com/glow"],
    });
  });

  it("gives each location of a restaurant its own node and @id, with servesCuisine", () => {
    const doc = localBusinessJsonLd(trattoria, { siteUrl: "https://uno.example" });
    const graph = doc["@graph"] as JsonLd[];
    expect(doc["@type"]).toBeUndefined();
    expect(graph.map((node) => [node["@type"], node["@id"], node.name, node.servesCuisine])).toEqual([
      ["FoodEstablishment", "https://uno.example/#location-north", "Trattoria Uno – North", "Italian"],
      ["FoodEstablishment", "https://uno.example/#location-south", "Trattoria Uno – South", "Italian"],
    ]);
    expect((graph[1].address as JsonLd).postalCode).toBe("78704");
    expect(graph[0].openingHoursSpecification).toContainEqual({ "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Friday", opens: "18:00:00", closes: "02:00:00" });
  });

  it.each<[string, StructuredBusinessInput, Record<string, unknown>]>([
    ["servesCuisine only for food establishments", { name: "Glow", categories: ["salon"], subCategory: "Italian" }, { "@type": "HealthAndBeautyBusiness", servesCuisine: undefined }],
    ["no subCategory, no servesCuisine", { name: "Uno", categories: ["rest"] }, { "@type": "FoodEstablishment", servesCuisine: undefined }],
    ["no location: a business @id and no address", { name: "Pop-up" }, { "@id": "https://glow-salon.example/#business", address: undefined, "@type": "LocalBusiness" }],
    ["the logo doubles as image when there are no images", { name: "Logo Only", logo: "https://cdn.example/logo.png" }, { image: ["https://cdn.example/logo.png"] }],
    ["a location without id is numbered", { name: "Anon", locations: [{ city: "Reno" }] }, { "@id": "https://glow-salon.example/#location-1", address: { "@type": "PostalAddress", addressLocality: "Reno" } }],
    ["a location page url is used", { name: "Paged", locations: [{ id: "a", url: "/locations/a" }] }, { url: "https://glow-salon.example/locations/a" }],
    ["geo needs both coordinates", { name: "Half", locations: [{ id: "h", latitude: 10 }] }, { geo: undefined }],
  ])("%s", (_name, business, expected) => {
    const doc = localBusinessJsonLd(business, { siteUrl: SITE });
    for (const [key, value] of Object.entries(expected)) expect(doc[key]).toEqual(value);
    expect(validate(doc)).toEqual([]);
  });

  it.each<[string, ((image: { file?: string | null }) => string | null) | undefined, unknown, unknown]>([
    ["business-data image files are not urls: left out without a resolver", undefined, undefined, undefined],
    ["a resolver publishes them", (image) => (image.file ? `/static/${image.file}` : null), "https://glow-salon.example/static/logo.png", ["https://glow-salon.example/static/hero.jpg"]],
  ])("%s", (_name, imageUrl, logo, image) => {
    const business = { name: "Files", logo: { file: "logo.png", alt: "Logo" }, heroImage: { file: "hero.jpg", alt: "Salon" }, images: [] };
    const doc = localBusinessJsonLd(business, { siteUrl: SITE, imageUrl });
    expect([doc.logo, doc.image]).toEqual([logo, image]);
    expect(validate(doc)).toEqual([]);
  });

  it("a free variation beside a paid one is an offer at price 0 (free, in schema.org's terms), never a range from $0", () => {
    const doc = offerJsonLd({ name: "Fringe Trim", variations: [{ name: "Existing client", priceCents: 0 }, { name: "New client", priceCents: 1500 }] }, { siteUrl: SITE });
    expect((doc.offers as { price: string; name: string }[]).map((offer) => [offer.name, offer.price])).toEqual([["Existing client", "0.00"], ["New client", "15.00"]]);
    expect(doc).not.toHaveProperty("priceRange");
    expect(validate(doc)).toEqual([]);
  });

  it("an item image resolves through the resolver too", () => {
    const doc = offerJsonLd({ name: "Tea", image: { file: "tea.jpg" }, variations: [] }, { siteUrl: SITE, imageUrl: () => "https://cdn.example/tea.jpg" });
    expect(doc.image).toBe("https://cdn.example/tea.jpg");
  });

  it("names a missing site url", () => {
    expect(() => localBusinessJsonLd(salon, { siteUrl: " " })).toThrow("siteUrl: expected the site's url like https://example.com");
  });

  it("location ids are stable and url-safe", () => {
    expect(locationJsonLdId("example.com", { id: "a b/c" })).toBe("https://example.com/#location-a%20b%2Fc");
  });
});

describe("navigationJsonLd (SPEC §2)", () => {
  it.each<[string, string, Parameters<typeof navigationJsonLd>[0], [string, string][]]>([
    ["joins site url and slug with one slash", "https://glow.example/", [{ title: "About", slug: "/about" }], [["About", "https://glow.example/about"]]],
    ["site url without trailing slash", "https://glow.example", [{ title: "About", slug: "about" }], [["About", "https://glow.example/about"]]],
    ["home", "https://glow.example/", [{ title: "Home", slug: "/" }], [["Home", "https://glow.example/"]]],
    ["repeated slashes collapse", "https://glow.example//", [{ title: "Cut", slug: "//services//haircut" }], [["Cut", "https://glow.example/services/haircut"]]],
    ["External uses its own url", "https://glow.example", [{ title: "Book", pageType: "External", url: "https://book.example/x?y=1" }], [["Book", "https://book.example/x?y=1"]]],
    ["External bare domain gets https", "https://glow.example", [{ title: "Shop", pageType: "external", url: "shop.example" }], [["Shop", "https://shop.example"]]],
    ["unsafe and non-web entries are left out", "https://glow.example", [
      { title: "Bad", pageType: "External", url: "javascript:alert(1)" },
      { title: "Mail", pageType: "External", url: "hi@glow.example" },
      { title: "", slug: "/untitled" },
      { title: "Team", slug: "team" },
    ], [["Team", "https://glow.example/team"]]],
  ])("%s", (_name, siteUrl, links, expected) => {
    const doc = navigationJsonLd(links, siteUrl);
    const elements = doc.itemListElement as JsonLd[];
    expect(elements.map((element) => [element.name, element.url])).toEqual(expected);
    expect(elements.map((element) => element.position)).toEqual(expected.map((_, index) => index + 1));
    expect(elements.every((element) => element["@type"] === "SiteNavigationElement")).toBe(true);
    expect(validate(doc)).toEqual([]);
  });
});

describe("offerJsonLd", () => {
  it("a restaurant item is a MenuItem with an Offer per variation", () => {
    expect(
      offerJsonLd(
        { name: "Margherita", available: true, variations: [{ name: "Small", priceCents: 1250 }, { name: "Large", priceCents: 1800 }] },
        { siteUrl: "https://uno.example", url: "/menu/margherita", businessType: "restaurant" },
      ),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "MenuItem",
      "@id": "https://uno.example/menu/margherita#item",
      name: "Margherita",
      url: "https://uno.example/menu/margherita",
      offers: [
        { "@type": "Offer", name: "Small", price: "12.50", priceCurrency: "USD", availability: "https://schema.org/InStock", url: "https://uno.example/menu/margherita" },
        { "@type": "Offer", name: "Large", price: "18.00", priceCurrency: "USD", availability: "https://schema.org/InStock", url: "https://uno.example/menu/margherita" },
      ],
    });
  });

  it.each<[string, number, string]>([
    ["JPY", 1200, "1200"],
    ["KWD", 1250, "1.250"],
    ["EUR", 1250, "12.50"],
  ])("prices in %s carry its own digits", (currency, cents, price) => {
    const doc = offerJsonLd({ name: "Ramen", available: true, variations: [{ name: "Regular", priceCents: cents }] }, { siteUrl: SITE, currency, businessType: "restaurant" });
    expect(doc.offers).toEqual([{ "@type": "Offer", price, priceCurrency: currency, availability: "https://schema.org/InStock" }]);
    expect(validate(doc)).toEqual([]);
  });

  it.each<[string, string | null | undefined, string]>([
    ["generic", "generic", "Service"],
    ["merchant", "merchant", "Service"],
    ["unknown", undefined, "Service"],
    ["restaurant in capitals", "Restaurant", "MenuItem"],
  ])("business type %s → %s", (_name, businessType, type) => {
    expect(offerJsonLd({ name: "X", variations: [] }, { siteUrl: SITE, businessType })["@type"]).toBe(type);
  });

  it("a single variation's offer is unnamed, unavailable items are OutOfStock, and the seller is referenced", () => {
    const doc = offerJsonLd(
      { name: "Haircut", available: false, variations: [{ name: "Regular", priceCents: 4500 }] },
      { siteUrl: SITE, currency: "cad", sellerId: "https://glow-salon.example/#location-loc-1" },
    );
    expect(doc.offers).toEqual([
      { "@type": "Offer", price: "45.00", priceCurrency: "CAD", availability: "https://schema.org/OutOfStock", seller: { "@id": "https://glow-salon.example/#location-loc-1" } },
    ]);
    expect(validate(doc)).toEqual([]);
  });

  it.each<[string, boolean | undefined, (boolean | undefined)[], (string | undefined)[]]>([
    ["a sold-out variation is OutOfStock on its own", true, [true, false], ["InStock", "OutOfStock"]],
    ["a sold-out item makes every variation OutOfStock", false, [true, undefined], ["OutOfStock", "OutOfStock"]],
    ["variation availability alone decides when the item says nothing", undefined, [undefined, false], [undefined, "OutOfStock"]],
    ["nothing said, no availability", undefined, [undefined, undefined], [undefined, undefined]],
  ])("%s", (_name, available, variations, expected) => {
    const doc = offerJsonLd({ name: "Arancini", available, variations: variations.map((flag, index) => ({ name: `v${index}`, priceCents: 1100, available: flag })) }, { siteUrl: SITE });
    expect((doc.offers as JsonLd[]).map((offer) => (offer.availability as string | undefined)?.replace("https://schema.org/", ""))).toEqual(expected);
  });
});

describe("blogPostingJsonLd (Google's Article rules on the schema.org vocabulary)", () => {
  const SALON = "https://luma.example";
  const publisher = { name: "Luma Hair & Beauty", logo: "/static/logo.png" };
  const post = {
    title: "  Making balayage last: an aftercare guide ",
    summary: "Three habits that keep warm tones from turning brassy.",
    author: "Maya Okafor",
    datePublished: "2025-03-14T00:00:00-04:00",
    image: "/static/blog-balayage.jpg",
    url: "/blog/balayage-aftercare/",
  };

  it("has a headline, an image, datePublished with its offset, a Person author and the business as publisher", () => {
    const doc = blogPostingJsonLd(post, { siteUrl: SALON, publisher, inLanguage: "en-US" });
    expect(doc).toEqual({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      "@id": "https://luma.example/blog/balayage-aftercare/#post",
      mainEntityOfPage: "https://luma.example/blog/balayage-aftercare/",
      url: "https://luma.example/blog/balayage-aftercare/",
      headline: "Making balayage last: an aftercare guide",
      description: "Three habits that keep warm tones from turning brassy.",
      image: ["https://luma.example/static/blog-balayage.jpg"],
      datePublished: "2025-03-14T00:00:00-04:00",
      author: { "@type": "Person", name: "Maya Okafor" },
      publisher: { "@type": "Organization", name: "Luma Hair & Beauty", url: "https://luma.example/", logo: { "@type": "ImageObject", url: "https://luma.example/static/logo.png" } },
      inLanguage: "en-US",
    });
    expect(validate(doc)).toEqual([]);
  });

  it.each<[string, Partial<Parameters<typeof blogPostingJsonLd>[0]>, (doc: JsonLd) => unknown, unknown]>([
    ["without an author the business writes it", { author: "  " }, (doc) => doc.author, { "@type": "Organization", name: "Luma Hair & Beauty", url: "https://luma.example/" }],
    ["without an image there is none", { image: undefined }, (doc) => doc.image, undefined],
    ["an unsafe image url is dropped", { image: "javascript:alert(1)" }, (doc) => doc.image, undefined],
    ["without a summary there is no description", { summary: null }, (doc) => doc.description, undefined],
    ["an absolute url is kept", { url: "https://luma.example/blog/x/" }, (doc) => doc["@id"], "https://luma.example/blog/x/#post"],
    ["a UTC time keeps its Z", { datePublished: "2025-06-01T01:30:00Z" }, (doc) => doc.datePublished, "2025-06-01T01:30:00Z"],
  ])("%s", (_name, change, read, expected) => {
    const doc = blogPostingJsonLd({ ...post, ...change }, { siteUrl: SALON, publisher });
    expect(read(doc)).toEqual(expected);
    expect(validate(doc)).toEqual([]);
  });

  it.each(["2025-03-14", "2025-03-14T09:30", "March 14"])("refuses a datePublished without an offset: %p", (datePublished) => {
    expect(() => blogPostingJsonLd({ ...post, datePublished }, { siteUrl: SALON, publisher })).toThrow("expected an ISO date-time with its offset");
  });
});

describe("reviewJsonLd (review stars only where search engines allow them)", () => {
  const reviews = [
    { rating: 5, text: "Best margherita in town.", author: "Ada L.", created_at: "2030-06-01T19:00:00.000-04:00" },
    { rating: 4, text: "  ", author: "Anonymous", created_at: "2030-05-30T12:00:00.000-04:00" },
    { rating: 3, text: "Fine.", author: "Sam", created_at: "2030-05-29T12:00:00.000-04:00" },
  ];
  const input = { reviews, aggregate: { count: 3, average: 4 } };

  it.each<[string, string, boolean]>([
    ["a business on its own site: self-serving, not allowed", "LocalBusiness", false],
    ["a restaurant on its own site", "FoodEstablishment", false],
    ["a salon on its own site", "HealthAndBeautyBusiness", false],
    ["an organisation on its own site", "Organization", false],
    ["a dish: schema.org MenuItem has no rating properties", "MenuItem", false],
    ["a product", "Product", true],
    ["a service", "Service", true],
    ["an unknown type", "Thing", false],
  ])("%s (%s) → %p", (_name, kind, allowed) => {
    const block = reviewJsonLd(kind, input);
    expect(block !== null).toBe(allowed);
    if (block) expect(validate({ "@context": "https://schema.org", "@type": kind, name: "Margherita", ...block })).toEqual([]);
  });

  it("writes the aggregate of all approved reviews and a Review per named reviewer", () => {
    expect(reviewJsonLd("Product", input)).toEqual({
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 3, bestRating: 5, worstRating: 1 },
      review: [
        {
          "@type": "Review",
          reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
          author: { "@type": "Person", name: "Ada L." },
          datePublished: "2030-06-01",
          reviewBody: "Best margherita in town.",
        },
        { "@type": "Review", reviewRating: { "@type": "Rating", ratingValue: 3, bestRating: 5, worstRating: 1 }, author: { "@type": "Person", name: "Sam" }, datePublished: "2030-05-29", reviewBody: "Fine." },
      ],
    });
  });

  it.each<[string, Parameters<typeof reviewJsonLd>[1]]>([
    ["no reviews", { reviews: [], aggregate: { count: 0, average: null } }],
    ["an aggregate without an average", { reviews: [], aggregate: { count: 2, average: null } }],
  ])("%s → null", (_name, empty) => {
    expect(reviewJsonLd("Product", empty)).toBeNull();
  });

  it("writes at most ten Review nodes and only the aggregate when every reviewer is anonymous", () => {
    const many = Array.from({ length: 14 }, (_, index) => ({ rating: 5, text: "Good", author: `R${index}`, created_at: "2030-06-01T00:00:00Z" }));
    expect((reviewJsonLd("Service", { reviews: many, aggregate: { count: 14, average: 5 } })?.review as unknown[]).length).toBe(10);
    const anonymous = reviewJsonLd("Service", { reviews: [reviews[1]], aggregate: { count: 1, average: 4 } });
    expect(anonymous).not.toHaveProperty("review");
    expect(anonymous).toHaveProperty("aggregateRating.reviewCount", 1);
  });
});

describe("itemReviewsJsonLd (the item's reviews, added in the browser)", () => {
  const input = { reviews: [{ rating: 5, text: "Lovely.", author: "Ada L.", created_at: "2030-06-01T19:00:00.000Z" }], aggregate: { count: 2, average: 4.5 } };
  const built = (businessType: string) => offerJsonLd({ name: "Balayage", available: true, variations: [{ name: "", priceCents: 12000 }] }, { siteUrl: SITE, url: "/services/color/balayage/", businessType });

  it("a Service item: the build's node (@type, @id, name) with the rating, so the two blocks name one thing", () => {
    const item = built("salon");
    const block = itemReviewsJsonLd(item, input);
    expect(block).toMatchObject({ "@context": "https://schema.org", "@type": "Service", "@id": itemJsonLdId(`${SITE}services/color/balayage/`), name: "Balayage" });
    expect(block?.["@id"]).toBe(item["@id"]);
    expect(block?.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    expect(validate(block as JsonLd)).toEqual([]);
  });

  it.each<[string, Parameters<typeof itemReviewsJsonLd>[0], Parameters<typeof itemReviewsJsonLd>[1]]>([
    ["a restaurant's MenuItem", built("restaurant"), input],
    ["a location (LocalBusiness)", { "@type": "LocalBusiness", name: "Uno" }, input],
    ["no approved reviews", built("salon"), { reviews: [], aggregate: { count: 0, average: null } }],
    ["a node without a name", { "@type": "Service" }, input],
  ])("%s → none", (_name, item, reviews) => {
    expect(itemReviewsJsonLd(item, reviews)).toBeNull();
  });
});

describe("parseJsonLdNode", () => {
  it.each<[string, string | null | undefined, Record<string, unknown> | null]>([
    ["an object", '{"@type":"Service","name":"Cut"}', { "@type": "Service", name: "Cut" }],
    ["an array", '[{"@type":"Service"}]', null],
    ["a string", '"Service"', null],
    ["JSON null", "null", null],
    ["text that is not JSON", "{nope", null],
    ["nothing", null, null],
    ["empty text", "", null],
  ])("%s", (_name, text, expected) => {
    expect(parseJsonLdNode(text)).toEqual(expected);
  });
});
