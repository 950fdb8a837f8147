/**
 * `npm run merchant:import -- --file <business.json>`
 *
 * Makes a business data file the business's current draft in the database the service uses (the same
 * environment: DATABASE_URL, or PGlite's DATA_DIR with the service stopped): its first revision when the
 * business is new, else a new revision whose summary says what changed. The file is checked exactly as a
 * build checks it (the data contract, its messages, the images next to it): a file that would not build is
 * refused with one line per problem, and nothing is written. docs/publishing.md.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../src/config";
import { DataDirBusyError } from "../src/db/data-dir-lock";
import { openServiceDb } from "../src/site/service-db";
import { SiteDataError, SiteService, dataFileAt, type ImportOutcome } from "../src/site/site.service";

const USAGE = "Usage: npm run merchant:import -- --file <business.json>";

class UsageError extends Error {}

function fileOption(): string {
  let values;
  try {
    ({ values } = parseArgs({ options: { file: { type: "string" }, help: { type: "boolean" } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (!values.file) throw new UsageError(`--file: expected the path of a business data file like data/salon/business.json\n${USAGE}`);
  return values.file;
}

function outcomeLine(file: string, outcome: ImportOutcome, where: string): string {
  switch (outcome.kind) {
    case "created":
      return `Imported ${file}: ${outcome.businessId} is new, its draft is revision 1. Database: ${where}.`;
    case "updated":
      return `Imported ${file}: ${outcome.businessId}'s draft is now revision ${outcome.revision} (${outcome.summary}). Database: ${where}.`;
    default:
      return `${file} is already ${outcome.businessId}'s draft (revision ${outcome.revision}): nothing written. Database: ${where}.`;
  }
}

async function main(): Promise<void> {
  const file = fileOption();
  const config = loadConfig(process.env);
  const dataFile = dataFileAt(file);
  const { db, where } = await openServiceDb(config);
  try {
    const outcome = await new SiteService({ db, clock: () => new Date() }).importFile(dataFile);
    process.stdout.write(`${outcomeLine(file, outcome, where)}\n`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof SiteDataError) {
    process.stderr.write(`${error.problems.join("\n")}\nNothing was written: fix the file and import it again.\n`);
  } else if (error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirBusyError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`merchant:import failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
