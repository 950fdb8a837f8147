/**
 * `npm run merchant:export -- --business <id> [--revision <n>] --out <file>`
 *
 * Writes a business's current draft (or revision n) from the database the service uses as its data file:
 * the exact bytes that revision was saved as, so export → import → export gives the same file and the same
 * build. Same environment as the service (DATABASE_URL, or PGlite's DATA_DIR with the service stopped).
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../src/config";
import { DataDirBusyError } from "../src/db/data-dir-lock";
import { ApiError } from "../src/http/errors";
import { openServiceDb } from "../src/site/service-db";
import { SiteService } from "../src/site/site.service";

const USAGE = "Usage: npm run merchant:export -- --business <business id> [--revision <n>] --out <file>";

class UsageError extends Error {}

function options(): { business: string; revision?: number; out: string } {
  let values;
  try {
    ({ values } = parseArgs({
      options: { business: { type: "string" }, revision: { type: "string" }, out: { type: "string" }, help: { type: "boolean" } },
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
  if (!values.business) throw new UsageError(`--business: expected the id of a business in the database\n${USAGE}`);
  if (!values.out) throw new UsageError(`--out: expected the path of the file to write, like business.json\n${USAGE}`);
  const revision = values.revision === undefined ? undefined : Number(values.revision);
  if (revision !== undefined && !(Number.isInteger(revision) && revision >= 1)) {
    throw new UsageError(`--revision: expected a revision number like 3, got ${JSON.stringify(values.revision)}\n${USAGE}`);
  }
  return { business: values.business, revision, out: values.out };
}

async function main(): Promise<void> {
  const args = options();
  const config = loadConfig(process.env);
  const { db, where } = await openServiceDb(config);
  try {
    const file = await new SiteService({ db, clock: () => new Date() }).exportFile(args.business, args.revision);
    writeFileSync(args.out, file.text);
    process.stdout.write(`Wrote ${args.business} revision ${file.revision} to ${args.out}. Database: ${where}.\n`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirBusyError || error instanceof ApiError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`merchant:export failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
