import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { servedSites } from "../src/static/live-site";

/**
 * Which folder a request is served from (src/static/live-site.ts): by its host, among any number of businesses,
 * with the cost of a request the same for one business as for a thousand.
 */

function businesses(count: number) {
  return Array.from({ length: count }, (_, index) => ({ id: `shop-${index}`, domains: [`https://www.shop-${index}.example`, `shop-${index}.example`] }));
}

describe("servedSites", () => {
  it("checks only the requested business for a first live version, whatever the number of businesses", () => {
    const sitesDir = mkdtempSync(join(tmpdir(), "live-site-"));
    const publicDir = mkdtempSync(join(tmpdir(), "live-site-public-"));
    const checked: string[] = [];
    const sites = servedSites({ sitesDir, publicDir, businesses: businesses(1000), isPublished: (live) => (checked.push(live), false) });
    try {
      assert.equal(checked.length, 1000, "each business is looked at once, at start");
      checked.length = 0;
      sites.refresh("www.shop-512.example");
      sites.refresh("nobody.example");
      assert.deepEqual(checked, [join(sitesDir, "shop-512", "live")], "one check for the requested business, none for a host no business has");
      assert.equal(sites.rootFor("WWW.SHOP-512.EXAMPLE"), sites.rootFor("www.shop-512.example"));
      assert.equal(sites.rootFor("nobody.example"), publicDir);
      assert.equal(sites.byHost.length, 2000);
    } finally {
      sites.close();
    }
  });

  it("serves a business from its live version from the first request after its first publish, then stops checking", () => {
    const sitesDir = mkdtempSync(join(tmpdir(), "live-site-"));
    const publicDir = mkdtempSync(join(tmpdir(), "live-site-public-"));
    let checks = 0;
    const sites = servedSites({ sitesDir, publicDir, businesses: businesses(3), isPublished: (live) => (checks += 1) > 0 && existsSync(live) });
    try {
      const root = sites.rootFor("shop-1.example") as string;
      assert.equal(readlinkSync(root), publicDir, "before its first version: PUBLIC_DIR");
      mkdirSync(join(sitesDir, "shop-1", "live"), { recursive: true });
      sites.refresh("shop-1.example");
      assert.equal(readlinkSync(root), join(sitesDir, "shop-1", "live"));
      const after = checks;
      sites.refresh("shop-1.example");
      assert.equal(checks, after, "a published business costs no check");
    } finally {
      sites.close();
    }
  });

  it("serves the one business on every host when there is only one", () => {
    const sitesDir = mkdtempSync(join(tmpdir(), "live-site-"));
    const sites = servedSites({ sitesDir, publicDir: null, businesses: businesses(1) });
    try {
      assert.equal(sites.rootFor("localhost:8000"), sites.defaultRoot);
      assert.equal(sites.rootFor(undefined), sites.defaultRoot);
    } finally {
      sites.close();
    }
  });
});
