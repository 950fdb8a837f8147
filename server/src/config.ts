import { z } from "zod";
import { PGLITE_IN_MEMORY } from "./db/in-memory";

/**
 * Environment of the API service, validated once at start so a typo stops the process with the
 * variable's name instead of surfacing later as a confusing runtime failure.
 */

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().trim().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const port = z.coerce.number().int().min(0).max(65535);
const perMinute = z.coerce.number().int().min(1).max(1_000_000);

export const ConfigSchema = z.object({
  PORT: port.default(8000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "expected a postgres:// or postgresql:// URL")
      .optional(),
  ),
  DATA_DIR: z
    .string()
    .trim()
    .min(1)
    .default(".data/pglite")
    // A URL other than memory:// would be taken for a folder named after its scheme ("postgres:").
    .refine((value) => value === PGLITE_IN_MEMORY || !/^[a-z][a-z0-9+.-]*:\/\//i.test(value), {
      message: `expected a folder for PGlite's data, or ${PGLITE_IN_MEMORY} to keep it in memory (a PostgreSQL server is DATABASE_URL)`,
    }),
  SITE_DATA: z
    .string()
    .trim()
    .min(1)
    .default("data/salon/business.json")
    .transform((value) =>
      value
        .split(",")
        .map((file) => file.trim())
        .filter((file) => file.length > 0),
    )
    .pipe(z.array(z.string()).min(1, "expected at least one business data file")),
  PUBLIC_DIR: z.string().trim().min(1).default("public"),
  /** Published sites: <SITES_DIR>/<business>/versions/<n>/ and the `live` link (docs/publishing.md). */
  SITES_DIR: z.string().trim().min(1).default(".data/sites"),
  /**
   * Previews are served on `<token>.<PREVIEW_DOMAIN>` (docs/publishing.md "Preview"). Browsers resolve every
   * `*.localhost` name to loopback, so the default needs no DNS on a developer machine; in production point a
   * wildcard DNS name and certificate at the service.
   */
  PREVIEW_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, "expected a host name like preview.example.com")
    .default("preview.localhost"),
  /** Whether the service's process runs a build worker (`npm run build-worker` runs more). */
  PUBLISH_WORKER: z
    .enum(["on", "off"], { message: "expected on or off" })
    .default("on"),
  /** The site build a worker runs for a job: a program and its arguments, separated by spaces. */
  PUBLISH_BUILD_COMMAND: z
    .string()
    .trim()
    .default("node server/scripts/build-version.mjs")
    .transform((value) => value.split(/\s+/).filter((part) => part.length > 0))
    .pipe(z.array(z.string()).min(1, "expected a program to run, like node server/scripts/build-version.mjs")),
  /** How long a worker's claim on a job lasts without renewal; a job whose worker died is built again after it. */
  PUBLISH_LEASE_SECONDS: z.coerce.number({ message: "expected seconds as a whole number" }).int("expected seconds as a whole number").min(5, "expected at least 5 seconds").max(3600, "expected at most 3600 seconds").default(60),
  /** A build running longer is stopped and its job fails (the live site stays as it was). */
  PUBLISH_BUILD_TIMEOUT_SECONDS: z.coerce.number({ message: "expected seconds as a whole number" }).int("expected seconds as a whole number").min(10, "expected at least 10 seconds").max(7200, "expected at most 7200 seconds").default(900),
  /** The merchant workspace's build (apps/manage, `npm run build:manage`), served at /manage/. */
  MANAGE_APP_DIR: z.string().trim().min(1).default("apps/manage/build"),
  API_BASE: z
    .string()
    .trim()
    .default("/api/")
    .transform((value) => `/${value.replace(/^\/+|\/+$/g, "")}/`.replace(/^\/\/$/, "/"))
    .refine((value) => value !== "/", "expected a path prefix such as /api/, got the site root"),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).default("Mainstreet <no-reply@localhost>"),
  SEARCH_API_KEY: optionalString,
  BOT_CHECK: z.enum(["off", "recaptcha-enterprise"]).default("off"),
  RECAPTCHA_ASSESSMENT_URL: optionalUrl,
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_API_KEY: optionalString,
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((origin) => origin.trim().replace(/\/+$/, ""))
        .filter((origin) => origin.length > 0),
    )
    .pipe(z.array(z.url({ message: "expected a list of origins like https://example.com" }))),
  PAYMENT_PROVIDER: z.enum(["test"]).default("test"),
  GEOCODER_URL: optionalUrl,
  RATE_LIMIT_FORMS_PER_MINUTE: perMinute.default(20),
  RATE_LIMIT_ORDERS_PER_MINUTE: perMinute.default(30),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ message: "expected milliseconds as a whole number" })
    .int("expected milliseconds as a whole number")
    .min(0, "expected at least 0 milliseconds")
    .max(120_000, "expected at most 120000 milliseconds")
    .default(10_000),
  CHECKOUT_TIMEOUT_MS: z.coerce
    .number({ message: "expected milliseconds as a whole number" })
    .int("expected milliseconds as a whole number")
    .min(1_000, "expected at least 1000 milliseconds")
    .max(7 * 24 * 60 * 60 * 1000, "expected at most 604800000 milliseconds (7 days)")
    .default(15 * 60 * 1000),
  SESSION_IDLE_MINUTES: z.coerce
    .number({ message: "expected minutes as a whole number" })
    .int("expected minutes as a whole number")
    .min(5, "expected at least 5 minutes")
    .max(7 * 24 * 60, "expected at most 10080 minutes (7 days)")
    .default(12 * 60),
  SESSION_MAX_DAYS: z.coerce
    .number({ message: "expected days as a whole number" })
    .int("expected days as a whole number")
    .min(1, "expected at least 1 day")
    .max(90, "expected at most 90 days")
    .default(7),
  RATE_LIMIT_LOGIN_PER_MINUTE: perMinute.default(10),
  LOGIN_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).max(1000).default(10),
  WORKSPACE_URL: optionalUrl,
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  /**
   * Tests only: the service's clock starts at this instant and runs on from there, so a browser test can
   * pin the site's clock and the service's to the same moment (a closed kitchen at any real time of day).
   */
  TEST_CLOCK_START: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/, "expected an ISO 8601 time with its offset like 2026-11-30T12:00:00-05:00")
      .optional(),
  ),
  NODE_ENV: optionalString,
});

export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads the service configuration from an environment object (process.env in main.ts). */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(env);
  if (result.success) {
    const config = result.data;
    if (config.TEST_CLOCK_START && config.NODE_ENV === "production") {
      throw new ConfigError([`TEST_CLOCK_START: only for tests, refused with NODE_ENV=production, got ${JSON.stringify(env.TEST_CLOCK_START)}`]);
    }
    if (config.BOT_CHECK === "recaptcha-enterprise") {
      const missing = (["RECAPTCHA_ASSESSMENT_URL", "RECAPTCHA_SITE_KEY"] as const).filter((key) => !config[key]);
      if (missing.length > 0) {
        throw new ConfigError(missing.map((key) => `${key}: required when BOT_CHECK=recaptcha-enterprise, got nothing`));
      }
    }
    return config;
  }
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const key = issue.path.join(".") || "(environment)";
      const found = issue.path.length > 0 ? env[String(issue.path[0])] : undefined;
      return `${key}: ${issue.message}${found === undefined ? "" : `, got ${JSON.stringify(found)}`}`;
    }),
  );
}
