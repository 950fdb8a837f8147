import { canonicalUrl, withCurrentHash } from "../canonical";

describe("canonicalUrl", () => {
  it.each<[string, string, string | undefined, string]>([
    ["https://luma.test", "/about/", undefined, "https://luma.test/about/"],
    ["https://luma.test/", "/about/", "", "https://luma.test/about/"],
    ["https://luma.test", "/about/?q=1", "#x", "https://luma.test/about/#x"],
    ["https://luma.test", "about/", "x", "https://luma.test/about/#x"],
    ["https://luma.test", "//services//cuts/", "#", "https://luma.test/services/cuts/"],
    ["https://luma.test", "/", "#locations", "https://luma.test/#locations"],
    ["https://luma.test", "/a/#old", "#new", "https://luma.test/a/#new"],
  ])("%s + %s + %p → %s", (site, path, hash, expected) => {
    expect(canonicalUrl(site, path, hash)).toBe(expected);
  });
});

describe("withCurrentHash", () => {
  it.each([
    ["https://luma.test/about/", "#team", "https://luma.test/about/#team"],
    ["https://luma.test/about/#old", "", "https://luma.test/about/"],
    ["https://luma.test/about/?q=1#old", "#new", "https://luma.test/about/#new"],
    ["https://luma.test/about/", "#", "https://luma.test/about/"],
  ])("%s with %p → %s", (canonical, hash, expected) => {
    expect(withCurrentHash(canonical, hash)).toBe(expected);
  });
});
