import { ClosedTodayReplySchema, SiteFactsReplySchema } from "@mainstreet/rules/api/site-facts-api";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp, type AppDeps } from "../src/app";
import { botCheckOff, type BotCheck } from "../src/bot-check/bot-check";
import { Catalog } from "../src/catalog/catalog";
import { loadConfig, type Config } from "../src/config";
import type { z } from "zod";
import { CheckoutViewSchema, CreatedOrderViewSchema, OrderViewSchema } from "@mainstreet/rules/api/order-api";
import {
  CatalogViewSchema,
  ContactReplySchema,
  EventReplySchema,
  PublicAvailabilitySchema,
  PublicReviewsSchema,
  ReservationViewSchema,
  SlotsReplySchema,
} from "@mainstreet/rules/api/api-views";
import {
  AvailabilityItemSchema,
  AvailabilityReplySchema,
  CSRF_HEADER,
  InvitationReplySchema,
  KitchenReplySchema,
  KitchenStateSchema,
  OrderTicketSchema,
  OrdersReplySchema,
  SESSION_COOKIE,
  ManageReservationSchema,
  ManageReviewSchema,
  MessagesReplySchema,
  ReservationsReplySchema,
  ReviewsReplySchema,
  SessionReplySchema,
  SubscribersReplySchema,
  UsersReplySchema,
  type MerchantRole,
} from "@mainstreet/rules/api/manage-api";
import { AppointmentViewSchema, AvailabilityReplySchema as AppointmentAvailabilitySchema, CreatedAppointmentSchema } from "@mainstreet/rules/api/appointments-api";
import { CalendarEntrySchema, CalendarReplySchema } from "@mainstreet/rules/api/manage-appointments-api";
import { PreviewStatusReplySchema, PublishCreatedSchema, PublishListReplySchema, PublishStatusReplySchema } from "@mainstreet/rules/api/publish-api";
import { LiveVersionSchema } from "@mainstreet/rules/api/site-api";
import { hashPassword } from "../src/accounts/password-hash";
import { openDb, type Db } from "../src/db/db";
import { applyMigrations } from "../src/db/migrate";
import { outboxOnlyMailer, type Mailer } from "../src/mail/mailer";
import { TestPaymentProvider } from "../src/payments/test-provider";
import type { DnsResolver } from "../src/search/search.service";

export const ROOT = resolve(__dirname, "..", "..");
export const FIXTURE_FILE = join(__dirname, "fixtures", "bistro.json");
/** A second business (business B of the workspace's access tests): the restaurant sample. */
export const SECOND_BUSINESS_FILE = join(__dirname, "..", "..", "data", "restaurant", "business.json");
export const SECOND_BUSINESS = "osteria-vela";
export const FIXTURE_BUSINESS = "fixture-bistro";
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
  /** How often open order streams are pinged (and their sessions checked). */
  streamPingMs?: number;
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
    RATE_LIMIT_LOGIN_PER_MINUTE: "10000",
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
    streamPingMs: options.streamPingMs,
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
  [/\/manage\/session\/$/, SessionReplySchema],
  [/\/manage\/invitations\/accept\/$/, SessionReplySchema],
  [/\/manage\/invitations\/$/, InvitationReplySchema],
  [/\/manage\/users\/$/, UsersReplySchema],
  [/\/manage\/orders\/(\?.*)?$/, OrdersReplySchema],
  [/\/manage\/orders\/[^/]+\/status\/$/, OrderTicketSchema],
  [/\/manage\/kitchen\/$/, KitchenReplySchema],
  [/\/manage\/kitchen\/[^/]+\/$/, KitchenStateSchema],
  [/\/manage\/availability\/$/, AvailabilityReplySchema],
  [/\/manage\/availability\/[^/]+\/$/, AvailabilityItemSchema],
  [/\/businesses\/[^/]+\/availability\/$/, PublicAvailabilitySchema],
  [/\/manage\/subscribers\/$/, SubscribersReplySchema],
  [/\/manage\/messages\/(\?.*)?$/, MessagesReplySchema],
  [/\/manage\/reviews\/(\?.*)?$/, ReviewsReplySchema],
  [/\/manage\/reservations\/(\?.*)?$/, ReservationsReplySchema],
  [/\/manage\/reservations\/[^/]+\/status\/$/, ManageReservationSchema],
  [/\/manage\/reviews\/[^/]+\/decision\/$/, ManageReviewSchema],
  [/\/businesses\/[^/]+\/reviews\/(\?.*)?$/, PublicReviewsSchema],
  [/\/catalog\/[^/]+\/$/, CatalogViewSchema],
  [/\/reservations\/slots\/(\?|$)/, SlotsReplySchema],
  [/\/reservations\/[^/]+\/cancel\/$/, ReservationViewSchema],
  [/\/events\/website\/$/, EventReplySchema],
  [/\/locations\/[^/]+\/email\/$/, ContactReplySchema],
  [/\/manage\/appointments\/(\?.*)?$/, CalendarEntrySchema],
  [/\/manage\/appointments\/[^/]+\/(move|cancel|no-show)\/$/, CalendarEntrySchema],
  [/\/manage\/appointment-blocks\/([^/]+\/)?$/, CalendarEntrySchema],
  [/\/appointments\/availability\/(\?|$)/, AppointmentAvailabilitySchema],
  [/\/appointments\/$/, CreatedAppointmentSchema],
  [/\/appointments\/A-[^/]+\/((cancel|move)\/)?(\?.*)?$/, AppointmentViewSchema],
  [/\/manage\/site\/publishes\/$/, PublishCreatedSchema],
  [/\/manage\/site\/publishes\/[^/]+\/$/, PublishStatusReplySchema],
  [/\/manage\/site\/rollback\/$/, LiveVersionSchema.unwrap()],
  [/\/businesses\/[^/]+\/site-facts\/$/, SiteFactsReplySchema],
  [/\/manage\/site\/closed-today\/$/, ClosedTodayReplySchema],
  [/\/manage\/site\/previews\/$/, PublishCreatedSchema],
  [/\/manage\/site\/previews\/[^/]+\/$/, PreviewStatusReplySchema],
];

function contractFor(url: string, body: Record<string, unknown>): z.ZodType | null {
  if ("order_uuid" in body) return CheckoutViewSchema;
  if ("line_items" in body) return "session_token" in body ? CreatedOrderViewSchema : OrderViewSchema;
  if ("entries" in body && "staff" in body) return CalendarReplySchema;
  if ("publishes" in body) return PublishListReplySchema;
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

/** A delivery recipient in New York; the postal code and country vary where the delivery area is tested. */
export const recipient = (postalCode = "10002", country = "US") => ({
  first_name: "Sam",
  last_name: "Lee",
  street_address: "5 Elm St",
  locality: "New York",
  administrative_area_level_1: "NY",
  postal_code: postalCode,
  country,
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

/** A whole visitor order, placed (created, prepared, checked out, closed): its creation reply. */
export async function placeOrder(app: FastifyInstance, lineItems?: unknown[], location = "loc-main", cardToken = "tok_test_visa"): Promise<CreatedOrder> {
  const order = await createOrder(app, lineItems, location);
  await prepareForCheckout(app, order, cardToken);
  const started = await call<Json>(app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
  if (started.status !== 200) throw new Error(`placeOrder: checkout start answered ${started.status} ${JSON.stringify(started.body)}`);
  const closed = await call<Json>(app, "POST", `${API}/checkouts/${started.body.id}/close/`, { token: order.session_token });
  if (closed.status !== 200) throw new Error(`placeOrder: checkout close answered ${closed.status} ${JSON.stringify(closed.body)}`);
  return order;
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

/** A password the workspace accepts (passwords.ts), used for every test account. */
export const MERCHANT_PASSWORD = "copper kettle on the hob";

/** Creates a workspace account directly in the database (as the merchant:add CLI does); its id. */
export async function createMerchant(db: Db, input: { businessId?: string; email: string; role?: MerchantRole; password?: string }): Promise<string> {
  const id = randomUUID();
  await db.query("INSERT INTO merchant_users (id, business_id, email, role, password_hash, created_at) VALUES ($1, $2, $3, $4, $5, now())", [
    id,
    input.businessId ?? FIXTURE_BUSINESS,
    input.email.toLowerCase(),
    input.role ?? "owner",
    await hashPassword(input.password ?? MERCHANT_PASSWORD),
  ]);
  return id;
}

/** A signed-in workspace user: the session cookie to send back and the CSRF token. */
export interface MerchantRef {
  cookie: string;
  csrf: string;
  user: Json;
}

/** The session cookie's value from a reply's Set-Cookie, or null. */
export function sessionCookieOf(headers: Reply["headers"]): string | null {
  const raw = headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)];
  const found = list.map((value) => new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(value)).find((match) => match);
  return found ? found[1] : null;
}

export async function signIn(app: FastifyInstance, email: string, options: { password?: string; businessId?: string } = {}): Promise<MerchantRef> {
  const reply = await call<Json>(app, "POST", `${API}/manage/session/`, {
    body: { email, password: options.password ?? MERCHANT_PASSWORD, ...(options.businessId ? { business_id: options.businessId } : {}) },
  });
  const cookie = sessionCookieOf(reply.headers);
  if (reply.status !== 200 || !cookie) throw new Error(`signIn ${email}: expected 200 with a cookie, got ${reply.status} ${JSON.stringify(reply.body)}`);
  return { cookie, csrf: reply.body.csrf_token, user: reply.body.user };
}

/** The accounts a workspace test signs in as. */
export interface WorkspaceContext {
  ctx: TestContext;
  /** The bistro's owner. */
  owner: MerchantRef;
  /** A staff account of the bistro. */
  staff: MerchantRef;
  /** The owner of the second business, who must never reach the bistro's data. */
  otherOwner: MerchantRef;
}

/**
 * A test service with the bistro (its owner and a staff account signed in) and a second business (its
 * owner signed in): the workspace areas' tests check what each role may do and that another business cannot.
 */
export async function createWorkspaceContext(options: TestOptions = {}): Promise<WorkspaceContext> {
  const ctx = await createTestContext({ catalogFiles: [FIXTURE_FILE, SECOND_BUSINESS_FILE], ...options });
  await createMerchant(ctx.db, { email: "owner@bistro.test" });
  await createMerchant(ctx.db, { email: "staff@bistro.test", role: "staff" });
  await createMerchant(ctx.db, { email: "owner@vela.test", businessId: SECOND_BUSINESS });
  return {
    ctx,
    owner: await signIn(ctx.app, "owner@bistro.test"),
    staff: await signIn(ctx.app, "staff@bistro.test"),
    otherOwner: await signIn(ctx.app, "owner@vela.test"),
  };
}

/** A workspace call with the session cookie and (unless `csrf: false`) the CSRF header. */
export function manageCall<T = Json>(
  app: FastifyInstance,
  method: InjectOptions["method"],
  path: string,
  merchant: MerchantRef | null,
  options: { body?: unknown; csrf?: boolean | string; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (merchant) {
    headers.cookie = `${SESSION_COOKIE}=${merchant.cookie}`;
    if (options.csrf !== false) headers[CSRF_HEADER.toLowerCase()] = typeof options.csrf === "string" ? options.csrf : merchant.csrf;
  }
  return call<T>(app, method, `${API}/manage/${path}`, { body: options.body, headers, rawBody: options.rawBody });
}

/** A built site in a new temporary folder, as the static tests serve it: each path written with its content. */
export function writeSiteFiles(prefix: string, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** The two Cache-Control values the static files are served with: HTML and data always checked, hashed assets kept. */
export const REVALIDATE = "public, max-age=0, must-revalidate";
export const IMMUTABLE = "public, max-age=31536000, immutable";
