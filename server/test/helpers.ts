import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp, type AppDeps } from "../src/app";
import { botCheckOff, type BotCheck } from "../src/bot-check/bot-check";
import { Catalog } from "../src/catalog/catalog";
import { loadConfig, type Config } from "../src/config";
import type { z } from "zod";
import { CheckoutViewSchema, CreatedOrderViewSchema, OrderViewSchema } from "@mainstreet/rules/order-api";
import { CatalogViewSchema, ContactReplySchema, EventReplySchema, ReservationViewSchema, SlotsReplySchema } from "@mainstreet/rules/api-views";
import { openDb, type Db } from "../src/db/db";
import { applyMigrations } from "../src/db/migrate";
import { outboxOnlyMailer, type Mailer } from "../src/mail/mailer";
import { TestPaymentProvider } from "../src/payments/test-provider";
import type { DnsResolver } from "../src/search/search.service";

export const ROOT = resolve(__dirname, "..", "..");
export const FIXTURE_FILE = join(__dirname, "fixtures", "bistro.json");
export const API = "/api";
export const PRODUCT = "prod-bistro";
export const SEARCH_KEY = "test-public-search-key";

/** A Tuesday afternoon in New York, when the fixture's main location is open. */
export const FIXED_NOW = new Date("2030-06-04T16:00:00.000Z");

/** The engine the suite runs on: PostgreSQL when DATABASE_URL is set (CI), in-memory PGlite otherwise. */
export async function openTestDb(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  const db = url
    ? await openDb({ databaseUrl: url, schema: `test_${randomBytes(6).toString("hex")}`, dropSchemaOnClose: true, poolSize: 20 })
    : await openDb({ dataDir: "memory://" });
  await applyMigrations(db);
  return db;
}

/** DNS that answers from a table: tests never depend on the network. */
export function fakeDns(known: Record<string, { ns?: string[]; a?: string[]; aaaa?: string[] }>, failWith?: string): DnsResolver {
  const lookup = (kind: "ns" | "a" | "aaaa") => async (host: string) => {
    if (failWith) throw Object.assign(new Error(`query ${failWith}`), { code: failWith });
    const records = known[host]?.[kind];
    if (!records || records.length === 0) throw Object.assign(new Error(`query ENOTFOUND ${host}`), { code: known[host] ? "ENODATA" : "ENOTFOUND" });
    return records;
  };
  return { resolveNs: lookup("ns"), resolve4: lookup("a"), resolve6: lookup("aaaa") };
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  catalog: Catalog;
  payments: TestPaymentProvider;
  config: Config;
  close(): Promise<void>;
}

export interface TestOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  botCheck?: BotCheck;
  dns?: DnsResolver;
  clock?: () => Date;
  fetch?: typeof fetch;
  db?: Db;
  /** Hooks a test adds before the instance is ready (Fastify refuses them afterwards). */
  beforeReady?: (app: FastifyInstance) => void;
  /** Business data files the catalog is loaded from; default the bistro fixture. */
  catalogFiles?: string[];
}

export async function createTestContext(options: TestOptions = {}): Promise<TestContext> {
  const db = options.db ?? (await openTestDb());
  const catalog = Catalog.fromFiles(options.catalogFiles ?? [FIXTURE_FILE]);
  const payments = new TestPaymentProvider(db);
  const config = loadConfig({
    PUBLIC_DIR: join(__dirname, "fixtures", "no-such-public-dir"),
    SEARCH_API_KEY: SEARCH_KEY,
    RATE_LIMIT_FORMS_PER_MINUTE: "10000",
    RATE_LIMIT_ORDERS_PER_MINUTE: "10000",
    LOG_LEVEL: "silent",
    ...options.env,
  });
  const deps: AppDeps = {
    config,
    db,
    catalog,
    mailer: options.mailer ?? outboxOnlyMailer,
    payments,
    botCheck: options.botCheck ?? botCheckOff,
    dns: options.dns ?? fakeDns({}),
    clock: options.clock ?? (() => FIXED_NOW),
    fetch: options.fetch,
    logger: false,
  };
  const app = await buildApp(deps);
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db,
    catalog,
    payments,
    config,
    async close() {
      await app.close();
      if (!options.db) await db.close();
    },
  };
}

/**
 * Reply bodies are JSON checked field by field in the tests; restating every view's type here would
 * duplicate the service's own types without checking anything more.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/** fastify.inject with JSON in and out. */
export async function call<T = Record<string, unknown>>(
  app: FastifyInstance,
  method: InjectOptions["method"],
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.rawBody !== undefined) payload = options.rawBody;
  else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await app.inject({ method, url, headers, payload });
  let body: unknown = response.body;
  try {
    body = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    // Non-JSON replies (static pages) stay text.
  }
  if (response.statusCode < 300) holdToContract(method, url, body);
  return { status: response.statusCode, body: body as T, headers: response.headers };
}

/**
 * Every reply the site reads, in every test, must be exactly the shared contract (@mainstreet/rules
 * order-api and api-views): a field added, renamed or retyped on one side fails here.
 */
const CONTRACT_ROUTES: [RegExp, z.ZodType][] = [
  [/\/catalog\/[^/]+\/$/, CatalogViewSchema],
  [/\/reservations\/slots\/(\?|$)/, SlotsReplySchema],
  [/\/reservations\/[^/]+\/cancel\/$/, ReservationViewSchema],
  [/\/events\/website\/$/, EventReplySchema],
  [/\/locations\/[^/]+\/email\/$/, ContactReplySchema],
];

function contractFor(url: string, body: Record<string, unknown>): z.ZodType | null {
  if ("order_uuid" in body) return CheckoutViewSchema;
  if ("line_items" in body) return "session_token" in body ? CreatedOrderViewSchema : OrderViewSchema;
  return CONTRACT_ROUTES.find(([pattern]) => pattern.test(url))?.[1] ?? null;
}

function holdToContract(method: InjectOptions["method"], url: string, body: unknown): void {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return;
  const schema = contractFor(url, body as Record<string, unknown>);
  if (!schema) return;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new Error(`${method} ${url}: the reply breaks the API contract:\n${problems.join("\n")}`);
  }
}

export const line = (variation: string, menuItem: string, quantity = 1, modifiers: string[] = [], extra: Record<string, unknown> = {}) => ({
  selected_variation: { id: variation, menu_item: menuItem },
  selected_modifiers: modifiers.map((id) => ({ id })),
  quantity,
  ...extra,
});

export interface CreatedOrder {
  id: string;
  session_token: string;
  line_items: { id: string; unit_price_cents: number; quantity: number }[];
  totals: { subtotal_cents: number; tax_cents: number; tip_cents: number; delivery_fee_cents: number; total_cents: number };
  status: string;
}

export async function createOrder(app: FastifyInstance, lineItems: unknown[] = [line("burger-single", "burger", 2, ["mod-medium", "mod-cheese"])], location = "loc-main") {
  const reply = await call<CreatedOrder>(app, "POST", `${API}/orders/`, { body: { merchant_product: PRODUCT, merchant_location: location, line_items: lineItems } });
  if (reply.status !== 201) throw new Error(`createOrder: expected 201, got ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** Customer, pickup, 15% tip and a card: everything an order needs before checkout. */
export async function prepareForCheckout(app: FastifyInstance, order: CreatedOrder, cardToken = "tok_test_visa") {
  const token = order.session_token;
  const steps: [string, string, unknown][] = [
    ["PUT", `customers/`, { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "212-555-0199" }],
    ["PUT", `fulfillments/`, { method: "pickup" }],
    ["PUT", `attributes/`, { tip_percentage: 15, instructions: "" }],
    ["PUT", `payment-source/`, { token: cardToken, provider_id: "test", default: false }],
  ];
  for (const [method, path, body] of steps) {
    const reply = await call(app, method as InjectOptions["method"], `${API}/orders/${order.id}/${path}`, { body, token });
    if (reply.status !== 200) throw new Error(`${method} ${path}: expected 200, got ${reply.status} ${JSON.stringify(reply.body)}`);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/** Starts `server/src/main.ts` as its own process on 127.0.0.1 and waits until /api/health answers. */
export async function startServiceProcess(env: Record<string, string>): Promise<{ base: string; child: ChildProcess; stderr: () => string; kill: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "server/src/main.ts")], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: "", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const base = `http://127.0.0.1:${port}`;
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGKILL");
    await exited;
  };
  for (let waited = 0; waited < 90_000; waited += 250) {
    if (child.exitCode !== null) break;
    const health = await fetch(`${base}/api/health`).catch(() => undefined);
    if (health?.ok) return { base, child, stderr: () => stderr, kill };
    await new Promise((done) => setTimeout(done, 250));
  }
  await kill();
  throw new Error(`the service did not come up on ${base}: ${stderr}`);
}

/** One JSON call to a service process; null when the connection failed (the service died under it). */
export async function httpJson(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json } | null> {
  try {
    const response = await fetch(`${base}${API}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  } catch {
    return null;
  }
}

/**
 * The body of PUT fulfillments/ a visitor would send with the real clock: as soon as possible while the
 * kitchen is open, else the first time offered (GET fulfillment-slots/). Null when the service did not answer.
 */
export async function fulfillmentChoice(base: string, orderId: string, token: string, method: "pickup" | "delivery" = "pickup"): Promise<{ method: string; scheduled_for: string | null } | null> {
  const offered = await httpJson(base, "GET", `/orders/${orderId}/fulfillment-slots/?method=${method}`, { token });
  if (!offered || offered.status !== 200) return null;
  if (offered.body.asap.available) return { method, scheduled_for: null };
  const first = (offered.body.days as { slots: { start: string; available: boolean }[] }[]).flatMap((day) => day.slots).find((slot) => slot.available);
  if (!first) throw new Error(`fulfillmentChoice: nothing offered in the next ${offered.body.days_ahead} days`);
  return { method, scheduled_for: first.start };
}
