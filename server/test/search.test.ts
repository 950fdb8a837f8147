import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { openTestDb, SEARCH_KEY, API, call, createTestContext, fakeDns, type Json, type TestContext } from "./helpers";
import { placeIdOf } from "../src/search/search.service";
import type { Db } from "../src/db/db";

const SESSION = "0123456789abcdef0123456789abcdef";
const withKey = { "x-api-key": SEARCH_KEY };

let db: Db;
let ctx: TestContext;
before(async () => {
  db = await openTestDb();
  ctx = await createTestContext({
    db,
    dns: fakeDns({ "joespizza.com": { ns: ["ns1.registrar.example"], a: ["192.0.2.10"] }, "mainstreet.shop": { a: ["192.0.2.20"] } }),
  });
});
after(async () => {
  await ctx.close();
  await db.close();
});

describe("search API key (SPEC §6)", () => {
  const urls = [
    `${API}/domains/search/details/?domain=joes`,
    `${API}/businesses/search/autocomplete/?input=main&session_token=${SESSION}`,
    `${API}/businesses/search/place/details/?place_id=${placeIdOf("fixture-bistro", "loc-main")}&session_token=${SESSION}`,
  ];
  const cases: [string, Record<string, string>, number][] = [
    ["no key", {}, 401],
    ["a wrong key", { "x-api-key": "guess" }, 403],
    ["the right key", withKey, 200],
  ];
  for (const url of urls) {
    for (const [name, headers, status] of cases) {
      it(`${url.split("?")[0].replace(API, "")} with ${name} → ${status}`, async () => {
        const reply = await call<Json>(ctx.app, "GET", url, { headers });
        assert.equal(reply.status, status);
        if (status >= 400) assert.match(reply.body.message, /x-api-key/);
      });
    }
  }

  it("refuses every search call when the operator configured no key", async () => {
    const keyless = await createTestContext({ db, env: { SEARCH_API_KEY: "" } });
    try {
      const reply = await call<Json>(keyless.app, "GET", urls[0], { headers: withKey });
      assert.equal(reply.status, 403);
      assert.match(reply.body.message, /SEARCH_API_KEY/);
    } finally {
      await keyless.close();
    }
  });
});

describe("domain details", () => {
  const cases: [string, string, boolean | null, string][] = [
    ["Joe's  Pizza!!", "joespizza.com", true, "The name resolves in DNS, so it is registered."],
    ["--Corner--Café--", "corner-caf.com", false, "The name does not resolve in DNS; it may be available, but only a registrar can confirm."],
    ["https://www.MainStreet.shop/about", "mainstreet.shop", true, "The name resolves in DNS, so it is registered."],
  ];
  for (const [query, domain, resolves, note] of cases) {
    it(`cleans "${query}" to ${domain} and looks it up`, async () => {
      const reply = await call<Json>(ctx.app, "GET", `${API}/domains/search/details/?domain=${encodeURIComponent(query)}`, { headers: withKey });
      assert.equal(reply.status, 200);
      assert.equal(reply.body.domain, domain);
      assert.equal(reply.body.resolves, resolves);
      assert.equal(reply.body.note, note);
    });
  }

  it("says so when DNS itself fails instead of claiming the name is free", async () => {
    const broken = await createTestContext({ db, dns: fakeDns({}, "ECONNREFUSED") });
    try {
      const reply = await call<Json>(broken.app, "GET", `${API}/domains/search/details/?domain=anything`, { headers: withKey });
      assert.equal(reply.status, 200);
      assert.equal(reply.body.resolves, null);
      assert.equal(reply.body.error, "DNS lookup failed (ECONNREFUSED)");
    } finally {
      await broken.close();
    }
  });
});

describe("address autocomplete and place details from known locations", () => {
  const cases: [string, string, string[]][] = [
    ["a street prefix", "12 main", ["12 Main St, New York, NY 10001, US"]],
    ["a city", "brooklyn", ["1 Pier Rd, Brooklyn, NY 11201, US"]],
    ["a postal code", "W1D", ["5 Dean St, London, W1D 3RQ, GB"]],
    ["nothing known", "zzz", []],
  ];
  for (const [name, input, descriptions] of cases) {
    it(`completes ${name}`, async () => {
      const reply = await call<Json>(ctx.app, "GET", `${API}/businesses/search/autocomplete/?input=${encodeURIComponent(input)}&session_token=${SESSION}`, { headers: withKey });
      assert.equal(reply.status, 200);
      assert.equal(reply.body.source, "known_locations");
      assert.deepEqual(reply.body.predictions.map((p: Json) => p.description), descriptions);
    });
  }

  it("returns the address parts of a place", async () => {
    const auto = await call<Json>(ctx.app, "GET", `${API}/businesses/search/autocomplete/?input=pier&session_token=${SESSION}`, { headers: withKey });
    const placeId = auto.body.predictions[0].place_id;
    const reply = await call<Json>(ctx.app, "GET", `${API}/businesses/search/place/details/?place_id=${placeId}&session_token=${SESSION}`, { headers: withKey });
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body.result.address_components, {
      street_address: "1 Pier Rd",
      locality: "Brooklyn",
      administrative_area_level_1: "NY",
      postal_code: "11201",
      country: "US",
    });
  });
});

describe("with GEOCODER_URL set", () => {
  let server: Server;
  let base: string;
  const seen: string[] = [];
  before(async () => {
    server = createServer((request, response) => {
      seen.push(request.url ?? "");
      response.setHeader("content-type", "application/json");
      if (request.url?.startsWith("/geo/autocomplete/")) {
        response.end(JSON.stringify({ predictions: [{ place_id: "g1", description: "1 Upstream Ave" }] }));
      } else if (request.url?.startsWith("/geo/place/details/")) {
        response.statusCode = 404;
        response.end("{}");
      } else {
        response.statusCode = 500;
        response.end("{}");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/geo/`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("forwards autocomplete and place details to the geocoder", async () => {
    const geo = await createTestContext({ db, env: { GEOCODER_URL: base } });
    try {
      const auto = await call<Json>(geo.app, "GET", `${API}/businesses/search/autocomplete/?input=upstream&session_token=${SESSION}`, { headers: withKey });
      assert.equal(auto.status, 200);
      assert.deepEqual(auto.body.predictions, [{ place_id: "g1", description: "1 Upstream Ave" }]);
      assert.equal(seen.at(-1), `/geo/autocomplete/?input=upstream&session_token=${SESSION}&types=address`);
      const details = await call<Json>(geo.app, "GET", `${API}/businesses/search/place/details/?place_id=g1&session_token=${SESSION}`, { headers: withKey });
      assert.equal(details.status, 404);
    } finally {
      await geo.close();
    }
  });

  it("answers 424 with a readable message when the geocoder is down", async () => {
    const down = await createTestContext({ db, env: { GEOCODER_URL: "http://127.0.0.1:9/" } });
    try {
      const reply = await call<Json>(down.app, "GET", `${API}/businesses/search/autocomplete/?input=x&session_token=${SESSION}`, { headers: withKey });
      assert.equal(reply.status, 424);
      assert.match(reply.body.message, /could not be reached/);
    } finally {
      await down.close();
    }
  });
});
