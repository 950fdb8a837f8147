import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import fc from "fast-check";
import { createTestContext, type Json, type TestContext } from "./helpers";
import { ROUTES, type OrderRefs, type Route, type SendOptions, prepareOrderRefs, sendTo } from "./routes";

/**
 * The fuzzer: every route gets valid requests with one part made hostile (a body leaf, a path
 * segment, a query value, a header, the raw JSON text), drawn from the classes that once broke the service:
 * NUL bytes, unpaired surrogates, year-9999 dates, numbers beyond a double, `__proto__` keys, overlong
 * and malformed path segments, wrong types, deep nesting. Every reply must be below 500, and every error
 * reply the documented `{ message, detail? }` with a non-empty message.
 *
 * Seeded, so a failure repeats. FUZZ_RUNS sets the cases per route: small in `npm test`, 1,000 (over
 * 20,000 requests) in `npm run test:reliability`, which prints the figures.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 16);

let ctx: TestContext;
let order: OrderRefs;
const tally = { requests: 0, byStatus: new Map<number, number>() };

before(async () => {
  ctx = await createTestContext();
  order = await prepareOrderRefs(ctx.app);
});
after(async () => {
  await ctx.close();
  const statuses = [...tally.byStatus.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  console.log(`fuzz: ${tally.requests} requests over ${ROUTES.length} routes (${RUNS} cases each, seed ${SEED}); statuses ${statuses.join(", ")}`);
});

const hostileText = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udc00",
    "9999-12-31",
    "9999-12-31T19:00:00-05:00",
    "0000-00-00",
    "2030-02-30",
    "-1",
    "1e400",
    "NaN",
    "__proto__",
    "constructor",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "%ZZ",
    "../../etc/passwd",
    "\u202e\u0301\ufeff",
    "😀".repeat(50),
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constant("x".repeat(6000)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 63), Number.MAX_VALUE, 1e-320, true, false, null),
  fc.constant([]),
  fc.constant({}),
  fc.constant({ nested: { deeper: { deepest: [1, [2, [3]]] } } }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** The leaf paths of a JSON value, for replacing one of them. */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length === 0 ? [path] : value.flatMap((item, index) => leafPaths(item, [...path, index]));
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    return entries.length === 0 ? [path] : entries.flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return [path];
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  if (value !== null && typeof value === "object") return { ...value, [head]: replaceAt((value as Record<string, unknown>)[head as string], rest, replacement) };
  return replacement;
}

/** Raw JSON texts JSON.stringify cannot produce. */
const RAW_BODIES = [
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"admin": true}}}',
  '{"quantity": 1e400}',
  '{"a": "\\ud800"}',
  '{"a": "\\u0000"}',
  `{"a": ${"[".repeat(2000)}${"]".repeat(2000)}}`,
  '{"a": 1,}',
  "\u0000",
  "null",
  "[]",
];

type Mutation =
  | { kind: "leaf"; pick: number; value: unknown }
  | { kind: "extra-key"; key: string; value: unknown }
  | { kind: "raw"; text: string }
  | { kind: "segment"; text: string }
  | { kind: "query"; text: string }
  | { kind: "header"; name: string; value: string }
  | { kind: "no-auth" };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("leaf" as const), pick: fc.nat(), value: hostileValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("extra-key" as const), key: hostileText, value: hostileValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("raw" as const), text: fc.constantFrom(...RAW_BODIES) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("segment" as const), text: hostileText }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("query" as const), text: hostileText }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("header" as const),
      name: fc.constantFrom("authorization", "x-api-key", "content-type", "accept-encoding", "x-recaptcha-token", "idempotency-key"),
      value: fc.constantFrom("", "Bearer", "Bearer \u00ff", `Bearer ${"a".repeat(5000)}`, "application/json; charset=utf-16", "gzip;q=0", "text/plain", "\t"),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "no-auth" as const }) },
);

// A hostile segment replaces the first id in the path; one that is not a path segment at all (a slash)
// is sent percent-encoded, as a client would.
const encodeSegment = (text: string) => {
  try {
    return encodeURIComponent(text) || "%20";
  } catch {
    return "%ED%A0%80"; // an unpaired surrogate has no UTF-8: send the bytes a broken client would
  }
};

function requestFor(route: Route, change: Mutation): SendOptions {
  const url = route.url(order);
  const body = route.body?.(order);
  switch (change.kind) {
    case "leaf": {
      // A call without a body gets the value as an unexpected query parameter instead. JSON, not String():
      // a fuzzed object may have no usable toString.
      if (!body) return { url: `${url}${url.includes("?") ? "&" : "?"}x=${encodeSegment(typeof change.value === "string" ? change.value : (JSON.stringify(change.value) ?? ""))}` };
      const paths = leafPaths(body);
      return { body: replaceAt(body, paths[change.pick % paths.length], change.value) };
    }
    case "extra-key":
      return { body: { ...(body ?? {}), [change.key]: change.value } };
    case "raw":
      return { rawBody: change.text, headers: { "content-type": "application/json" } };
    case "segment":
      return { url: url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|R-[A-Z]{4}-[A-Z]{4}|fixture-bistro|loc-main/, encodeSegment(change.text)), body };
    case "query": {
      const [path, query = ""] = url.split("?");
      const params = query.split("&").filter(Boolean);
      const replaced = params.length > 0 ? params.map((param, index) => (index === 0 ? `${param.split("=")[0]}=${encodeSegment(change.text)}` : param)) : [`q=${encodeSegment(change.text)}`];
      return { url: `${path}?${replaced.join("&")}`, body };
    }
    case "header":
      return { body, headers: { [change.name]: change.value }, auth: change.name === "authorization" ? false : undefined };
    case "no-auth":
      return { body, auth: false };
  }
}

function assertDocumented(route: Route, change: Mutation, reply: { status: number; body: Json }) {
  const where = `${route.method} ${route.name} with ${JSON.stringify(change).slice(0, 300)}`;
  tally.requests += 1;
  tally.byStatus.set(reply.status, (tally.byStatus.get(reply.status) ?? 0) + 1);
  assert.ok(reply.status < 500, `${where} → ${reply.status} ${JSON.stringify(reply.body)}`);
  if (reply.status < 400) return;
  assert.ok(reply.body !== null && typeof reply.body === "object" && !Array.isArray(reply.body), `${where}: error body is an object, got ${JSON.stringify(reply.body)}`);
  assert.deepEqual(
    Object.keys(reply.body).filter((key) => key !== "message" && key !== "detail"),
    [],
    `${where}: error body has only message and detail, got ${JSON.stringify(reply.body)}`,
  );
  assert.ok(typeof reply.body.message === "string" && reply.body.message.length > 0, `${where}: error has a message`);
}

describe("fuzz: every route, hostile input, never a 5xx or an undocumented body", () => {
  ROUTES.forEach((route, index) => {
    it(`${route.method} ${route.name}`, async () => {
      await fc.assert(
        fc.asyncProperty(mutation, async (change) => {
          const reply = await sendTo(ctx.app, order, route, requestFor(route, change));
          assertDocumented(route, change, reply);
        }),
        { numRuns: RUNS, seed: SEED + index },
      );
    });
  });
});
