import path from "node:path";
import { readSiteConfig, SiteConfigError } from "../site-config";
import { loadSite } from "../load-site";

const cwd = path.resolve(__dirname, "../../../../..");

describe("readSiteConfig", () => {
  it("has documented defaults", () => {
    const config = readSiteConfig({}, cwd);
    expect(config).toMatchObject({
      dataFile: path.join(cwd, "data/salon/business.json"),
      apiBase: "/api/",
      providerBrand: "main",
      brandCode: "FISH",
      bannerColor: "#000000",
    });
    expect(config.recipe).toBeUndefined();
    expect(config.gtmId).toBeUndefined();
  });

  it.each<[Record<string, string>, Record<string, unknown>]>([
    [{ SITE_DATA: "data/restaurant" }, { dataFile: path.join(cwd, "data/restaurant/business.json") }],
    [{ SITE_DATA: "data/merchant/business.json" }, { dataFile: path.join(cwd, "data/merchant/business.json") }],
    [{ PROVIDER_BRAND: "secondary" }, { brandCode: "GLAM" }],
    [{ GATSBY_API_BASE: "https://api.example.com/v1" }, { apiBase: "https://api.example.com/v1/" }],
    [{ SITE_URL: "https://luma.example/" }, { siteUrl: "https://luma.example" }],
    [{ SITE_RECIPE: "hibiscus" }, { recipe: "hibiscus" }],
    [{ GATSBY_GTM_ID: "GTM-AB12CD" }, { gtmId: "GTM-AB12CD" }],
    [{ BANNER_COLOR: "#dfdfdf" }, { bannerColor: "#dfdfdf" }],
    [{ GATSBY_GTM_ID: "" }, { gtmId: undefined }],
  ])("%p → %p", (env, expected) => {
    expect(readSiteConfig(env, cwd)).toMatchObject(expected);
  });

  it.each([
    [{ PROVIDER_BRAND: "gold" }, /^PROVIDER_BRAND: .*got "gold"$/],
    [{ BANNER_COLOR: "black" }, /^BANNER_COLOR: expected a hex colour like #000000, got "black"$/],
    [{ GATSBY_GTM_ID: "UA-1" }, /^GATSBY_GTM_ID: expected a tag-manager container id like GTM-ABC123, got "UA-1"$/],
    [{ SITE_URL: "luma.example" }, /^SITE_URL: expected an absolute http\(s\) URL/],
    [{ SITE_RECIPE: "tulip" }, /^SITE_RECIPE: .*got "tulip"$/],
    [{ GATSBY_SEARCH_API_KEY: "short" }, /^GATSBY_SEARCH_API_KEY: expected the search service's public key: 8 to 200 visible characters, got "short"$/],
    [{ GATSBY_SEARCH_API_KEY: "has a space in it" }, /^GATSBY_SEARCH_API_KEY: expected the search service's public key/],
  ])("rejects %p with a message naming the variable", (env, message) => {
    expect(() => readSiteConfig(env, cwd)).toThrow(SiteConfigError);
    expect(() => readSiteConfig(env, cwd)).toThrow(message);
  });
});

describe("loadSite", () => {
  it("takes the recipe from config first, then the data file, and the site url from the primary domain", () => {
    const site = loadSite({}, cwd);
    expect(site.recipe).toBe("hibiscus");
    const primary = site.business.domains.find((domain) => domain.primaryDomain) ?? site.business.domains[0];
    expect(site.siteUrl).toBe(primary ? primary.url.replace(/\/+$/, "") : "http://localhost:8000");
    expect(loadSite({ SITE_URL: "http://localhost:9100" }, cwd).siteUrl).toBe("http://localhost:9100");
  });
});
