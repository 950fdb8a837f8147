/**
 * `npm run merchant:export -- --business <id> [--revision <n>] --out <file> [--with-images]`
 *
 * Writes a business's current draft (or revision n) from the database the service uses as its data file:
 * the exact bytes that revision was saved as, so export → import → export gives the same file and the same
 * build. `--with-images` also writes every image the file names beside it (the business's own files and the
 * photos uploaded in the workspace, which live in the database), so the folder imports whole on another machine.
 * Same environment as the service (DATABASE_URL, or PGlite's DATA_DIR with the service stopped).
 */
import { writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../src/config";
import { DataDirBusyError } from "../src/db/data-dir-lock";
import { ApiError } from "../src/http/errors";
import { openServiceDb } from "../src/site/service-db";
import { SiteService } from "../src/site/site.service";
import { writeAllImages } from "../src/site-images/site-images.service";

const USAGE = "Usage: npm run merchant:export -- --business <business id> [--revision <n>] --out <file> [--with-images]";

class UsageError extends Error {}

function options(): { business: string; revision?: number; out: string; withImages: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      options: { business: { type: "string" }, revision: { type: "string" }, out: { type: "string" }, "with-images": { type: "boolean" }, help: { type: "boolean" } },
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
  return { business: values.business, revision, out: values.out, withImages: values["with-images"] === true };
}

async function main(): Promise<void> {
  const args = options();
  const config = loadConfig(process.env);
  const { db, where } = await openServiceDb(config);
  try {
    const file = await new SiteService({ db, clock: () => new Date() }).exportFile(args.business, args.revision);
    writeFileSync(args.out, file.text);
    const images = args.withImages ? await writeAllImages(db, args.business, file.text, dirname(resolve(args.out))) : 0;
    const withImages = args.withImages ? ` with its ${images} image${images === 1 ? "" : "s"}` : "";
    process.stdout.write(`Wrote ${args.business} revision ${file.revision} to ${args.out}${withImages}. Database: ${where}.\n`);
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
