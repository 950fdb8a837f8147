import { createHash } from "node:crypto";
import sharp from "sharp";
import { SITE_IMAGE_MAX_SIDE } from "@mainstreet/rules/api/site-images-api";

/**
 * An uploaded photo made fit for the site: read by what its bytes are (never by the content type it was
 * sent with), turned upright by its EXIF orientation, its longest side capped, every piece of metadata
 * (GPS position, camera, owner's name) dropped, and written as WebP. Gatsby's image pipeline makes the
 * responsive sizes from this one file, so the site never serves it larger than a page shows it.
 */

export interface ProcessedImage {
  /** `uploads/<first 16 hex digits of the SHA-256 of bytes>.webp` */
  path: string;
  bytes: Buffer;
  width: number;
  height: number;
  contentType: "image/webp";
}

/** A file that is not a photo the service can use, in the API's voice (`expected …, got …`). */
export class UnusableImageError extends Error {
  constructor(readonly problem: string) {
    super(problem);
    this.name = "UnusableImageError";
  }
}

const EXPECTED = "expected a JPEG, PNG, WebP or AVIF photo";

/** A decompression bomb (a tiny file that unpacks to gigapixels) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 100_000_000;

/** sharp's name of a format (AVIF and HEIC are both "heif": the compression tells them apart). */
function acceptedFormat(format: string | undefined, compression: string | undefined): boolean {
  if (format === "jpeg" || format === "png" || format === "webp") return true;
  return format === "heif" && compression === "av1";
}

function describeFormat(format: string | undefined, compression: string | undefined): string {
  if (format === undefined) return "a file that is not an image";
  if (format === "heif") return compression === "hevc" ? "a HEIC photo (this service cannot decode HEVC)" : `a HEIF image (${compression ?? "unknown compression"})`;
  return `a ${format.toUpperCase()} image`;
}

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new UnusableImageError(`${EXPECTED}, got a file that is not an image`);
  }
  if (!acceptedFormat(metadata.format, metadata.compression)) throw new UnusableImageError(`${EXPECTED}, got ${describeFormat(metadata.format, metadata.compression)}`);
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: SITE_IMAGE_MAX_SIDE, height: SITE_IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const hash = createHash("sha256").update(data).digest("hex").slice(0, 16);
    return { path: `uploads/${hash}.webp`, bytes: data, width: info.width, height: info.height, contentType: "image/webp" };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UnusableImageError(/pixel limit/i.test(reason) ? `${EXPECTED} of at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels, got a larger one` : `${EXPECTED}, got ${describeFormat(metadata.format, metadata.compression)} that could not be decoded`);
  }
}
