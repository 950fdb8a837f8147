/**
 * `npm run merchant:add -- --business <id> --email <email> [--role owner|staff] [--reset-password]`
 *
 * Creates a merchant workspace account (by default the business's first owner), or with --reset-password
 * gives an existing account a new password and ends its sessions. The password is read from standard input:
 * on a terminal it is asked twice without echo; otherwise the first line is used (`… < password.txt`,
 * `printf '%s\n' "$PASSWORD" | …`), so it never appears in the command line or the shell history.
 *
 * It uses the database the service uses, from the same environment: DATABASE_URL (PostgreSQL) or PGlite's
 * DATA_DIR, migrated first; and checks the business against SITE_DATA. On PGlite the service must be stopped
 * (one process per data directory; the lock says which process holds it).
 */
import { parseArgs } from "node:util";
import Fastify from "fastify";
import { MerchantRoleSchema, type MerchantRole } from "@mainstreet/rules/api/manage-api";
import { passwordProblem } from "@mainstreet/rules/workspace/passwords";
import { isValidEmail } from "@mainstreet/rules/forms/validation";
import { AccountsService } from "../src/accounts/accounts.service";
import { Catalog, CatalogLoadError } from "../src/catalog/catalog";
import { ConfigError, loadConfig } from "../src/config";
import { DataDirBusyError } from "../src/db/data-dir-lock";
import { ApiError } from "../src/http/errors";
import { outboxOnlyMailer } from "../src/mail/mailer";
import { openServiceDb } from "../src/site/service-db";

const USAGE = "Usage: npm run merchant:add -- --business <business id> --email <email> [--role owner|staff] [--reset-password]\nThe password is read from standard input (asked twice, hidden, on a terminal).";

class UsageError extends Error {}

/** Reads one line from a terminal without echoing it. */
function readHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolveLine, reject) => {
    let value = "";
    // Echo off before the prompt shows: a password typed (or pasted) the moment the prompt appears would
    // otherwise be echoed if this process were descheduled between the two (the tty test caught it under load).
    input.setRawMode(true);
    process.stderr.write(prompt);
    input.resume();
    input.setEncoding("utf8");
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener("data", onData);
      process.stderr.write("\n");
      if (error) reject(error);
      else resolveLine(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done();
        if (char === "\u0003") return done(new UsageError("Cancelled."));
        if (char === "\u0004" && value === "") return done(new UsageError("Cancelled."));
        if (char === "\u007f" || char === "\b") value = [...value].slice(0, -1).join("");
        else if (char >= " ") value += char;
      }
    };
    input.on("data", onData);
  });
}

/** The first line of standard input (a file or a pipe). */
async function readFirstLine(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes("\n")) break;
  }
  return text.split(/\r?\n/)[0];
}

async function readPassword(context: { email: string; businessName: string }): Promise<string> {
  if (!process.stdin.isTTY) {
    const password = await readFirstLine();
    const problem = passwordProblem(password, context);
    if (problem) throw new UsageError(`The password on standard input is refused: ${problem}`);
    return password;
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const password = await readHidden(`Password for ${context.email} at ${context.businessName}: `);
    const problem = passwordProblem(password, context);
    if (problem) {
      process.stderr.write(`${problem}\n`);
      continue;
    }
    if ((await readHidden("The same password again: ")) !== password) {
      process.stderr.write("The two did not match.\n");
      continue;
    }
    return password;
  }
  throw new UsageError("No acceptable password after three tries.");
}

function options(): { business: string; email: string; role: MerchantRole; reset: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      options: { business: { type: "string" }, email: { type: "string" }, role: { type: "string", default: "owner" }, "reset-password": { type: "boolean", default: false }, help: { type: "boolean" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (!values.business) throw new UsageError(`--business: expected the id of a business in SITE_DATA\n${USAGE}`);
  const email = values.email?.trim().toLowerCase() ?? "";
  if (!isValidEmail(email)) throw new UsageError(`--email: expected an email address like name@example.com, got ${JSON.stringify(values.email ?? "")}\n${USAGE}`);
  const role = MerchantRoleSchema.safeParse(values.role);
  if (!role.success) throw new UsageError(`--role: expected owner or staff, got ${JSON.stringify(values.role)}`);
  return { business: values.business, email, role: role.data, reset: values["reset-password"] };
}

async function main(): Promise<void> {
  const args = options();
  const config = loadConfig(process.env);
  const catalog = Catalog.fromFiles(config.SITE_DATA);
  const entry = catalog.get(args.business);
  if (!entry) {
    const known = catalog.list().map((candidate) => candidate.business.id);
    throw new UsageError(`--business: "${args.business}" is not a business in SITE_DATA (${config.SITE_DATA.join(", ")}); expected one of ${known.join(", ")}`);
  }
  const password = await readPassword({ email: args.email, businessName: entry.business.name });
  const { db, where } = await openServiceDb(config);
  try {
    const accounts = new AccountsService({
      db,
      catalog,
      clock: () => new Date(),
      mailer: outboxOnlyMailer,
      mailFrom: config.MAIL_FROM,
      log: Fastify({ logger: false }).log,
      sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
      sessionMaxDays: config.SESSION_MAX_DAYS,
      loginFailuresPerEmail: config.LOGIN_FAILURES_PER_EMAIL,
    });
    if (args.reset) {
      await accounts.resetPassword({ businessId: entry.business.id, email: args.email, password });
      process.stdout.write(`New password set for ${args.email} at ${entry.business.name} (${entry.business.id}); their sessions were ended. Database: ${where}.\n`);
    } else {
      const passwordHash = await accounts.preparePassword(entry.business.id, args.email, password);
      await db.transaction((tx) => accounts.createUser(tx, { businessId: entry.business.id, email: args.email, role: args.role, passwordHash }));
      process.stdout.write(
        `Created ${args.role} ${args.email} at ${entry.business.name} (${entry.business.id}). Database: ${where}.\nSign in at the service's /manage/ page.\n`,
      );
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof CatalogLoadError || error instanceof DataDirBusyError) {
    process.stderr.write(`${error.message}\n`);
  } else if (error instanceof ApiError) {
    const hint = error.statusCode === 409 ? " (add --reset-password to give it a new password)" : "";
    process.stderr.write(`${error.message}${hint}\n`);
  } else {
    process.stderr.write(`merchant:add failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
