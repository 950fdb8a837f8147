import { blogPostingJsonLd, localBusinessJsonLd, navigationJsonLd, offerJsonLd, type JsonLd } from "@mainstreet/rules/site/structured-data";
import { checkJsonLd, extractJsonLdBlocks, type JsonLdExpectations } from "../json-ld";
import { loadVocabulary, vocabularyProblems } from "@mainstreet/rules/site/schema-vocabulary";

const vocabulary = loadVocabulary();
const SITE = "https://luma.example";

const business = localBusinessJsonLd(
  {
    name: "Luma Hair",
    categories: ["salon"],
    locations: [
      {
        id: "loc-1",
        name: "Carrow Street",
        street: "418 Carrow Street",
        city: "Brooklyn",
        state: "NY",
        zip: "11211",
        country: "US",
        hours: [
          { day: 1, open: 900, close: 1900 },
          { day: 6, open: 1000, close: 1600 },
        ],
      },
    ],
  },
  { siteUrl: SITE },
);
const navigation = navigationJsonLd(
  [
    { title: "Home", slug: "" },
    { title: "Services", slug: "services" },
    { title: "Book", pageType: "External", url: "https://book.example/luma" },
  ],
  SITE,
);
const offer = offerJsonLd(
  { name: "Women's Haircut", available: true, variations: [{ name: "Stylist", priceCents: 6500 }, { name: "Senior", priceCents: 8500 }] },
  { siteUrl: SITE, url: "/services/haircuts/womens-haircut/", currency: "USD" },
);

const posting = blogPostingJsonLd(
  { title: "Making balayage last", author: "Maya Okafor", datePublished: "2025-03-14T00:00:00-04:00", image: "/static/blog.jpg", url: "/blog/balayage-aftercare/", summary: "Three habits." },
  { siteUrl: SITE, publisher: { name: "Luma Hair", logo: "/static/logo.png" }, inLanguage: "en-US" },
);

const script = (value: unknown, type = 'type="application/ld+json"') => `<script ${type}>${typeof value === "string" ? value : JSON.stringify(value)}</script>`;
const page = (...scripts: string[]) => `<!DOCTYPE html><html><head><title>x</title>${scripts.join("")}</head><body></body></html>`;

const homeExpectations: JsonLdExpectations = { localBusinessType: "HealthAndBeautyBusiness", requireLocalBusiness: true, requireOpeningHours: true, requireNavigation: true, offers: null };
const itemExpectations: JsonLdExpectations = { ...homeExpectations, requireLocalBusiness: false, requireOpeningHours: false, offers: { prices: ["65.00", "85.00"], currency: "USD" } };
const postExpectations: JsonLdExpectations = { ...itemExpectations, offers: null, blogPosting: { headline: "Making balayage last", image: true, author: "Maya Okafor" } };
const problemsFor = (html: string, expectations = homeExpectations) => checkJsonLd(extractJsonLdBlocks(html), expectations, vocabulary);

/** A deep copy with the value at `at` replaced, or removed when `value` is undefined. */
const edit = (doc: JsonLd, at: (string | number)[], value: unknown): JsonLd => {
  const copy = JSON.parse(JSON.stringify(doc)) as JsonLd;
  let parent = copy as unknown as Record<string | number, unknown>;
  for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = at[at.length - 1];
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
};

describe("extractJsonLdBlocks", () => {
  it.each<[string, string, number, string[]]>([
    ["double-quoted type", page(script({ a: 1 })), 1, ['{"a":1}']],
    ["single-quoted type with other attributes", page(`<script data-gatsby-head='true' type='application/ld+json'>{"b":2}</script>`), 1, ['{"b":2}']],
    ["unquoted, upper-case type", page(`<SCRIPT type=APPLICATION/LD+JSON>{"c":3}</SCRIPT>`), 1, ['{"c":3}']],
    ["ordinary scripts are skipped", page(`<script>var a = 1;</script><script type="module">x</script>`, script({ d: 4 })), 1, ['{"d":4}']],
    ["a data-type attribute is not the type", page(`<script data-type="application/ld+json">{}</script>`), 0, []],
    ["several blocks keep their order", page(script({ e: 5 }), script({ f: 6 })), 2, ['{"e":5}', '{"f":6}']],
  ])("%s", (_name, html, count, texts) => {
    const blocks = extractJsonLdBlocks(html);
    expect(blocks).toHaveLength(count);
    expect(blocks.map((block) => block.text)).toEqual(texts);
    expect(blocks.map((block) => block.index)).toEqual(texts.map((_, index) => index + 1));
  });

  it("keeps an unparsable block with its parse error", () => {
    const [block] = extractJsonLdBlocks(page(script("{ not json")));
    expect(block.value).toBeUndefined();
    expect(block.parseError).toMatch(/JSON/);
  });
});

describe("checkJsonLd accepts what packages/rules/src/site/structured-data.ts produces", () => {
  it.each<[string, string, JsonLdExpectations]>([
    ["a home page: business and navigation", page(script(business), script(navigation)), homeExpectations],
    ["an item page: navigation and offers", page(script(navigation), script(offer)), itemExpectations],
    ["an item page with the business too", page(script(business), script(navigation), script(offer)), itemExpectations],
    ["a top-level array of nodes", page(script([navigation, business])), homeExpectations],
    ["a blog post: navigation and its BlogPosting", page(script(navigation), script(posting)), postExpectations],
    ["a blog post by the business itself", page(script(navigation), script(edit(posting, ["author"], { "@type": "Organization", name: "Luma Hair" }))), { ...postExpectations, blogPosting: { ...postExpectations.blogPosting!, author: null } }],
  ])("%s", (_name, html, expectations) => {
    expect(problemsFor(html, expectations)).toEqual([]);
  });
});

describe("checkJsonLd reports", () => {
  it.each<[string, string, JsonLdExpectations, string]>([
    ["a page without JSON-LD", page(), homeExpectations, "page: expected a HealthAndBeautyBusiness (LocalBusiness) block, found no JSON-LD at all"],
    ["a missing navigation list", page(script(business)), homeExpectations, "page: expected an ItemList of SiteNavigationElement (the navigation list, SPEC §2), found none"],
    ["unparsable JSON", page(script("{ oops"), script(business), script(navigation)), homeExpectations, "block 1: expected valid JSON, got"],
    ["a wrong @context", page(script(edit(business, ["@context"], "https://example.org")), script(navigation)), homeExpectations, 'block 1 $.@context: expected "https://schema.org", found "https://example.org"'],
    ["the wrong LocalBusiness subtype", page(script(edit(business, ["@type"], "FoodEstablishment")), script(navigation)), homeExpectations, "block 1 $.@type: expected HealthAndBeautyBusiness (from the business's first category), found \"FoodEstablishment\""],
    ["an address that is only a string", page(script(edit(business, ["address"], "418 Carrow Street")), script(navigation)), homeExpectations, "block 1 $.address: expected a PostalAddress node, found \"418 Carrow Street\""],
    ["an address without its city", page(script(edit(business, ["address", "addressLocality"], undefined)), script(navigation)), homeExpectations, "block 1 $.address.addressLocality: expected non-empty text, found nothing"],
    ["hours missing although the location has some", page(script(edit(business, ["openingHoursSpecification"], undefined)), script(navigation)), homeExpectations, "page: expected openingHoursSpecification on the HealthAndBeautyBusiness node"],
    ["an hours time without seconds' shape", page(script(edit(business, ["openingHoursSpecification", 0, "opens"], "9am")), script(navigation)), homeExpectations, 'block 1 $.openingHoursSpecification[0].opens: expected a time as HH:mm:ss, found "9am"'],
    ["a day that is not a schema.org day", page(script(edit(business, ["openingHoursSpecification", 1, "dayOfWeek"], "Sat")), script(navigation)), homeExpectations, 'block 1 $.openingHoursSpecification[1].dayOfWeek: expected a day like https://schema.org/Monday, found "Sat"'],
    ["a navigation position out of order", page(script(business), script(edit(navigation, ["itemListElement", 1, "position"], 3))), homeExpectations, "block 2 $.itemListElement[1].position: expected 2 (positions count from 1 in list order), found 3"],
    ["a relative navigation url", page(script(business), script(edit(navigation, ["itemListElement", 0, "url"], "/"))), homeExpectations, 'block 2 $.itemListElement[0].url: expected an absolute http(s) url, found "/"'],
    ["a navigation entry without a name", page(script(business), script(edit(navigation, ["itemListElement", 0, "name"], ""))), homeExpectations, "block 2 $.itemListElement[0].name: expected the link text, found \"\""],
    ["a price as a number", page(script(navigation), script(edit(offer, ["offers", 0, "price"], 65))), itemExpectations, 'block 2 $.offers[0].price: expected a decimal string like "45.00", found the number 65'],
    ["a price with a currency sign", page(script(navigation), script(edit(offer, ["offers", 0, "price"], "$65.00"))), itemExpectations, 'block 2 $.offers[0].price: expected a decimal string like "45.00", found "$65.00"'],
    ["a missing currency", page(script(navigation), script(edit(offer, ["offers", 1, "priceCurrency"], undefined))), itemExpectations, 'block 2 $.offers[1].priceCurrency: expected an ISO 4217 code like "USD", found nothing'],
    ["another currency than the business's", page(script(navigation), script(edit(offer, ["offers", 1, "priceCurrency"], "EUR"))), itemExpectations, 'block 2 $.offers[1].priceCurrency: expected USD (the business\'s currency), found "EUR"'],
    ["prices that differ from the item's", page(script(navigation), script(edit(offer, ["offers", 1, "price"], "80.00"))), itemExpectations, "page: expected Offer prices 65.00, 85.00 (the item's variations), found 65.00, 80.00"],
    ["an item page without offers", page(script(navigation)), itemExpectations, "page: expected Offer nodes with prices 65.00, 85.00 USD, found none"],
    ["a blog post without its BlogPosting", page(script(navigation)), postExpectations, "page: expected a BlogPosting block (the post), found none"],
    ["a headline that is not the post's title", page(script(navigation), script(edit(posting, ["headline"], "Blog"))), postExpectations, 'block 2 $.headline: expected "Making balayage last" (the post\'s title), found "Blog"'],
    ["a post without its image", page(script(navigation), script(edit(posting, ["image"], undefined))), postExpectations, "block 2 $.image: expected the post's hero image as an absolute url, found nothing"],
    ["a relative image", page(script(navigation), script(edit(posting, ["image"], ["/static/blog.jpg"]))), postExpectations, 'block 2 $.image[0]: expected an absolute http(s) url, found "/static/blog.jpg"'],
    ["a date without its offset", page(script(navigation), script(edit(posting, ["datePublished"], "2025-03-14"))), postExpectations, 'block 2 $.datePublished: expected an ISO 8601 date-time with its offset like 2025-03-14T00:00:00-04:00, found "2025-03-14"'],
    ["an author given as text", page(script(navigation), script(edit(posting, ["author"], "Maya Okafor"))), postExpectations, 'block 2 $.author: expected a Person or Organization node with a name, found "Maya Okafor"'],
    ["an author without a name", page(script(navigation), script(edit(posting, ["author", "name"], undefined))), postExpectations, "block 2 $.author.name: expected the author's name, found nothing"],
    ["the business as author of a post that names one", page(script(navigation), script(edit(posting, ["author", "@type"], "Organization"))), postExpectations, "block 2 $.author.@type: expected Person (the post's author), found \"Organization\""],
    ["a publisher without a name", page(script(navigation), script(edit(posting, ["publisher", "name"], undefined))), postExpectations, "block 2 $.publisher.name: expected the business name, found nothing"],
    ["a misspelt property", page(script(edit(business, ["telephon"], "555")), script(navigation)), homeExpectations, "block 1 $.telephon: not a schema.org property"],
    ["an invented type", page(script(business), script(navigation), script({ "@context": "https://schema.org", "@type": "HairSalonPlace", name: "x" })), homeExpectations, "block 3 $: @type HairSalonPlace is not a schema.org class"],
    ["a property outside its type's domain", page(script(edit(business, ["servesCuisine"], "Thai")), script(navigation)), homeExpectations, "block 1 $.servesCuisine: not a property of HealthAndBeautyBusiness"],
  ])("%s", (_name, html, expectations, expected) => {
    expect(problemsFor(html, expectations)).toEqual(expect.arrayContaining([expect.stringContaining(expected)]));
  });
});

describe("vocabularyProblems (the schema.org check itself)", () => {
  it.each<[string, unknown, string]>([
    ["an unknown type", { "@type": "Restaurantt", name: "x" }, "$: @type Restaurantt is not a schema.org class"],
    ["an unknown property", { "@type": "LocalBusiness", openingHourz: "x" }, "$.openingHourz: not a schema.org property"],
    ["a superseded property", { "@type": "FoodEstablishment", menu: "https://x.example/menu" }, "$.menu: the property is superseded or pending"],
    ["a nested node of the wrong class", { "@type": "LocalBusiness", geo: { "@type": "PostalAddress", streetAddress: "x" } }, "$.geo: expected a GeoShape or GeoCoordinates, found @type PostalAddress"],
    ["a bad enumeration member", { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Funday" }, '$.dayOfWeek: expected a member of DayOfWeek as a https://schema.org/<Member> url, found "https://schema.org/Funday"'],
    ["24:00:00 as a Time", { "@type": "OpeningHoursSpecification", closes: "24:00:00" }, '$.closes: expected a Time as HH:mm:ss, found "24:00:00"'],
    ["a relative url where only URL fits", { "@type": "LocalBusiness", sameAs: "/about" }, '$.sameAs: expected an absolute http(s) URL, found "/about"'],
    ["a number where text is expected", { "@type": "LocalBusiness", name: 5 }, "$.name: expected a Text, found number 5"],
    ["a nested object without a type", { "@type": "LocalBusiness", address: { streetAddress: "x" } }, "$.address: expected a nested node with @type (or a bare {\"@id\"} reference), found an object without @type"],
  ])("flags %s", (_name, doc, expected) => {
    expect(vocabularyProblems(vocabulary, doc)).toContain(expected);
  });

  it.each<[string, unknown]>([
    ["a bare @id reference", { "@type": "Offer", seller: { "@id": `${SITE}/#business` } }],
    ["a day as an enumeration url", { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "09:00:00", closes: "17:00" }],
    ["a price as a decimal string", { "@type": "Offer", price: "12.50", priceCurrency: "USD" }],
    ["a Thing given by name", { "@type": "Offer", seller: "Luma Hair" }],
    ["an @graph of nodes", { "@graph": [{ "@type": "LocalBusiness", name: "a" }, { "@type": "LocalBusiness", name: "b" }] }],
  ])("accepts %s", (_name, doc) => {
    expect(vocabularyProblems(vocabulary, doc)).toEqual([]);
  });
});
