import path from "node:path";
import { loadBusinessFile } from "@mainstreet/rules/business/load";
import type { Business } from "@mainstreet/rules/business/schema";
import { planPages } from "@mainstreet/rules/site/page-plan";
import { parseAuditArgs, type AuditOptions } from "../cli";
import { AUDIT_PAGE_TYPES, choosePages, jsonLdExpectations, type AuditPageType } from "../page-types";

const sample = (site: string): Business => {
  const loaded = loadBusinessFile(path.resolve(__dirname, "../../../data", site, "business.json"));
  if (!loaded.ok) throw new Error(loaded.problems.join("\n"));
  return loaded.business;
};
const salon = sample("salon");
const merchant = sample("merchant");
const restaurant = sample("restaurant");
const salonPages = planPages(salon).pages;

describe("choosePages", () => {
  it("lists the audited page types in their order, one entry each", () => {
    expect(choosePages(salonPages).map((choice) => choice.pageType)).toEqual([...AUDIT_PAGE_TYPES]);
  });

  it("picks the first planned page of each type", () => {
    const chosen = choosePages(salonPages);
    for (const { pageType, page } of chosen) {
      if (page) expect(page).toBe(salonPages.find((candidate) => candidate.template === pageType));
    }
    expect(chosen.find((choice) => choice.pageType === "home")?.page?.path).toBe("/");
    expect(chosen.find((choice) => choice.pageType === "404")?.page?.path).toBe("/404/");
  });

  it.each<[string, Business, AuditPageType[]]>([
    ["salon", salon, ["products"]],
    ["restaurant", restaurant, ["products", "appointments", "blog-index", "blog-post"]],
    ["merchant", merchant, ["services", "team", "work-with-us", "appointments", "blog-index", "blog-post"]],
  ])("the %s sample lacks exactly %p", (_site, business, missing) => {
    expect(choosePages(planPages(business).pages).filter((choice) => choice.page === null).map((choice) => choice.pageType)).toEqual(missing);
  });

  it("narrows to the requested types, still in issue order", () => {
    expect(choosePages(salonPages, ["404", "home"]).map((choice) => choice.pageType)).toEqual(["home", "404"]);
  });
});

describe("jsonLdExpectations", () => {
  const page = (business: Business, template: AuditPageType) => {
    const found = planPages(business).pages.find((candidate) => candidate.template === template);
    if (!found) throw new Error(`no ${template} page`);
    return found;
  };

  it.each<[string, Business, AuditPageType, { type: string; business: boolean; hours: boolean }]>([
    ["salon home", salon, "home", { type: "HealthAndBeautyBusiness", business: true, hours: true }],
    ["salon location", salon, "location", { type: "HealthAndBeautyBusiness", business: true, hours: true }],
    ["salon about", salon, "about", { type: "HealthAndBeautyBusiness", business: false, hours: false }],
    ["restaurant home", restaurant, "home", { type: "FoodEstablishment", business: true, hours: true }],
    ["merchant home", merchant, "home", { type: "LocalBusiness", business: true, hours: true }],
  ])("%s", (_name, business, template, expected) => {
    const expectations = jsonLdExpectations(business, page(business, template));
    expect([expectations.localBusinessType, expectations.requireLocalBusiness, expectations.requireOpeningHours, expectations.requireNavigation]).toEqual([
      expected.type,
      expected.business,
      expected.hours,
      true,
    ]);
  });

  it("expects the item's own prices, as decimal strings, on a service-item page", () => {
    // The salon's first item page is the women's haircut, priced 65, "85" and "110.00" in business.json.
    const itemPage = page(salon, "service-item");
    expect(itemPage.context.itemId).toBe("item-womens-cut");
    expect(jsonLdExpectations(salon, itemPage).offers).toEqual({ prices: ["65.00", "85.00", "110.00"], currency: "USD" });
  });

  it("expects no offers elsewhere", () => {
    expect(jsonLdExpectations(salon, page(salon, "service-category")).offers).toBeNull();
  });

  it("expects the post's BlogPosting on a blog post, and none elsewhere", () => {
    const postPage = page(salon, "blog-post");
    const post = salon.blogPosts.find((candidate) => candidate.id === postPage.context.postId)!;
    expect(jsonLdExpectations(salon, postPage).blogPosting).toEqual({ headline: post.title, image: true, author: post.author });
    expect(jsonLdExpectations(salon, page(salon, "blog-index")).blogPosting).toBeNull();
  });
});

describe("parseAuditArgs", () => {
  const sites = ["merchant", "restaurant", "salon"];
  const defaults: AuditOptions = { check: false, sites: ["salon", "restaurant", "merchant"], pages: null, build: true, help: false };

  it.each<[string, string[], Partial<AuditOptions>]>([
    ["no arguments: every sample, every page type", [], {}],
    ["--check", ["--check"], { check: true }],
    ["--site salon (what .ci/run passes)", ["--check", "--site", "salon"], { check: true, sites: ["salon"] }],
    ["--site=a,b and a repeated --site, deduplicated", ["--site=merchant,salon", "--site", "salon"], { sites: ["merchant", "salon"] }],
    ["--page list", ["--page", "home,404", "--page=team"], { pages: ["home", "404", "team"] }],
    ["--no-build with one site", ["--no-build", "--site", "salon"], { build: false, sites: ["salon"] }],
    ["--help", ["--help"], { help: true }],
  ])("%s", (_name, argv, expected) => {
    expect(parseAuditArgs(argv, sites)).toEqual({ ...defaults, ...expected });
  });

  it.each<[string, string[], string]>([
    ["an unknown sample", ["--site", "bakery"], '--site: expected one of merchant, restaurant, salon, got "bakery"'],
    ["a missing value", ["--site"], "--site: expected a value after it, got nothing"],
    ["a flag where the value belongs", ["--site", "--check"], "--site: expected a value after it, got --check"],
    ["an unknown page type", ["--page", "blog"], '--page: expected one of home, about, services, service-category, service-item, team, team-member, location, products, contact, work-with-us, appointments, blog-index, blog-post, 404, got "blog"'],
    ["an unknown flag", ["--fast"], 'expected one of --check, --site, --page, --no-build, --help, got "--fast"'],
    ["--no-build for several samples", ["--no-build"], "--no-build: expected exactly one --site (the sample public/ was built from), got salon, restaurant, merchant"],
  ])("rejects %s", (_name, argv, message) => {
    expect(() => parseAuditArgs(argv, sites)).toThrow(message);
  });
});
