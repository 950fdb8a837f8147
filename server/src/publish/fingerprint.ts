import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { imageReferences, parseJsonText, validateBusiness } from "@mainstreet/rules/business/load";
import { SITE_UPLOAD_PATH } from "@mainstreet/rules/api/site-images-api";
import type { Queryable } from "../db/db";
import { headOf, revisionOf } from "../site/site.store";
import { storedImageHashes } from "./publish.store";

/**
 * What a site is built from, as one sha256 (docs/publishing.md "Building every site"): the revision's data text,
 * the images it names (the photos uploaded in the workspace and the files of the business's folder, by their
 * content), the recipe the build uses, and the build's code. Two builds with one fingerprint make the same site,
 * so `npm run build:all` skips a business whose live version has the fingerprint its draft would have now.
 */

/** The recipe a build without SITE_RECIPE uses when the data names none (the data contract's default). */
const DEFAULT_RECIPE = "hibiscus";

/**
 * The build's code: what a change to would change a built site. Tests, stories, docs and anything under
 * node_modules are left out, so a new test does not rebuild a thousand sites.
 */
const CODE_TREES = ["plugins", join("packages", "rules", "src")];
const CODE_FILES = [/^gatsby-(config|node|browser|ssr)\.tsx?$/];
const CODE_SINGLES = ["package-lock.json", join("server", "scripts", "build-version.mjs"), join("scripts", "lib.mjs"), join("scripts", "check-data.ts")];
const LEFT_OUT = /(^|\/)(node_modules|__tests__|__mocks__|\.cache|public)(\/|$)|\.(test|spec|stories)\.[cm]?[jt]sx?$|\.md$|(^|\/)\.[^/]+$/;

/** The files of a tree the code hash reads, relative to `root`, sorted. */
function codeFilesUnder(root: string, tree: string): string[] {
  const dir = join(root, tree);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((file) => !LEFT_OUT.test(file));
}

/**
 * One sha256 over the build's code in the checkout at `root`: every file's path and bytes, in path order, so the
 * same checkout gives the same hash on any machine and a change to one source file changes it.
 */
export function codeHash(root: string): string {
  const top = readdirSync(root).filter((name) => CODE_FILES.some((pattern) => pattern.test(name)));
  const singles = CODE_SINGLES.map((file) => file.split(sep).join("/")).filter((file) => existsSync(join(root, file)));
  const files = [...new Set([...CODE_TREES.flatMap((tree) => codeFilesUnder(root, tree)), ...top, ...singles])].sort();
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update("\0").update(readFileSync(join(root, file))).update("\0");
  return hash.digest("hex");
}

const sha256 = (bytes: string | Buffer) => createHash("sha256").update(bytes).digest("hex");

interface FingerprintInput {
  fileText: string;
  /** Each image the data names, with the sha256 of its bytes (null when it is nowhere: the build then fails). */
  images: readonly { path: string; sha256: string | null }[];
  recipe: string;
  code: string;
}

/** The fingerprint of one build's inputs. */
export function fingerprint(input: FingerprintInput): string {
  const images = [...input.images].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).map((image) => [image.path, image.sha256]);
  return sha256(JSON.stringify({ data: sha256(input.fileText), images, recipe: input.recipe, code: input.code }));
}

/** The recipe a build of this data uses: SITE_RECIPE when set, else the data's, else the default. */
function recipeOf(fileText: string, env: Record<string, string | undefined>): string {
  if (env.SITE_RECIPE) return env.SITE_RECIPE;
  const parsed = parseJsonText(fileText, "business.json");
  const validated = parsed.ok ? validateBusiness(parsed.value, "business.json") : parsed;
  return validated.ok ? validated.business.recipe : DEFAULT_RECIPE;
}

/** The image paths a data text names (none when it does not parse: its build fails on the contract). */
function imagePaths(fileText: string): string[] {
  const parsed = parseJsonText(fileText, "business.json");
  const validated = parsed.ok ? validateBusiness(parsed.value, "business.json") : parsed;
  return validated.ok ? [...new Set(imageReferences(validated.business).map((use) => use.file))] : [];
}

/** The fingerprint a build of a business's revision would have now, or null when the revision is not stored. */
export async function fingerprintOf(q: Queryable, businessId: string, revision: number, options: { env: Record<string, string | undefined>; code: string }): Promise<string | null> {
  const stored = await revisionOf(q, businessId, revision);
  const head = await headOf(q, businessId);
  if (!stored || !head) return null;
  const paths = imagePaths(stored.file_text);
  const uploads = await storedImageHashes(q, businessId, paths.filter((path) => SITE_UPLOAD_PATH.test(path)));
  const images = paths.map((path) => {
    if (SITE_UPLOAD_PATH.test(path)) return { path, sha256: uploads.get(path) ?? null };
    const source = head.image_dir ? resolve(head.image_dir, path) : null;
    // Only files inside the business's folder, as the build copies them.
    const inside = source !== null && head.image_dir !== null && source.startsWith(resolve(head.image_dir) + sep) && existsSync(source);
    return { path, sha256: inside ? sha256(readFileSync(source)) : null };
  });
  return fingerprint({ fileText: stored.file_text, images, recipe: recipeOf(stored.file_text, options.env), code: options.code });
}
