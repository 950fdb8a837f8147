import { resolve } from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyCors from "@fastify/cors";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from "fastify";
import { AccountsService } from "./accounts/accounts.service";
import { BOT_SITE_KEY_HEADER, BOT_TOKEN_HEADER, type BotCheck } from "./bot-check/bot-check";
import type { Catalog } from "./catalog/catalog";
import { catalogRoutes } from "./catalog/catalog.routes";
import { HealthQuery } from "./catalog/catalog.schema";
import { CatalogService } from "./catalog/catalog.service";
import { LiveCatalog } from "./catalog/live-catalog";
import { checkoutRoutes } from "./checkouts/checkouts.routes";
import { CheckoutsService } from "./checkouts/checkouts.service";
import type { Config } from "./config";
import { ping, type Db } from "./db/db";
import { formRoutes } from "./forms/forms.routes";
import { FormsService } from "./forms/forms.service";
import { fulfillmentRoutes } from "./fulfillments/fulfillments.routes";
import { FulfillmentsService } from "./fulfillments/fulfillments.service";
import { badRequest, errorReply, installErrorHandling, parseInput, PATH_PART_TOO_LONG } from "./http/errors";
import { installIdempotency, purgeExpiredIdempotencyKeys } from "./http/idempotency";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from "@mainstreet/rules/api/idempotency";
import { databaseRateLimitStore, purgeRateLimits, rateLimitsFromConfig, sharedLimiter } from "./http/rate-limits";
import type { Mailer } from "./mail/mailer";
import { orderRoutes } from "./orders/orders.routes";
import { OrdersService } from "./orders/orders.service";
import type { PaymentProvider } from "./payments/payment-provider";
import { reservationRoutes } from "./reservations/reservations.routes";
import { ReservationsService } from "./reservations/reservations.service";
import { SEARCH_API_KEY_HEADER, searchRoutes } from "./search/search.routes";
import { SearchService, type DnsResolver } from "./search/search.service";
import { registerManageApp } from "./static/manage-app.plugin";
import { publicDirUsable, registerStatic, sendNotFoundPage } from "./static/static.plugin";
import { registerBusinessSites, servedSites } from "./static/live-site";
import { installPreviewGuard, isPreviewRequest, previewFrameAncestors, registerPreviewSites, registerSendFile, sendPreviewNotFound } from "./static/preview-sites";
import { managePlugin } from "./manage/manage.plugin";
import { eventBusFor } from "./events/event-bus";
import { EventLog } from "./events/event-log";
import { StreamHub, type RenderedEvent } from "./events/stream-hub";
import { manageOrderRoutes } from "./orders/manage-orders.routes";
import { ManageOrdersService } from "./orders/manage-orders.service";
import { KitchenService } from "./kitchen/kitchen.service";
import { kitchenRoutes } from "./kitchen/kitchen.routes";
import { AvailabilityService } from "./availability/availability.service";
import { manageAvailabilityRoutes, publicAvailabilityRoutes } from "./availability/availability.routes";
import { SubscribersService, subscriberRoutes } from "./subscribers/subscribers";
import { MessagesService, messageRoutes } from "./messages/messages";
import { ReviewsService, manageReviewRoutes, publicReviewRoutes } from "./reviews/reviews";
import { ManageReservationsService, manageReservationRoutes } from "./reservations/manage-reservations";
import { AppointmentsService } from "./appointments/appointments.service";
import { appointmentRoutes } from "./appointments/appointments.routes";
import { ManageAppointmentsService } from "./appointments/manage-appointments.service";
import { manageAppointmentRoutes } from "./appointments/manage-appointments.routes";
import { sendDueReminders } from "./appointments/appointment-reminders";
import { SiteService, type DataFile } from "./site/site.service";
import { siteRoutes } from "./site/site.routes";
import { PublishService } from "./publish/publish.service";
import { publishRoutes } from "./publish/publish.routes";
import { SiteFactsService } from "./site-facts/site-facts.service";
import { manageSiteFactsRoutes, publicSiteFactsRoutes } from "./site-facts/site-facts.routes";
import { SiteImagesService, dataArchive } from "./site-images/site-images.service";
import { siteImageRoutes } from "./site-images/site-images.routes";

declare module "fastify" {
  interface FastifyInstance {
    /** Background work main.ts runs at start and on a timer (tests call it directly). */
    maintenance: Maintenance;
  }
}

export interface Maintenance {
  /** Releases checkouts left authorised past CHECKOUT_TIMEOUT_MS (at most `limit`); the count released. */
  sweepStaleCheckouts(limit?: number): Promise<{ released: number; skipped: number }>;
  /** Removes Idempotency-Key answers past their 24 hours (at most `limit`); the count removed. */
  purgeIdempotencyKeys(limit?: number): Promise<number>;
  /** Removes rate-limit windows that ended over an hour ago (at most `limit`); the count removed. */
  purgeRateLimits(limit?: number): Promise<number>;
  /** Removes ended workspace sessions, old sign-in failures and invitations (at most `limit` of each); the count removed. */
  purgeWorkspace(limit?: number): Promise<number>;
  /** Queues the reminders of appointments starting within a day (at most `limit`); the count queued. */
  sendAppointmentReminders(limit?: number): Promise<number>;
  /** Gives each business of these data files that has no revisions its revision 1 (docs/publishing.md). */
  seedSiteData(files: readonly DataFile[]): Promise<{ seeded: string[]; fromDatabase: string[] }>;
}

/** Everything the service talks to, injected so tests and deployments choose their own. */
export interface AppDeps {
  config: Config;
  db: Db;
  catalog: Catalog;
  mailer: Mailer;
  payments: PaymentProvider;
  botCheck: BotCheck;
  dns: DnsResolver;
  /** Used for the geocoder; bot-check carries its own. */
  fetch?: typeof fetch;
  clock?: () => Date;
  logger?: FastifyServerOptions["logger"];
  /** How often an open order stream is pinged and its session checked (default 20 s; tests shorten it). */
  streamPingMs?: number;
}

export const BODY_LIMIT_BYTES = 64 * 1024;
/** Longest path parameter the router takes (ids are UUIDs or slugs; a reference is 11 characters). */
export const MAX_PARAM_LENGTH = 300;

/**
 * Content-Security-Policy for the built Gatsby site. Gatsby inlines scripts (page data, chunk map,
 * loader bootstrap) and styles (gatsby-plugin-image, framer-motion style attributes) whose content
 * changes every build, so script-src and style-src need 'unsafe-inline'; nonces or hashes would
 * require rewriting every HTML file at serve time. Third parties are limited to what the site uses:
 * Google Tag Manager/Analytics, the reCAPTCHA Enterprise script and frame, map embeds, and video
 * embeds (YouTube, Vimeo). No 'unsafe-eval': production Gatsby bundles do not need it.
 */
export function contentSecurityPolicy(apiOrigins: readonly string[] = []) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    scriptSrc: ["'self'", "'unsafe-inline'", "https://www.googletagmanager.com", "https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", "https:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: [
      "'self'",
      ...apiOrigins,
      "https://www.googletagmanager.com",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://www.google.com/recaptcha/",
    ],
    frameSrc: [
      "'self'",
      "https://www.google.com",
      "https://recaptcha.google.com",
      "https://www.youtube.com",
      "https://www.youtube-nocookie.com",
      "https://player.vimeo.com",
    ],
    mediaSrc: ["'self'", "https:"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    // Kept off so the site works over plain http://localhost during local runs.
    upgradeInsecureRequests: null,
  };
}

/**
 * Headers that only mean something on a document a browser renders (helmet sets them on every reply):
 * the policy, framing and isolation of a page. On a script, style, image, font or JSON reply they are
 * bytes a page load pays dozens of times. Kept everywhere: X-Content-Type-Options (stops a
 * script or style from being sniffed as another type), Cross-Origin-Resource-Policy (who may embed the
 * resource) and Strict-Transport-Security.
 */
export const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
] as const;

/** Whether a reply is a document: HTML (pages, the 404 page) or no type yet (an empty reply). */
export function isDocumentReply(contentType: unknown): boolean {
  return typeof contentType === "string" && /^\s*text\/html\b/i.test(contentType);
}

/** Deepest nesting any request of this API has is 4; 64 leaves room without risking the stack. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, read in one pass without parsing: a body
 * of 2,000 nested arrays is valid JSON, but walking it (the prototype check, validation) overflows the
 * stack, and that must be a 400, not a 500.
 */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") {
      depth += 1;
      if (depth > max) return true;
    } else if (char === "}" || char === "]") depth -= 1;
  }
  return false;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Fastify with the error contract, the JSON parser, security headers, compression and rate limits. */
async function baseApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Our own 503 while closing (installErrorHandling): Fastify's carries its framework body.
    return503OnClosing: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // A malformed percent-encoding or an overlong path parameter fails in the router, before any
    // handler: it gets the same `{ message }` body as everything else.
    frameworkErrors: (error, request, reply) => {
      const { status, body } = errorReply(error);
      request.log.info({ status, message: body.message }, "request refused by the router");
      void (reply as FastifyReply).code(status).type("application/json; charset=utf-8").send(body);
    },
  });
  installErrorHandling(app);
  installJsonParser(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy() },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!isDocumentReply(reply.getHeader("content-type"))) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    return payload;
  });
  await app.register(fastifyCompress, { global: true, encodings: ["br", "gzip"], threshold: 1024 });
  // On PostgreSQL the counts live in the database, so every replica holds the same limit; a counting
  // failure lets the request through to meet the database's own error rather than refusing it.
  const clock = deps.clock ?? (() => new Date());
  await app.register(fastifyRateLimit, deps.db.kind === "postgres" ? { global: false, store: databaseRateLimitStore(deps.db, clock), skipOnError: true } : { global: false });
  return app;
}

/**
 * An empty body with Content-Type: application/json is what fetch() sends for calls without a payload
 * (DELETE, checkout close): it is no body, not a parse error. Deep nesting and prototype keys are 400s
 * that say so.
 */
function installJsonParser(app: FastifyInstance): void {
  const defaultJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    if (jsonNestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest(`Request body is nested deeper than ${MAX_JSON_DEPTH} levels: no request of this API needs that`), undefined);
      return;
    }
    defaultJson(request, text, (error, value) => {
      // Fastify's parser (secure-json-parse) refuses `__proto__` and `constructor.prototype` keys, but
      // reports it as invalid JSON. When the text is valid JSON, say what is really wrong.
      if (error && isJson(text)) done(badRequest('Request body has a field named "__proto__" or "constructor.prototype": this API accepts no such field'), undefined);
      else done(error, value);
    });
  });
}

/** Every service of the API, wired to the same database, catalog, clock and event log. */
async function createServices(app: FastifyInstance, deps: AppDeps, clock: () => Date) {
  const { config } = deps;
  const log: FastifyBaseLogger = app.log;
  const limits = rateLimitsFromConfig(config);
  // The workspace's events: written with each change, heard by every replica's order streams.
  const bus = eventBusFor(deps.db, (payload) => log.warn({ payload: payload.slice(0, 200) }, "unreadable workspace notification ignored"));
  const events = new EventLog(deps.db, bus, clock);
  const formLimits = { forms: sharedLimiter(app, limits.forms) };
  // Orders, bookings and every visitor call are checked against each business's live revision once it has
  // published (its SITE_DATA file until then), on every replica (docs/publishing.md "The order catalog").
  const liveCatalog = new LiveCatalog({ db: deps.db, catalog: deps.catalog, log });
  await liveCatalog.start();
  app.addHook("onClose", async () => liveCatalog.close());
  const orders = new OrdersService({ db: deps.db, catalog: deps.catalog, payments: deps.payments, clock });
  const checkouts = new CheckoutsService({
    clock,
    db: deps.db,
    catalog: deps.catalog,
    payments: deps.payments,
    orders,
    mailer: deps.mailer,
    mailFrom: config.MAIL_FROM,
    log,
    events,
  });
  const reservations = new ReservationsService({ db: deps.db, catalog: deps.catalog, clock });
  const accounts = new AccountsService({
    db: deps.db,
    catalog: deps.catalog,
    clock,
    mailer: deps.mailer,
    mailFrom: config.MAIL_FROM,
    log,
    sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
    sessionMaxDays: config.SESSION_MAX_DAYS,
    loginFailuresPerEmail: config.LOGIN_FAILURES_PER_EMAIL,
  });
  const publish = new PublishService({ db: deps.db, clock, sitesDir: resolve(config.SITES_DIR) });
  const siteImages = new SiteImagesService({ db: deps.db, clock });
  const site = new SiteService({ db: deps.db, clock, live: (businessId) => publish.live(businessId), storedImages: (businessId) => siteImages.storedPaths(businessId) });
  const siteFacts = new SiteFactsService({ db: deps.db, catalog: deps.catalog, clock });
  app.decorate("maintenance", {
    sweepStaleCheckouts: (limit?: number) => checkouts.sweepStale(config.CHECKOUT_TIMEOUT_MS, limit),
    purgeIdempotencyKeys: (limit?: number) => purgeExpiredIdempotencyKeys(deps.db, clock(), limit),
    purgeRateLimits: (limit?: number) => purgeRateLimits(deps.db, clock(), limit),
    purgeWorkspace: async (limit?: number) => (await accounts.purge(limit)) + (await events.purge(limit)),
    sendAppointmentReminders: (limit?: number) => sendDueReminders({ db: deps.db, catalog: deps.catalog, mailer: deps.mailer, mailFrom: config.MAIL_FROM, log, clock }, limit),
    seedSiteData: (files: readonly DataFile[]) => site.seed(files, log),
  } satisfies Maintenance);
  const manageOrders = new ManageOrdersService({ db: deps.db, catalog: deps.catalog, payments: deps.payments, mailer: deps.mailer, mailFrom: config.MAIL_FROM, log, clock, events });
  const kitchen = new KitchenService({ db: deps.db, catalog: deps.catalog, clock, events });
  const availability = new AvailabilityService({ db: deps.db, catalog: deps.catalog, clock, events });
  const subscribers = new SubscribersService({ db: deps.db, catalog: deps.catalog, clock });
  const messages = new MessagesService({ db: deps.db, log, clock });
  const reviews = new ReviewsService({ db: deps.db, catalog: deps.catalog, log, clock });
  const manageReservations = new ManageReservationsService({ db: deps.db, catalog: deps.catalog, mailer: deps.mailer, mailFrom: config.MAIL_FROM, log, clock });
  const appointmentDeps = { db: deps.db, catalog: deps.catalog, mailer: deps.mailer, mailFrom: config.MAIL_FROM, log, clock, events };
  const appointments = new AppointmentsService(appointmentDeps);
  const manageAppointments = new ManageAppointmentsService(appointmentDeps);
  const hub = new StreamHub({
    bus,
    log: events,
    logger: log,
    pingMs: deps.streamPingMs,
    sessionValid: (sessionId) => accounts.stillValid(sessionId),
    render: async (event): Promise<RenderedEvent | null> => {
      switch (event.kind) {
        case "order": {
          const ticket = await manageOrders.ticket(event.businessId, event.subjectId);
          return ticket && { name: "order", data: ticket };
        }
        case "kitchen": {
          const state = await kitchen.state(event.businessId, event.subjectId);
          return state && { name: "kitchen", data: state };
        }
        case "availability": {
          const item = await availability.item(event.businessId, event.subjectId);
          return item && { name: "availability", data: item };
        }
        case "appointment": {
          const entry = await manageAppointments.entry(event.businessId, event.subjectId);
          return entry && { name: "appointment", data: entry };
        }
        default:
          return null;
      }
    },
  });
  await hub.start();
  app.addHook("onClose", async () => hub.close());
  const forms = new FormsService({ db: deps.db, catalog: deps.catalog, mailer: deps.mailer, mailFrom: config.MAIL_FROM, reservations, log });
  const search = new SearchService({ catalog: deps.catalog, dns: deps.dns, geocoderUrl: config.GEOCODER_URL, fetch: deps.fetch, now: clock });
  const fulfillments = new FulfillmentsService(deps.catalog);
  const catalogService = new CatalogService(deps.catalog, forms);
  return { formLimits, orders, checkouts, reservations, accounts, manageOrders, kitchen, availability, subscribers, messages, reviews, manageReservations, appointments, manageAppointments, hub, forms, search, fulfillments, catalogService, site, publish, siteFacts, siteImages };
}

/** The API under API_BASE: health, the visitor's calls, and the workspace behind its access check; returns the prefix. */
async function registerApi(app: FastifyInstance, deps: AppDeps, clock: () => Date, services: Awaited<ReturnType<typeof createServices>>): Promise<string> {
  const { config } = deps;
  const log: FastifyBaseLogger = app.log;
  const limits = rateLimitsFromConfig(config);
  const { formLimits, orders, checkouts, reservations, accounts, manageOrders, kitchen, availability, subscribers, messages, reviews, manageReservations, appointments, manageAppointments, hub, forms, search, fulfillments, catalogService, site, publish, siteFacts, siteImages } = services;
  const apiPrefix = config.API_BASE.replace(/\/$/, "");
  await app.register(
    async (api) => {
      if (config.CORS_ORIGINS.length > 0) {
        await api.register(fastifyCors, {
          origin: config.CORS_ORIGINS,
          methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
          allowedHeaders: ["content-type", "authorization", IDEMPOTENCY_KEY_HEADER.toLowerCase(), BOT_TOKEN_HEADER, BOT_SITE_KEY_HEADER, SEARCH_API_KEY_HEADER],
          exposedHeaders: [IDEMPOTENT_REPLAY_HEADER.toLowerCase(), "retry-after"],
          maxAge: 600,
        });
      }
      // Before every route: a page of a preview takes no orders or bookings, whatever the route.
      installPreviewGuard(api, config.PREVIEW_DOMAIN);
      // Before the order and checkout routes: it wraps each of them as it is registered.
      installIdempotency(api, { db: deps.db, clock, apiPrefix });
      api.get("/health", async (request, reply) => {
        const query = parseInput(HealthQuery, request.query, "query");
        try {
          await ping(deps.db);
        } catch (error) {
          log.error({ err: error }, "health check: database unreachable");
          return reply.code(503).send({ message: "The database is unreachable" });
        }
        return {
          status: "ok",
          database: deps.db.kind,
          // Counts, not ids: the reply stays the same size whatever the number of businesses; `?business=`
          // answers for one (docs/api.md "Many businesses in one service").
          businesses: deps.catalog.size,
          on_live_revision: deps.catalog.liveCount,
          ...(query.business === undefined ? {} : { business: deps.catalog.servedAs(query.business) }),
          mail: deps.mailer.kind,
          payments: deps.payments.id,
          bot_check: deps.botCheck.mode,
        };
      });
      await api.register(orderRoutes(orders, { create: limits.orders }));
      await api.register(checkoutRoutes(checkouts, deps.botCheck));
      await api.register(fulfillmentRoutes(fulfillments));
      await api.register(formRoutes(forms, deps.botCheck, formLimits));
      await api.register(reservationRoutes(reservations, formLimits));
      await api.register(appointmentRoutes(appointments, { forms: formLimits.forms, corsOrigins: config.CORS_ORIGINS }));
      await api.register(catalogRoutes(catalogService));
      await api.register(publicAvailabilityRoutes(availability));
      await api.register(publicSiteFactsRoutes(siteFacts));
      await api.register(publicReviewRoutes(reviews));
      await api.register(searchRoutes(search, config.SEARCH_API_KEY));
      await api.register(
        managePlugin({
          accounts,
          login: sharedLimiter(api, { max: config.RATE_LIMIT_LOGIN_PER_MINUTE, timeWindow: "1 minute", bucket: "sign-in" }),
          workspaceUrl: config.WORKSPACE_URL,
          hub,
          areas: [manageOrderRoutes(manageOrders, hub), kitchenRoutes(kitchen), manageAvailabilityRoutes(availability), subscriberRoutes(subscribers), messageRoutes(messages), manageReviewRoutes(reviews), manageReservationRoutes(manageReservations), manageAppointmentRoutes(manageAppointments, { corsOrigins: config.CORS_ORIGINS }), siteRoutes(site, { archive: (businessId, fileText) => dataArchive(deps.db, businessId, fileText) }), publishRoutes(publish, { previewDomain: config.PREVIEW_DOMAIN }), manageSiteFactsRoutes(siteFacts), siteImageRoutes(siteImages)],
        }),
      );
    },
    { prefix: apiPrefix },
  );
  return apiPrefix;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = await baseApp(deps);
  const log: FastifyBaseLogger = app.log;
  const clock = deps.clock ?? (() => new Date());
  const apiPrefix = await registerApi(app, deps, clock, await createServices(app, deps, clock));

  await registerManageApp(app, { dir: config.MANAGE_APP_DIR, apiBase: config.API_BASE, previewDomain: config.PREVIEW_DOMAIN });
  const usablePublicDir = publicDirUsable(config.PUBLIC_DIR) ? resolve(config.PUBLIC_DIR) : null;
  const sites = servedSites({
    sitesDir: config.SITES_DIR,
    publicDir: usablePublicDir,
    businesses: deps.catalog.list().map((entry) => ({ id: entry.business.id, domains: entry.business.domains.map((domain) => domain.url) })),
  });
  app.addHook("onRequest", async (request) => sites.refresh(request.headers.host));
  app.addHook("onClose", async () => sites.close());
  // The default first: it owns reply.sendFile, which the 404 page uses.
  const publicDir = sites.defaultRoot;
  if (!usablePublicDir) log.warn({ publicDir: config.PUBLIC_DIR }, "PUBLIC_DIR does not exist: serving published versions and the API only");
  if (publicDir) await registerStatic(app, { publicDir });
  let sendsFiles = publicDir !== null;
  if (sites.byHost.length > 0) {
    // Without PUBLIC_DIR the businesses' hosts still need `reply.sendFile` with the site's static handling.
    if (!sendsFiles) await registerStatic(app, { publicDir: sites.byHost[0].root, serve: false });
    await registerBusinessSites(app, sites);
    sendsFiles = true;
  }
  const previews = { db: deps.db, sitesDir: resolve(config.SITES_DIR), domain: config.PREVIEW_DOMAIN, frameAncestors: previewFrameAncestors(config.WORKSPACE_URL) };
  if (!sendsFiles) await registerSendFile(app, previews.sitesDir);
  await registerPreviewSites(app, previews);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0];
    if (path === apiPrefix || path.startsWith(`${apiPrefix}/`)) {
      // The static site's catch-all takes a path the router refused for a part over its limit, which would
      // otherwise read as a missing route: it is the same 414 as without a site.
      if (path.split("/").some((part) => part.length > MAX_PARAM_LENGTH)) {
        const [status, message] = PATH_PART_TOO_LONG;
        return reply.code(status).send({ message });
      }
      return reply.code(404).send({ message: `No API call ${request.method} ${path}: see docs/api.md for the routes (paths end with a slash)` });
    }
    if (isPreviewRequest(request, config.PREVIEW_DOMAIN)) return sendPreviewNotFound(previews, request, reply);
    return sendNotFoundPage(reply, sendsFiles ? sites.rootFor(request.headers.host) : null);
  });

  return app;
}
