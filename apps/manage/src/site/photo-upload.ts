import { SITE_IMAGE_MAX_BYTES, SITE_IMAGE_TYPES, type SiteImageReply } from "@mainstreet/rules/api/site-images-api";
import { errorMessage, isApiError, type Api } from "../api/client";
import { PHOTO_SENTENCES } from "./menu-sentences";

/**
 * Sends a chosen photo to `POST manage/site/images/`, after the checks the service makes that the browser
 * can make first (its size, and a type the browser names that is not a photo the site takes). Every refusal
 * is a sentence for the owner, thrown as a PhotoRefused.
 */

export class PhotoRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PhotoRefused";
  }
}

const ACCEPTED: readonly string[] = SITE_IMAGE_TYPES;

/** The `accept` of the file input: what the service takes. */
export const PHOTO_ACCEPT = SITE_IMAGE_TYPES.join(",");

/** The refusal the browser can tell before sending, or null. */
function photoProblem(file: Blob): string | null {
  if (file.size > SITE_IMAGE_MAX_BYTES) return PHOTO_SENTENCES.tooLarge;
  // An empty type is a file the browser cannot name: the service reads its bytes and decides.
  if (file.type !== "" && !ACCEPTED.includes(file.type)) return PHOTO_SENTENCES.format;
  return null;
}

/** The URL of an image of the business (an upload or a file of its folder), for a thumbnail. */
export const imageUrl = (api: Api, path: string) => api.url(`manage/site/images/${path.split("/").map(encodeURIComponent).join("/")}`);

export async function uploadPhoto(api: Api, file: Blob): Promise<SiteImageReply> {
  const problem = photoProblem(file);
  if (problem) throw new PhotoRefused(problem);
  try {
    return await api.send<SiteImageReply>("POST", "manage/site/images/", file);
  } catch (error) {
    if (isApiError(error) && error.status === 413) throw new PhotoRefused(PHOTO_SENTENCES.tooLarge);
    if (isApiError(error) && (error.status === 415 || error.status === 422)) throw new PhotoRefused(PHOTO_SENTENCES.format);
    throw new PhotoRefused(errorMessage(error));
  }
}
