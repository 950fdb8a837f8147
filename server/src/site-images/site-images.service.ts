import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import { strToU8, zipSync, type Zippable } from "fflate";
import { imageReferences, parseJsonText, validateBusiness } from "@mainstreet/rules/business/load";
import { ImagePathSchema } from "@mainstreet/rules/business/fields";
import { SITE_UPLOAD_PATH, type SiteImageReply } from "@mainstreet/rules/api/site-images-api";
import type { Db, Queryable } from "../db/db";
import { notFound, unprocessable } from "../http/errors";
import { headOf } from "../site/site.store";
import { processImage, UnusableImageError } from "./image-processing";
import { imageOf, imagePathsOf, imagesAt, insertImage } from "./site-images.store";

/**
 * The site's photos (docs/publishing.md "Photos"): an owner's upload, checked and resized, kept in the
 * database; the images a business's data names, read back for the workspace's thumbnails; and the uploads a
 * build needs, written into its data folder.
 */

/** Who uploads: a signed-in owner. */
export interface Uploader {
  userId: string;
  email: string;
}

/** An image as the workspace reads it: its bytes, its type, and whether its path always means these bytes. */
export interface ImageFile {
  bytes: Buffer;
  contentType: string;
  /** An upload's path is its content hash: the same path is always the same picture. */
  immutable: boolean;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
};

const NO_SITE_DATA = (businessId: string) => `${businessId} has no site data in the database yet: import its data file first (npm run merchant:import)`;

export class SiteImagesService {
  constructor(private readonly deps: { db: Db; clock: () => Date }) {}

  /** `POST manage/site/images/`: the same picture again answers the same path (nothing new is stored). */
  async upload(businessId: string, uploader: Uploader, body: Buffer): Promise<SiteImageReply> {
    if (!(await headOf(this.deps.db, businessId))) throw notFound(NO_SITE_DATA(businessId));
    let image;
    try {
      image = await processImage(body);
    } catch (error) {
      if (error instanceof UnusableImageError) throw unprocessable(`body: ${error.problem}`, [{ path: "body", message: error.problem }]);
      throw error;
    }
    await insertImage(this.deps.db, { businessId, ...image, userId: uploader.userId, email: uploader.email, at: this.deps.clock() });
    return { path: image.path, width: image.width, height: image.height };
  }

  /**
   * `GET manage/site/images/<path>`: an upload of the business, or a file of the folder its data was imported
   * from. Only paths the data could name (relative, an image extension, inside that folder) are read.
   */
  async read(businessId: string, path: string): Promise<ImageFile> {
    const missing = notFound(`${businessId} has no image at ${JSON.stringify(path)}`);
    if (!ImagePathSchema.safeParse(path).success || path.split("/").includes("..")) throw missing;
    if (SITE_UPLOAD_PATH.test(path)) {
      const row = await imageOf(this.deps.db, businessId, path);
      if (!row) throw missing;
      return { bytes: Buffer.from(row.bytes), contentType: row.content_type, immutable: true };
    }
    const head = await headOf(this.deps.db, businessId);
    if (!head?.image_dir) throw missing;
    const root = resolve(head.image_dir);
    const file = resolve(root, path);
    if (relative(root, file).startsWith(`..${sep}`) || !existsSync(file) || !statSync(file).isFile()) throw missing;
    return { bytes: readFileSync(file), contentType: TYPES_BY_EXTENSION[extname(file).toLowerCase()] ?? "application/octet-stream", immutable: false };
  }

  /** The paths of the business's uploads: image paths a revision may name besides the files of its folder. */
  async storedPaths(businessId: string, q: Queryable = this.deps.db): Promise<ReadonlySet<string>> {
    return new Set(await imagePathsOf(q, businessId));
  }
}

/**
 * Writes the uploads a data file names into `dataDir` under their paths, so the build's image check and
 * Gatsby find them next to business.json. A file that does not parse writes nothing: the build's own check
 * then says why. The count written.
 */
export async function writeStoredImages(q: Queryable, businessId: string, fileText: string, dataDir: string): Promise<number> {
  const parsed = parseJsonText(fileText, "business.json");
  const validated = parsed.ok ? validateBusiness(parsed.value, "business.json") : parsed;
  if (!validated.ok) return 0;
  const uploads = [...new Set(imageReferences(validated.business).map((use) => use.file))].filter((file) => SITE_UPLOAD_PATH.test(file));
  if (uploads.length === 0) return 0;
  const rows = await imagesAt(q, businessId, uploads);
  for (const row of rows) {
    const target = join(dataDir, row.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, row.bytes);
  }
  return rows.length;
}

/** One image a data file names, with its bytes. */
export interface NamedImage {
  path: string;
  bytes: Uint8Array;
}

/**
 * Every image a data file names: the business's own files (from the folder it was imported from) and the photos
 * uploaded in the workspace (from the database). With them beside its business.json, a folder is a whole
 * business that `merchant:import` takes on any machine. None for a file that does not parse.
 */
export async function allImages(q: Queryable, businessId: string, fileText: string): Promise<NamedImage[]> {
  const parsed = parseJsonText(fileText, "business.json");
  const validated = parsed.ok ? validateBusiness(parsed.value, "business.json") : parsed;
  if (!validated.ok) return [];
  const files = [...new Set(imageReferences(validated.business).map((use) => use.file))];
  const imageDir = (await headOf(q, businessId))?.image_dir ?? null;
  const images: NamedImage[] = [];
  for (const file of files) {
    if (SITE_UPLOAD_PATH.test(file) || !imageDir) continue;
    const source = resolve(imageDir, file);
    // Only files inside the business's folder: a data path never leads out of it.
    if (!source.startsWith(resolve(imageDir) + sep) || !existsSync(source)) continue;
    images.push({ path: file, bytes: readFileSync(source) });
  }
  const uploads = files.filter((file) => SITE_UPLOAD_PATH.test(file));
  if (uploads.length > 0) for (const row of await imagesAt(q, businessId, uploads)) images.push({ path: row.path, bytes: row.bytes });
  return images;
}

/** Writes every image a data file names (allImages) next to it in `dataDir`; the count written. */
export async function writeAllImages(q: Queryable, businessId: string, fileText: string, dataDir: string): Promise<number> {
  const images = await allImages(q, businessId, fileText);
  for (const image of images) {
    const target = join(dataDir, image.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, image.bytes);
  }
  return images.length;
}

/** Every entry carries one fixed time, so the same data and photos are the same zip, byte for byte. */
const ARCHIVE_TIME = new Date("2000-01-01T00:00:00Z");

/**
 * The data file and every image it names as one zip (`business.json` at its root, each image under its path):
 * what the workspace's "Download with photos" gives an owner. Unzipped, the folder imports anywhere. Photos are
 * stored as they are (WebP and JPEG do not shrink again); the data file is deflated.
 */
export async function dataArchive(q: Queryable, businessId: string, fileText: string): Promise<Uint8Array> {
  const entries: Zippable = { "business.json": [strToU8(fileText), { level: 6 }] };
  for (const image of await allImages(q, businessId, fileText)) entries[image.path] = [image.bytes, { level: 0 }];
  return zipSync(entries, { mtime: ARCHIVE_TIME });
}


